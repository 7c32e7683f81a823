import LuaHost
import SheetScript

/// The floor of a scripted frame for `sheet bench` (`package` access: the CLI and the tests use it; it
/// is not part of SheetScript's API): the behaviour's own `on_drag` and `backdrop`, called from a loop
/// in Lua itself, in the behaviour's state, on its views as the last frame wrote them. What a frame
/// costs beyond this and the default policy's step is the host's.
package struct BehaviourCallbackLoop {
  /// The iterations of one Lua call: far within the per-call instruction budget (a `system` frame's two
  /// bodies take a few hundred VM instructions), and enough that the one host call around them is noise.
  package static let iterationsPerCall = 1_000

  private let loop: LuaFunction
  private let arguments: [LuaValue]

  /// The loop's text: a trusted chunk of the host's, run in a fresh sandbox environment of the
  /// behaviour's state (it only calls the two callbacks it is given).
  package static let source = """
    local on_drag, backdrop, sheet, gesture, n = ...
    local sum = 0
    for _ = 1, n do
      sum = sum + on_drag(sheet, gesture)
      local opacity = backdrop(sheet)
      if opacity then sum = sum + opacity end
    end
    return sum
    """

  /// Prepares the loop over a behaviour that defines `on_drag` and `backdrop`.
  /// - Parameter behaviour: The behaviour; its views hold whatever its last callback saw (run a
  ///   dragging frame first, so that they hold a drag's values).
  /// - Throws: `LuaError` when the loop cannot be loaded, `.conversion` when a callback is missing.
  package init(_ behaviour: Behaviour) throws(LuaError) {
    guard let onDrag = behaviour.spec.onDrag, let backdrop = behaviour.spec.backdrop else {
      throw .conversion(value: "the behaviour", expected: "on_drag and backdrop functions", got: "neither")
    }
    loop = try behaviour.state.load(Self.source, name: "bench-callback-loop.lua")
    arguments = [
      .function(onDrag), .function(backdrop), .tableRef(behaviour.views.sheet),
      .tableRef(behaviour.views.gesture), .integer(Self.iterationsPerCall),
    ]
  }

  /// Runs `calls` Lua calls of ``iterationsPerCall`` iterations each.
  /// - Parameter calls: How many calls.
  /// - Returns: The sum of the results (so the work cannot be skipped).
  /// - Throws: `LuaError` from a callback.
  package func run(calls: Int) throws(LuaError) -> Double {
    var sum = 0.0
    for _ in 0..<calls { sum += try loop.call(arguments).first?.doubleValue ?? .nan }
    return sum
  }
}
