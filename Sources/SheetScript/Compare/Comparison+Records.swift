import Foundation

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
      out += "\(head),outcome,,,,,\(Self.csvField(run.state)),\(Self.csvField(run.detent ?? ""))"
      out += ",\(TraceNumber.format(run.height)),\(run.status.rawValue),\(run.passed),\(run.failed)\n"
    }
    return out
  }

  /// The comparison as JSON Lines: one object per run, `{"scenario", "behaviour", "decisions": [{"t",
  /// "target", "reason"}], "decision_count", "state", "detent" (or null), "height", "result", "passed",
  /// "failed", "failures": ["file:line: message"]}`, every number finite.
  /// - Returns: The text, one run a line.
  public func jsonLines() -> String {
    var out = ""
    for run in runs {
      out +=
        "{\"scenario\":\(Trace.jsonString(run.scenario)),\"behaviour\":\(Trace.jsonString(run.behaviour))"
      out += ",\"decisions\":["
      out += run.decisions.map { decision in
        "{\"t\":\(TraceNumber.format(decision.time, decimals: 6)),\"target\":\(Trace.jsonString(decision.target))"
          + ",\"reason\":\(Trace.jsonString(decision.reason))}"
      }.joined(separator: ",")
      out += "],\"decision_count\":\(run.decisionCount),\"state\":\(Trace.jsonString(run.state))"
      out +=
        ",\"detent\":\(run.detent.map { Trace.jsonString($0) } ?? "null"),\"height\":\(TraceNumber.format(run.height))"
      out +=
        ",\"result\":\(Trace.jsonString(run.status.rawValue)),\"passed\":\(run.passed),\"failed\":\(run.failed)"
      out += ",\"failures\":[\(run.failures.map { Trace.jsonString($0) }.joined(separator: ","))]}\n"
    }
    return out
  }

  /// A CSV field, quoted (quotes doubled) when it holds a comma, a quote or a line break.
  static func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
