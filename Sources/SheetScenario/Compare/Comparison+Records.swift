import Foundation
import SheetScript
import SheetTrace

extension Comparison {
  /// The comparison as CSV: the header `scenario,behaviour,row,index,t,target,reason,state,detent,height,
  /// result,passed,failed`, then per run a `release` row per decision (index, t, target, reason) and an
  /// `outcome` row (state, detent, height, result `ok`/`FAIL`/`error`, expectations passed and failed).
  /// Fields holding a comma, a quote or a line break are quoted.
  /// - Returns: The text, one row a line.
  public func csv() -> String {
    var out = "scenario,behaviour,row,index,t,target,reason,state,detent,height,result,passed,failed\n"
    for run in runs {
      let head = "\(Self.csvField(run.scenario)),\(Self.csvField(run.behaviour))"
      for (k, decision) in run.decisions.enumerated() {
        out += "\(head),release,\(k + 1),\(TraceNumber.format(decision.time, decimals: 6))"
        out += ",\(Self.csvField(decision.target)),\(Self.csvField(decision.reason)),,,,,,\n"
      }
      out += "\(head),outcome,,,,,\(Self.csvField(run.state.rawValue)),\(Self.csvField(run.detent ?? ""))"
      out += ",\(TraceNumber.format(run.height)),\(run.status.rawValue),\(run.passed),\(run.failed)\n"
    }
    return out
  }

  /// The comparison as JSON Lines: one object per run, `{"scenario", "behaviour", "decisions": [{"t",
  /// "target", "reason"}], "decision_count", "state", "detent" (or null), "height", "result", "passed",
  /// "failed", "failures": ["file:line: message"]}`, every number finite.
  /// - Returns: The text, one run a line.
  public func jsonLines() -> String {
    var writer = JSONWriter()
    for run in runs {
      writer.beginObject()
      writer.field("scenario", run.scenario)
      writer.field("behaviour", run.behaviour)
      writer.key("decisions")
      writer.beginArray()
      for decision in run.decisions {
        writer.beginObject()
        writer.key("t")
        writer.number(decision.time, decimals: 6)
        writer.field("target", decision.target)
        writer.field("reason", decision.reason)
        writer.endObject()
      }
      writer.endArray()
      writer.field("decision_count", run.decisionCount)
      writer.field("state", run.state.rawValue)
      writer.field("detent", run.detent)
      writer.key("height")
      writer.number(run.height, decimals: 4)
      writer.field("result", run.status.rawValue)
      writer.field("passed", run.passed)
      writer.field("failed", run.failed)
      writer.key("failures")
      writer.beginArray()
      for failure in run.failures { writer.string(failure) }
      writer.endArray()
      writer.endObject()
      writer.newline()
    }
    return writer.text
  }

  /// A CSV field, quoted (quotes doubled) when it holds a comma, a quote or a line break.
  package static func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
