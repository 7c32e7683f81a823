import Foundation
import SheetCore
import SheetTestSupport
import Testing

@testable import SheetScenario
@testable import SheetScript
@testable import SheetTrace

/// No trace, table, CSV, JSON Lines or SVG plot holds NaN, infinity or a `null` number, for
/// the shipped scenarios, for runs with faults, and (the writers' last line) for a trace built by hand.
@Suite struct FiniteOutputTests {
  /// The package's root folder, from this file's path.

  /// Problems with a trace's renderings: every number finite, `null` only for a detent or a target (no
  /// transition running).
  static func problems(_ trace: Trace) -> [String] {
    var found: [String] = []
    for (index, line) in trace.jsonLines().split(separator: "\n").enumerated() {
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
        found.append("jsonl line \(index + 1) is not JSON: \(line)")
        continue
      }
      for (key, value) in object {
        if value is NSNull, key != "detent", key != "target" {
          found.append("jsonl line \(index + 1): \(key) is null")
        }
        if let number = value as? NSNumber, !(value is Bool), !number.doubleValue.isFinite {
          found.append("jsonl line \(index + 1): \(key) is \(number)")
        }
      }
      for key in ["t", "height", "backdrop", "dh_dt", "index"] where object["kind"] as? String == "frame" {
        if !(object[key] is NSNumber) { found.append("jsonl line \(index + 1): \(key) is not a number") }
      }
    }
    let columns = 8 + (trace.hasKeyboard ? 1 : 0) + (trace.hasScroll ? 1 : 0) + (trace.hasBehind ? 4 : 0)
    for (index, row) in trace.csv().split(separator: "\n").dropFirst().enumerated() {
      let cells = row.split(separator: ",", omittingEmptySubsequences: false)
      // eight columns (the last the detent index), then the keyboard's height once a keyboard was shown, the scroll offset (empty
      // on a frame without a scroll view) when one existed and the view behind's four numbers (empty on a
      // frame without one) when a frame had it, in that order
      let keyboardColumn = trace.hasKeyboard ? [8] : []
      let scrollIndex = 8 + keyboardColumn.count
      let offset =
        trace.hasScroll && cells.count == columns && !cells[scrollIndex].isEmpty ? [scrollIndex] : []
      let behindIndex = scrollIndex + (trace.hasScroll ? 1 : 0)
      let behind =
        trace.hasBehind && cells.count == columns && !cells[behindIndex].isEmpty
        ? Array(behindIndex..<behindIndex + 4) : []
      for column in [0, 4, 5, 6, 7] + keyboardColumn + offset + behind
      where !(cells.count == columns && Double(cells[column])?.isFinite == true) {
        found.append("csv row \(index + 1) column \(column): \(row)")
      }
    }
    for row in trace.table().split(separator: "\n").dropFirst(2) where !row.contains("  * ") {
      let words = row.split(separator: " ").filter { $0 != "-" || !trace.hasScroll }
      for word in words.suffix(3) where Double(word)?.isFinite != true {
        found.append("table row: \(row)")
      }
    }
    let svg = TracePlot().svg(trace)
    let attribute = /\s(?:points|x|y|x1|x2|y1|y2)="([^"]*)"/
    for match in svg.matches(of: attribute) {
      for number in match.output.1.split(whereSeparator: { $0 == " " || $0 == "," })
      where Double(number)?.isFinite != true {
        found.append("svg: \(match.output.0)")
      }
    }
    return found
  }

  @Test(
    .disabled(
      if: SanitizedRun.isActive,
      """
      the whole scenario suite with its frames and plots: under AddressSanitizer it runs for more than \
      20 minutes; the plain run checks the same numbers, and the sanitized suites run the same code
      """))
  func theShippedScenariosWriteOnlyFiniteNumbers() throws {
    let folder = packageRoot.appendingPathComponent("Tests/Scenarios").path
    let files = ScenarioRunner.find(in: [folder]).scenarios
    try #require(!files.isEmpty, "the suite's folder holds scenarios")
    for file in files {
      let result = ScenarioRunner.run(file: file)
      #expect(!result.trace.frames.isEmpty, "\(file)")
      let problems = Self.problems(result.trace)
      #expect(problems.isEmpty, "\(file): \(problems.prefix(5))")
    }
  }

  /// A behaviour whose every animation is refused, over a default policy set outside its ranges (past
  /// every check, as only a host could): the last resort moves the sheet.
  struct BrokenPolicy: SheetPolicy {
    var configuration = DefaultPolicy.standardConfiguration
    var defaultPolicy: DefaultPolicy {
      var policy = DefaultPolicy(configuration: configuration)
      policy.springResponse = 0
      policy.rubberBandConstant = .nan
      return policy
    }
    func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
      -> TransitionAnimation
    {
      TransitionAnimation(height: .spring(dampingRatio: 1e-9, response: 0.3))
    }
  }

  @Test func aRunWithFaultsWritesOnlyFiniteNumbers() throws {
    var driver = try SheetDriver(policy: BrokenPolicy(), geometry: PresetTest.reference)
    try driver.presentAndSettle()
    try driver.drag(DragGesture(dy: -600, duration: 0.4))
    #expect(try driver.settle())
    try driver.drag(DragGesture(dy: 300, duration: 0.1, velocity: 3000))
    #expect(try driver.settle())
    let faults = driver.events("script_error").compactMap { $0["message"]?.text }
    #expect(faults.contains { $0.contains("does not come to rest") }, "\(faults)")
    #expect(faults.contains { $0.hasPrefix("the default policy's present animation: height: spring") })
    let problems = Self.problems(driver.trace)
    #expect(problems.isEmpty, "\(problems.prefix(5))")
  }

  @Test func theWritersCutNonFiniteNumbers() {
    let trace = Trace(
      title: "hand.lua",
      entries: [
        .frame(TraceFrame(time: 0, state: .presenting, detent: nil, height: 10, backdrop: 0, velocity: 1)),
        .frame(
          TraceFrame(time: 0.1, state: .presenting, detent: nil, height: .nan, backdrop: 0, velocity: 1)),
        .frame(
          TraceFrame(
            time: 0.2, state: .presenting, detent: nil, height: 20, backdrop: 0, velocity: .infinity)),
        .frame(
          TraceFrame(
            time: 0.25, state: .presenting, detent: nil, height: 25, backdrop: 0, velocity: 1, index: .nan)),
        .event(TraceEvent(time: 0.2, name: "release", fields: [TraceField("velocity", .number(-.infinity))])),
        .frame(TraceFrame(time: 0.3, state: .resting, detent: "a", height: 30, backdrop: 0.3, velocity: 0)),
      ],
      guides: [TraceGuide(id: "a", height: 30, start: 0), TraceGuide(id: "b", height: .nan, start: 0)])
    #expect(Self.problems(trace).isEmpty, "\(Self.problems(trace))")
    #expect(trace.csv().split(separator: "\n").count == 3, "the three non-finite frames are cut")
    #expect(trace.jsonLines().contains(#""velocity":"-inf""#), "a non-finite event value is text")
    #expect(!TracePlot().svg(trace).contains("null"))
  }
}
