import SheetScript
import SheetTrace

extension ScenarioAction {
  /// The call as a line of a scenario, which ``parse(_:_:)`` reads back to the same call: its numbers
  /// are written to read back to the same `Double`s (`LuaLiteral.number`), a field left at its
  /// default is left out, and a wait of whole frames is written `wait(k / fps)`. `sheet fuzz` writes
  /// the calls it made this way.
  /// - Parameter fps: The frame rate the scenario runs at (for `wait`).
  /// - Returns: The line, or nil for an inline `behaviour { ... }` table, which has no text here.
  package func text(fps: Double) -> String? {
    switch self {
    case .screen(let width, let height, let safeTop, let safeBottom, let newFPS):
      let fields = Self.fields([
        ("width", width), ("height", height), ("safe_top", safeTop), ("safe_bottom", safeBottom),
        ("fps", newFPS),
      ])
      return (newFPS == nil ? "resize " : "screen ") + fields
    case .behaviour(let value, _):
      return value.stringValue.map { "behaviour \(LuaLiteral.quoted($0))" }
    case .content(let height, let change):
      var parts = height.map { ["height = \(LuaLiteral.number($0))"] } ?? []
      switch change {
      case .keep: break
      case .remove: parts.append("scroll = false")
      case .set(let view):
        parts.append(
          "scroll = "
            + Self.fields([
              ("content_height", view.contentHeight), ("top", view.top), ("height", view.height),
            ]))
      }
      return "content { " + parts.joined(separator: ", ") + " }"
    case .scrollTo(let offset): return "scroll_to { offset = \(LuaLiteral.number(offset)) }"
    case .set(let pairs):
      var values: [String: Double] = [:]
      for (name, value) in pairs { values[name] = value }
      return "set " + LuaLiteral.table(values)
    case .edge(let edge): return "edge \(LuaLiteral.quoted(edge.rawValue))"
    case .present: return "present()"
    case .dismiss: return "dismiss()"
    case .snapTo(let id): return "snap_to \(LuaLiteral.quoted(id))"
    case .wait(let seconds): return "wait(\(Self.seconds(seconds, fps: fps)))"
    case .settle: return "settle()"
    case .drag(let g):
      var fields: [(String, String?)] = [("dy", LuaLiteral.number(g.dy))]
      fields += Self.numbers([
        ("dx", g.dx == 0 ? nil : g.dx), ("duration", g.duration == 0.25 ? nil : g.duration),
      ])
      fields += Self.numbers([("at", g.at), ("at_x", g.atX)])
      fields.append(("release", g.release ? nil : "false"))
      fields += Self.numbers([("velocity", g.velocity), ("velocity_x", g.velocityX)])
      return "drag " + Self.table(fields)
    case .flick(let dy, let velocity, let at, let dx, let velocityX, let atX):
      return "flick "
        + Self.fields([
          ("dy", dy), ("velocity", velocity), ("at", at), ("dx", dx == 0 ? nil : dx),
          ("velocity_x", velocityX),
          ("at_x", atX),
        ])
    case .touchDown(let finger, let x, let y, let time):
      return "touch_down " + Self.touch(finger, [("x", x), ("y", y), ("time", time)])
    case .touchMove(let finger, let x, let y, let time):
      return "touch_move " + Self.touch(finger, [("x", x), ("y", y), ("time", time)])
    case .touchUp(let finger, let velocity, let velocityX, let time):
      return "touch_up "
        + Self.touch(finger, [("velocity", velocity), ("velocity_x", velocityX), ("time", time)])
    case .touchCancel(let finger):
      return finger == 1 ? "touch_cancel()" : "touch_cancel { finger = \(finger) }"
    case .tap(let x, let y): return "tap " + Self.fields([("x", x), ("y", y)])
    case .tapBackdrop: return "tap_backdrop()"
    case .back: return "back()"
    case .accessibilityAction(let name): return "accessibility_action \(LuaLiteral.quoted(name.rawValue))"
    case .reduceMotion(let on): return "reduce_motion(\(on))"
    case .keyboard(let height, let duration):
      return "keyboard " + Self.fields([("height", height), ("duration", duration)])
    case .reload(let file): return "reload \(LuaLiteral.quoted(file))"
    case .expectScriptError(let callback, _): return "expect_script_error \(LuaLiteral.quoted(callback))"
    }
  }

  /// A wait's length: `k / fps` for whole frames (what `wait` rounds to anyway), else the seconds.
  private static func seconds(_ seconds: Double, fps: Double) -> String {
    let frames = (seconds * fps).rounded()
    if frames >= 0, frames < 1e9, frames / fps == seconds {
      return "\(LuaLiteral.number(frames)) / \(LuaLiteral.number(fps))"
    }
    return LuaLiteral.number(seconds)
  }

  /// The fields of a touch call: `finger` first when it is not finger 1.
  private static func touch(_ finger: Int, _ values: [(String, Double?)]) -> String {
    let fields = (finger == 1 ? [] : [("finger", "\(finger)")]) + numbers(values)
    return fields.allSatisfy({ $0.1 == nil }) ? "{}" : table(fields)
  }

  /// Named numbers as a table's fields, the absent ones left out.
  private static func fields(_ values: [(String, Double?)]) -> String { table(numbers(values)) }

  /// Named numbers as written fields (nil stays nil).
  private static func numbers(_ values: [(String, Double?)]) -> [(String, String?)] {
    values.map { ($0.0, $0.1.map(LuaLiteral.number)) }
  }

  /// `{ name = value, ... }` of the fields that have a value.
  private static func table(_ fields: [(String, String?)]) -> String {
    let written = fields.compactMap { name, value in value.map { "\(name) = \($0)" } }
    return "{ " + written.joined(separator: ", ") + " }"
  }
}
