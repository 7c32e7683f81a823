import Foundation
import Testing

/// A misspelt scenario call gets the nearest known call as a hint, like a misspelt field.
@Suite struct ScenarioTypoTests {
  static let rows: [(call: String, hint: String, line: UInt)] = [
    ("touch_cancl {}", "touch_cancel", #line),
    ("presnt()", "present", #line),
    ("expect_nera(1, 1, 0.1)", "expect_near", #line),
  ]

  @Test(arguments: rows.indices) func anUnknownCallNamesTheNearestOne(_ i: Int) throws {
    let row = Self.rows[i]
    let folder = try TemporaryFolder()
    let file = try folder.write("typo.lua", "-- scenario\npresent()\n\(row.call)\n")
    let run = try SheetBinary.run(["run", file])
    #expect(run.status == 1, "line \(row.line)")
    #expect(
      run.stderr.contains("typo.lua:3: error: attempt to call a nil value"), "line \(row.line): \(run.stderr)"
    )
    #expect(run.stderr.contains("(did you mean '\(row.hint)'?)"), "line \(row.line): \(run.stderr)")
  }
}
