import SheetScenario
import SheetScript
import SheetTrace

/// The starter scenario: three gestures every sheet takes (presented, dragged open slowly, flicked
/// closed), each followed by `settle()` and expectations of where the sheet comes to rest. The gestures
/// are the same for every preset and written relative to the sheet's edge (as `Tests/Scenarios/compare`
/// writes them); the expected places are what the preset does, found by running the same gestures once
/// against it when the project is made (``probe(preset:)``).
extension StarterProject {
  /// Where the sheet rests after one gesture.
  struct Outcome: Equatable {
    var state: String
    var detent: String?
    var height: Double
    /// The reasons of the decisions the gesture's release made.
    var reasons: [String]
  }

  /// The gesture ran, but the preset's sheet did not come to rest where the scenario could read it.
  struct ProbeFailure: Error, CustomStringConvertible {
    var description: String
  }

  /// The moments the scenario checks: a label for its messages and the lines before them.
  static let moments: [(label: String, lines: [String])] = [
    ("presented", ["present()", "settle()"]),
    (
      "a slow drag open",
      [
        "",
        "-- The screen direction that opens the sheet: up (-1) for a bottom sheet, down (+1) for a top sheet.",
        "local open = sheet.edge == 'top' and 1 or -1", "",
        "-- A slow drag open: 200 pt in one second (200 pt/s).", "drag { dy = open * 200, duration = 1 }",
        "settle()",
      ]
    ),
    (
      "a quick flick closed",
      [
        "", "-- A quick flick closed: 120 pt at 2000 pt/s.",
        "flick { dy = -open * 120, velocity = -open * 2000 }", "settle()",
      ]
    ),
  ]

  /// The line the probe writes at each moment: state, detent and height, tab-separated.
  static let probeLine = "print(('%s\\t%s\\t%.2f'):format(sheet.state, tostring(sheet.detent), sheet.height))"

  /// The scenario's text with a behaviour line and, at each moment, `check(index)`'s lines.
  static func scenario(behaviour: String, header: [String], check: (Int) -> [String]) -> String {
    var lines =
      header + [
        "screen { width = 390, height = 844, safe_top = 47, safe_bottom = 34, fps = 120 }",
        "content { height = 500 } -- the content's height, for a detent sized to it",
        "behaviour \(LuaLiteral.quoted(behaviour))", "",
      ]
    for (index, moment) in moments.enumerated() {
      lines += moment.lines + check(index)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Runs the gestures against the preset itself (which the behaviour file equals: it extends the
  /// preset with the preset's own threshold values) and reads where the sheet rests after each.
  /// - Throws: ``ProbeFailure`` naming what went wrong.
  static func probe(preset: String) throws -> [Outcome] {
    let text = scenario(behaviour: preset, header: ["-- scenario: sheet init's probe"]) { _ in [probeLine] }
    let result: ScenarioResult
    do {
      result = try ScenarioSession(file: scenarioFile, options: ScenarioOptions(), text: text).run(text: text)
    } catch {
      throw ProbeFailure(description: "the `\(preset)` preset's gestures did not run: \(error)")
    }
    // The probe expects nothing (so its run "fails" for that); a script error is what stops it.
    if let message = result.scriptError
      ?? (result.scriptErrors > 0 ? result.failures.first?.description : nil)
    {
      throw ProbeFailure(description: "the `\(preset)` preset's gestures did not run: \(message)")
    }
    var outcomes: [Outcome] = []
    var reasons: [String] = []
    for event in result.trace.events {
      if event.name == "decision", case .string(let reason)? = event["reason"] {
        reasons.append(reason)
      } else if event.name == "print", case .string(let line)? = event["text"] {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 3, let height = Double(fields[2]) else {
          throw ProbeFailure(description: "the probe printed '\(line)'")
        }
        outcomes.append(
          Outcome(
            state: fields[0], detent: fields[1] == "nil" ? nil : fields[1], height: height, reasons: reasons))
        reasons = []
      }
    }
    guard outcomes.count == moments.count else {
      throw ProbeFailure(description: "the probe saw \(outcomes.count) of \(moments.count) moments")
    }
    return outcomes
  }

  /// The scenario `sheet init` writes: the gestures, each followed by the preset's decision as a comment
  /// and expectations of the state, detent and height it came to rest at.
  static func scenario(preset: String, outcomes: [Outcome]) -> (text: String, expectations: Int) {
    var count = 0
    let header = [
      "-- scenario: \(scenarioFile): the sheet of \(behaviourFile) presented, dragged open slowly, then",
      "-- flicked closed; each expectation is where the `\(preset)` preset put the sheet when `sheet init`",
      "-- wrote this file. Change a threshold in \(behaviourFile) and `sheet test .` says which of them moved;",
      "-- `sheet run \(scenarioFile)` prints the whole trace, each release's decision among its events.",
    ]
    let text = scenario(behaviour: behaviourFile, header: header) { index in
      let outcome = outcomes[index]
      let label = moments[index].label
      let place = outcome.detent.map { "\(outcome.state) at \($0)" } ?? outcome.state
      let detent = outcome.detent.map(LuaLiteral.quoted) ?? "nil"
      let height = TraceNumber.format(outcome.height, decimals: 2)
      count += 2
      return outcome.reasons.map { "-- \(preset) decided: \(LuaLiteral.oneLine($0))" } + [
        "expect(sheet.state == \(LuaLiteral.quoted(outcome.state)) and sheet.detent == \(detent), "
          + "\(LuaLiteral.quoted("\(label): \(place)")))",
        "expect_near(sheet.height, \(height), 0.01, \(LuaLiteral.quoted("\(label): \(height) pt high")))",
      ]
    }
    return (text, count)
  }
}
