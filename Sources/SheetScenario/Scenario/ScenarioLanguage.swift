import LuaHost
import SheetScript

/// The scenario language, installed in a scenario's Lua state: a host function per ``ScenarioCall``
/// (each parses its call, leaves it for the session and yields, so the host carries it out between
/// resumes), `expect`, the read-only `sheet` view over its backing table, and the prelude, which wraps
/// them into the globals a scenario sees. The host functions reach the running session through
/// ``link``, not the session itself, so a state restored from a snapshot (``WarmStates``) serves the run
/// that restored it.
package struct ScenarioLanguage {
  /// The link the host functions reach the running session through.
  package let link: ScenarioLink
  /// The `sheet` view's backing table, as the calls last wrote it (``ScenarioSheetView``).
  package let sheetData: LuaTable
  /// The number fields' batch of ``sheetData`` (``ScenarioSheetView/numbers(of:)``), made with it.
  package let sheetNumbers: LuaFieldBatch
  /// The globals the prelude gave the scenario, sorted (the calls, their aliases, `expect`,
  /// `expect_near` and `sheet`).
  package let globalNames: [String]

  /// Installs the language in a state: the `sheet` view's backing table and its batch, then the host
  /// functions and the prelude's globals.
  /// - Parameter state: The scenario's state, sandboxed and empty.
  /// - Throws: `LuaError` when the state cannot take it (memory).
  package init(in state: LuaState) throws(LuaError) {
    sheetData = try state.newTable()
    sheetNumbers = try ScenarioSheetView.numbers(of: sheetData)
    link = ScenarioLink()
    globalNames = try Self.install(in: state, link: link, sheetData: sheetData)
  }

  /// Registers the host functions and the prelude's globals: a function per ``ScenarioCall``, and
  /// `calls`, the list the prelude wraps (each call's name, wrapper and aliases, in order).
  /// - Returns: The names of the globals the prelude gave, sorted.
  private static func install(in state: LuaState, link: ScenarioLink, sheetData: LuaTable) throws(LuaError)
    -> [String]
  {
    let host = try state.newTable()
    for call in ScenarioCall.allCases {
      let function = try state.yieldingFunction { arguments in
        do throws(ScenarioRefusal) {
          link.session?.pending = .success(try ScenarioAction.parse(call, arguments))
        } catch {
          link.session?.pending = .failure(error)
        }
        return []
      }
      try host.set(field: call.rawValue, .function(function))
    }
    try host.set(field: "calls", Self.calls)
    let expect = try state.function { arguments in
      link.session?.expectation(arguments)
      return []
    }
    try host.set(field: "expect", .function(expect))
    host.set(
      "sheet",
      try sheetData.readOnlyView(
        fields: [
          "state", "detent", "height", "backdrop", "velocity", "time", "target", "edge", "thresholds",
          "keyboard", "scroll", "behind",
        ],
        name: "sheet"))
    let prelude = try state.load(ScenarioPrelude.source, name: ScenarioPrelude.chunkName)
    guard case .tableRef(let api) = try prelude.callOne(host) else { return [] }
    guard case .table(_, let globals) = try api.value() else { return [] }
    let names = globals.keys.sorted()
    for key in names {
      if let value = try? api.get(key, byReference: true) { try state.setGlobal(key, value) }
    }
    return names
  }

  /// The prelude's `host.calls`: `{ name =, wrapper =, aliases = }` per scenario call, in order.
  package static var calls: LuaValue {
    .array(
      ScenarioCall.allCases.map { call in
        var entry: [String: LuaValue] = [
          "name": .string(call.rawValue), "wrapper": .string(call.wrapper.rawValue),
        ]
        if !call.aliases.isEmpty { entry["aliases"] = .array(call.aliases.map { .string($0) }) }
        return .dictionary(entry)
      })
  }
}
