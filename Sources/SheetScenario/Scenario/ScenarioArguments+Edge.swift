import LuaHost
import SheetCore
import SheetScript

extension ScenarioArguments {
  /// The call's one argument as an edge's name (`edge 'trailing'`); a misspelt one gets the nearest.
  /// - Returns: The edge.
  /// - Throws: `ScenarioRefusal` quoting anything else.
  package func edge() throws(ScenarioRefusal) -> SheetEdge {
    let names = SheetEdge.allCases.map(\.rawValue)
    guard case .string(let name)? = values.first, let edge = SheetEdge(rawValue: name) else {
      var hint = " (one of \(names.joined(separator: ", ")))"
      if case .string(let name)? = values.first, let near = NameSuggestion.nearest(to: name, in: names) {
        hint = " (did you mean '\(near)'?)"
      }
      throw ScenarioRefusal(message: "expected an edge, got \(describe(values.first))\(hint)")
    }
    return edge
  }
}
