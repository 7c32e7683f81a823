import Foundation
import SheetCore
import Testing

@testable import SheetScenario
@testable import SheetScript
@testable import SheetTrace

/// `behind = function(sheet)`: the view behind the sheet from Lua, in every frame and every trace
/// format, and its script errors.
@Suite struct BehindFieldTests {
  /// A page behind scaled from 1 to 0.9 and dimmed to 0.1 as the sheet rises to 700 pt, moved down 20 pt
  /// and rounded to 12; `extra` replaces the returned table's text.
  static func page(returning table: String? = nil) -> String {
    let result = table ?? "{ scale = 1 - 0.1 * p, corner_radius = 12 * p, offset = 20 * p, dim = 0.1 * p }"
    return """
      return {
        detents = { { id = 'open', height = 700 } },
        animations = { present = { curve = 'linear', duration = 0.5 } },
        behind = function(sheet)
          local p = sheet.height / 700
          return \(result)
        end,
      }
      """
  }

  /// A linear present over 0.5 s: frame k is at p = k / 60, and its view behind is the table's.
  @Test func everyFrameAndEveryFormatCarriesIt() throws {
    var driver = try PresetTest.driver(source: Self.page())
    try driver.apply { h in h.present() }
    for k in 1...60 {
      try driver.frame()
      let p = k == 60 ? 1 : Double(k) / 60
      let expected = BehindView(scale: 1 - 0.1 * p, cornerRadius: 12 * p, offset: 20 * p, dim: 0.1 * p)
      let got = try #require(driver.machine.behind)
      #expect(
        PresetTest.close(got.scale, expected.scale, 1e-12) && PresetTest.close(got.dim, expected.dim, 1e-12)
          && PresetTest.close(got.offset, expected.offset, 1e-9)
          && PresetTest.close(got.cornerRadius, expected.cornerRadius, 1e-9), "frame \(k): \(got)")
    }
    #expect(driver.scriptErrors.isEmpty)
    let trace = driver.trace
    let last = try #require(trace.jsonLines().split(separator: "\n").last { $0.contains(#""kind":"frame""#) })
    #expect(last.hasSuffix(#","behind":{"scale":0.9,"corner_radius":12,"offset":20,"dim":0.1}}"#), "\(last)")
    #expect(
      trace.csv().hasPrefix(
        "t,state,detent,target,height,backdrop,dh_dt,index,behind_scale,behind_corner_radius,behind_offset,behind_dim\n"
      ))
    #expect(trace.csv().split(separator: "\n").last?.hasSuffix(",0.9,12,20,0.1") == true)
    let table = trace.table()
    #expect(table.contains("dh/dt     scale  radius  offset     dim\n"))
    #expect(table.contains("700.00    0.3000       0.0    0.9000   12.00   20.00  0.1000\n"), "\(table)")
  }

  /// Without `behind`, frames and traces have none of it.
  @Test func aBehaviourWithoutItLeavesTracesAsTheyWere() throws {
    var driver = try PresetTest.driver(source: "return { detents = { { id = 'open', height = 700 } } }")
    try driver.presentAndSettle()
    #expect(driver.machine.behind == nil && !driver.trace.hasBehind)
    #expect(!driver.trace.jsonLines().contains("behind") && !driver.trace.table().contains("radius"))
  }

  /// Each row: the returned value and the script error it makes (once: the previous view stays), at
  /// the line of `behind` (4).
  static let errorRows: [(returned: String, message: String, line: UInt)] = [
    ("{ scal = 0.9 }", "unknown key 'scal' (did you mean 'scale'?)", #line),
    ("{ scale = 'small' }", "expected scale to be a number, not a string", #line),
    ("3", "behind returned 3; expected a table of scale, corner_radius, offset and dim", #line),
    ("{ 0.9 }", "behind returned a table; expected a table of scale", #line),
    ("{ dim = 2 }", "behind returned dim 2; expected [0, 1] (the previous frame's view behind stays)", #line),
  ]

  @Test(arguments: errorRows.indices) func aBadAnswerIsAScriptErrorOnce(_ i: Int) throws {
    let row = Self.errorRows[i]
    var driver = try PresetTest.driver(source: Self.page(returning: row.returned), name: "page.lua")
    try driver.presentAndSettle()
    let errors = driver.scriptErrors
    #expect(errors.count == 1, "line \(row.line): \(errors)")
    #expect(errors.first?.hasPrefix("behind: page.lua:4: ") == true, "line \(row.line): \(errors)")
    #expect(errors.first?.contains(row.message) == true, "line \(row.line): \(errors)")
    #expect(driver.machine.behind?.problem == nil)
  }

  /// A scenario reads `sheet.behind`, and declares its script errors by the field's name.
  @Test func aScenarioReadsSheetBehind() throws {
    let text = """
      -- scenario
      behaviour {
        detents = { { id = 'open', height = 700 } },
        behind = function(sheet) return { scale = 1 - sheet.height / 7000 } end,
      }
      expect(sheet.behind == nil, 'no view behind before the sheet is made')
      present()
      settle()
      expect_near(sheet.behind.scale, 0.9, 1e-12, 'scale at 700')
      expect(sheet.behind.dim == 0 and sheet.behind.offset == 0 and sheet.behind.corner_radius == 0, 'defaults')
      """
    let result = try ThresholdRangeTests.run(text)
    #expect(result.passed && result.expectationsPassed == 3, "\(result.failures) \(result.scriptError ?? "")")
  }
}
