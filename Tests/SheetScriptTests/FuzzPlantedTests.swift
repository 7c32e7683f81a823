import Foundation
import SheetCore
import SheetTestSupport
import Testing

@testable import SheetScenario
@testable import SheetScript

/// `sheet fuzz`'s engine against behaviours with planted bugs (Tests/Fuzz/Planted): each bug is found
/// within a bound of runs, shrunk to a bound of steps, and the written scenario fails the same way
/// when the scenario runner runs it (as `sheet run` does); the same seed gives the same runs and the
/// same shrunk case.
@Suite struct FuzzPlantedTests {
  /// Each planted behaviour, the edge the fuzz attaches it to (`--edge`; nil: its own), the property its
  /// bug breaks, the bounds: found within `runs` runs of each seed 1...3 (measured: by run 82 at the
  /// latest, `back_unknown` with seed 2), shrunk to at most `steps` steps (measured: 2 to 7), and the
  /// written scenario's words that show the bug's cause.
  /// On the right edge a drag or flick must go along x to find `forbidden_dismiss`'s bug.
  static let planted:
    [(
      file: String, edge: SheetEdge?, property: FuzzProperty, runs: Int, steps: Int, shows: String, line: UInt
    )] = [
      ("stuck", nil, .rests, 200, 10, "", #line),
      ("non_monotone", nil, .monotone, 200, 3, "flick", #line),
      ("forbidden_dismiss", nil, .noDismiss, 200, 4, "", #line),
      ("forbidden_dismiss", .trailing, .noDismiss, 200, 4, "velocity_x = ", #line),
      ("backdrop_above_one", nil, .noError, 200, 5, "backdrop returned", #line),
      ("back_unknown", nil, .noError, 200, 4, "\nback()\n", #line),
      ("below_tip", nil, .user("never below tip"), 200, 3, "", #line),
    ]

  /// The target over a planted behaviour (with its properties file, when it has one).
  static func target(_ name: String, edge: SheetEdge? = nil) throws -> (FuzzTarget, FuzzUserProperties?) {
    let path = packageRoot.appendingPathComponent("Tests/Fuzz/Planted/\(name).lua").path
    var target = FuzzTarget(source: try BehaviourSource.resolve(path), reference: path)
    target.edge = edge
    let props = packageRoot.appendingPathComponent("Tests/Fuzz/Planted/\(name).props.lua").path
    guard FileManager.default.fileExists(atPath: props) else { return (target, nil) }
    let file = FuzzPropertiesFile(name: props, text: try String(contentsOfFile: props, encoding: .utf8))
    target.properties = file
    return (target, try FuzzUserProperties(file))
  }

  /// The first failing run of a seed within `runs`.
  static func firstFailure(
    _ target: FuzzTarget, _ properties: FuzzUserProperties?, seed: UInt64, runs: Int, warm: WarmStates
  ) -> (run: Int, case: FuzzCase, failure: FuzzFailure)? {
    for run in 0..<runs {
      let (made, verdict) = FuzzCase.generate(
        target, seed: seed, run: run, warm: warm, properties: properties)
      if case .failed(let failure) = verdict { return (run, made, failure) }
    }
    return nil
  }

  @Test(arguments: 0..<planted.count) func findsShrinksAndWritesThePlantedBug(_ row: Int) throws {
    let (file, edge, property, runs, steps, shows, line) = Self.planted[row]
    let (target, properties) = try Self.target(file, edge: edge)
    let warm = WarmStates()
    for seed: UInt64 in 1...3 {
      let found = try #require(
        Self.firstFailure(target, properties, seed: seed, runs: runs, warm: warm),
        "\(file): no failure within \(runs) runs of seed \(seed) (line \(line))")
      #expect(found.failure.property == property, "\(file) seed \(seed) (line \(line))")
      var shrinker = FuzzShrinker(target: target, warm: warm, properties: properties)
      let (shrunk, failure) = shrinker.shrink(found.case, failing: found.failure)
      #expect(failure.property == property, "line \(line)")
      #expect(shrunk.steps.count <= steps, "\(file) seed \(seed): \(shrunk.steps) (line \(line))")
      #expect(failure.step == shrunk.steps.count - 1, "the failing step is the last (line \(line))")
      // the shrunk case fails again, the same way, on a fresh sheet
      #expect(shrunk.run(target, warm: nil, properties: properties).0 == .failed(failure), "line \(line)")

      let finding = FuzzFinding(
        run: found.run, original: found.case, shrunk: shrunk,
        failure: failure,
        shrinkRuns: shrinker.runs)
      let text = finding.scenario(target, properties: properties, seed: seed, command: "sheet fuzz")
      #expect(shows.isEmpty || text.contains(shows), "\(text) (line \(line))")
      #expect(text.contains("edge '") == (edge != nil), "line \(line)")
      let result = try Self.replay(finding, target: target, properties: properties, seed: seed)
      #expect(finding.replays(result), "\(file) seed \(seed): \(result.failures) (line \(line))")
      if case .noError = property {
        #expect(result.scriptErrors > 0, "line \(line)")
        #expect(result.failures.contains { $0.message.contains(" returned ") }, "line \(line)")
      } else {
        let failed = result.failures.map(\.message)
        #expect(failed.last == "expectation failed: \(property.sentence)", "\(failed) (line \(line))")
      }
    }
  }

  /// Writes a finding's scenario into a fresh folder and runs it as `sheet run` does.
  static func replay(
    _ finding: FuzzFinding, target: FuzzTarget, properties: FuzzUserProperties?, seed: UInt64
  ) throws -> ScenarioResult {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("finding.lua").path
    let text = finding.scenario(target, properties: properties, seed: seed, command: "sheet fuzz")
    #expect(ScenarioRunner.isScenario(text: text))
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    return ScenarioRunner.run(file: file)
  }

  @Test func theSameSeedMakesTheSameRunsAndTheSameShrink() throws {
    let (target, _) = try Self.target("non_monotone")
    let warm = WarmStates()
    let warmRuns = (0..<8).map { FuzzCase.generate(target, seed: 7, run: $0, warm: warm, properties: nil) }
    let coldRuns = (0..<8).map { FuzzCase.generate(target, seed: 7, run: $0, warm: nil, properties: nil) }
    #expect(warmRuns.map(\.0) == coldRuns.map(\.0))
    #expect(warmRuns.map(\.1) == coldRuns.map(\.1))
    // every run is its own: other indices make other cases
    #expect(Set(warmRuns.map(\.0)).count == warmRuns.count)
    let found = try #require(Self.firstFailure(target, nil, seed: 1, runs: 100, warm: WarmStates()))
    var shrinks: [FuzzCase] = []
    for _ in 0..<2 {
      var shrinker = FuzzShrinker(target: target, warm: WarmStates(), properties: nil)
      shrinks.append(shrinker.shrink(found.case, failing: found.failure).0)
    }
    #expect(shrinks[0] == shrinks[1])
  }

  /// Rounder numbers: 0 when asked, one significant digit, two, then the step; never the value itself.
  @Test func rounderNumbers() {
    let rows: [(value: Double, step: Double, zero: Bool, expected: [Double], line: UInt)] = [
      (437.3, 1, false, [400, 440, 437], #line),
      (437.3, 1, true, [0, 400, 440, 437], #line),
      (-2183.7, 1, false, [-2000, -2200, -2184], #line),
      (0.2837, 0.05, false, [0.3], #line),
      (0.61, 0.05, false, [0.6], #line),
      (400, 1, false, [], #line),
      (0, 1, true, [], #line),
    ]
    for row in rows {
      #expect(FuzzStep.rounder(row.value, step: row.step, zero: row.zero) == row.expected, "line \(row.line)")
    }
  }
}
