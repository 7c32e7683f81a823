import SheetScript
import SheetTrace

extension Comparison {
  /// The comparison for people: a block per scenario with a row per behaviour (its end state, detent,
  /// height, expectations and release targets), then, release by release, each behaviour's target and
  /// reason side by side, then the failures; a last line counts the runs.
  /// - Returns: The text, ending with a newline.
  public func table() -> String {
    let nameWidth = max(9, behaviours.map(\.count).max() ?? 0)
    var out = ""
    for (index, scenario) in scenarios.enumerated() {
      let runs = Array(runs(ofScenario: index))
      out += "\(scenario)\n"
      out += summary(runs, nameWidth: nameWidth)
      out += decisions(runs, nameWidth: nameWidth)
      out += failures(runs, nameWidth: nameWidth)
      out += "\n"
    }
    let failed = failedRuns
    let count = runs.count
    out += "\(count == 1 ? "1 run" : "\(count) runs") (\(scenarios.count) x \(behaviours.count)): "
    out += "\(count - failed) ok, \(failed) failed\n"
    return out
  }

  /// `text` padded with spaces to `width` characters (never cut).
  package static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  /// A run's expectations in a few characters: `ok 3`, `FAIL 2/3`, `error`.
  package static func checks(_ run: Run) -> String {
    switch run.status {
    case .ok: "ok \(run.passed)"
    case .failed: "FAIL \(run.passed)/\(run.passed + run.failed)"
    case .error: "error"
    }
  }

  /// The row per behaviour: state, detent, height, checks and the release targets.
  private func summary(_ runs: [Run], nameWidth: Int) -> String {
    let detentWidth = max(6, runs.map { ($0.detent ?? "-").count }.max() ?? 0)
    var out = "  " + Self.pad("behaviour", nameWidth) + "  " + Self.pad("state", 10) + "  "
    out += Self.pad("detent", detentWidth) + "  " + "  height" + "  " + Self.pad("checks", 9) + "  releases\n"
    for run in runs {
      var targets = run.decisions.map(\.target).joined(separator: ", ")
      if run.decisionCount > run.decisions.count { targets += ", ... (\(run.decisionCount) in all)" }
      if run.decisionCount == 0 { targets = "-" }
      var line = "  " + Self.pad(run.behaviour, nameWidth) + "  " + Self.pad(run.state.rawValue, 10) + "  "
      line +=
        Self.pad(run.detent ?? "-", detentWidth) + "  "
        + TraceNumber.column(run.height, decimals: 2, width: 8)
      line += "  " + Self.pad(Self.checks(run), 9) + "  " + Quote.cut(targets, limit: 120)
      out += line + "\n"
    }
    return out
  }

  /// Release by release, each behaviour's target and reason (a behaviour that made fewer releases shows
  /// `-`).
  private func decisions(_ runs: [Run], nameWidth: Int) -> String {
    let releases = runs.map(\.decisions.count).max() ?? 0
    guard releases > 0 else { return "" }
    let targetWidth = max(6, runs.flatMap { $0.decisions.map(\.target.count) }.max() ?? 0)
    var out = ""
    for k in 0..<releases {
      out += "  release \(k + 1)\n"
      for run in runs {
        var line = "    " + Self.pad(run.behaviour, nameWidth) + "  "
        if k < run.decisions.count {
          let decision = run.decisions[k]
          line += Self.pad(decision.target, targetWidth) + "  t "
          line += TraceNumber.column(decision.time, decimals: 3, width: 7) + "  " + decision.reason
        } else {
          line += "-"
        }
        out += line + "\n"
      }
    }
    return out
  }

  /// The failures of the runs that did not end `ok`.
  private func failures(_ runs: [Run], nameWidth: Int) -> String {
    let failing = runs.filter { !$0.failures.isEmpty }
    guard !failing.isEmpty else { return "" }
    var out = "  failures\n"
    for run in failing {
      for failure in run.failures {
        out += "    " + Self.pad(run.behaviour, nameWidth) + "  " + failure + "\n"
      }
      if run.failureCount > run.failures.count {
        out +=
          "    " + Self.pad(run.behaviour, nameWidth)
          + "  ... \(run.failureCount - run.failures.count) more\n"
      }
    }
    return out
  }
}
