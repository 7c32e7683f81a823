import LuaHost
import SheetCore
import SheetScript
import SheetTrace

/// One scenario call, parsed, waiting for the host to carry it out between coroutine resumes.
package enum ScenarioAction {
  case screen(width: Double?, height: Double?, safeTop: Double?, safeBottom: Double?, fps: Double?)
  case behaviour(LuaValue, line: Int)
  /// `content { height = h, scroll = { ... } | false }`: a height and a scroll view change, each
  /// optional.
  case content(height: Double?, scroll: ScrollChange)
  case scrollTo(Double)
  case set([(name: String, value: Double)])
  /// `edge 'trailing'`: the edge the sheet is attached to, replacing the behaviour's.
  case edge(SheetEdge)
  case present
  case dismiss
  case snapTo(String)
  case wait(Double)
  case settle
  case drag(DragGesture)
  case flick(dy: Double, velocity: Double, at: Double?, dx: Double, velocityX: Double?, atX: Double?)
  case touchDown(finger: Int, x: Double?, y: Double?, time: Double?)
  case touchMove(finger: Int, x: Double?, y: Double, time: Double?)
  case touchUp(finger: Int, velocity: Double?, velocityX: Double?, time: Double?)
  case touchCancel(finger: Int)
  case tap(x: Double?, y: Double)
  case tapBackdrop
  /// `back()`.
  case back
  /// `accessibility_action 'name'`.
  case accessibilityAction(AccessibilityAction.Name)
  /// `reduce_motion(true)`.
  case reduceMotion(Bool)
  case keyboard(height: Double, duration: Double)
  case reload(String)
  case expectScriptError(callback: String, line: Int)
}

/// What `content { scroll = ... }` does to the scroll view.
package enum ScrollChange {
  /// No `scroll` field: the scroll view stays as it is.
  case keep
  /// `scroll = { content_height = ..., top = ..., height = ... }`.
  case set(ScrollView)
  /// `scroll = false`: no scroll view.
  case remove
}

extension ScenarioAction {
  /// The range of a touch's screen x or y in a scenario call, points.
  package static let coordinates: ClosedRange<Double> = -100_000...100_000
  /// The range of a drag's travel (`dy`, `dx`), points.
  package static let distances: ClosedRange<Double> = -100_000...100_000
  /// The range of an explicit release velocity (`velocity`, `velocity_x`), points per second.
  package static let velocities: ClosedRange<Double> = -1_000_000...1_000_000
  /// The range of a touch's own timestamp (`time`), seconds on the scenario's clock: the simulated-time
  /// limit's default.
  package static let touchTimes: ClosedRange<Double> = 0...3600
}

/// A refused scenario call: the message the scenario's line raises.
package struct ScenarioRefusal: Error {
  package var message: String
}

extension ScenarioAction {
  /// Parses one call's arguments.
  /// - Parameters:
  ///   - call: The scenario call.
  ///   - arguments: Its arguments, tables by value.
  /// - Returns: The action.
  /// - Throws: `ScenarioRefusal` quoting the bad argument.
  package static func parse(_ call: ScenarioCall, _ arguments: [LuaValue]) throws(ScenarioRefusal)
    -> ScenarioAction
  {
    let args = ScenarioArguments(name: call.rawValue, values: arguments)
    switch call {
    case .screen:
      let t = try args.table(known: ["width", "height", "safe_top", "safe_bottom", "fps"])
      return .screen(
        width: try args.number(t, "width", 1...100_000), height: try args.number(t, "height", 1...100_000),
        safeTop: try args.number(t, "safe_top", 0...10_000),
        safeBottom: try args.number(t, "safe_bottom", 0...10_000),
        fps: try args.number(t, "fps", 1...1000))
    case .behaviour:
      guard let value = arguments.first, value.typeName == "string" || value.typeName == "table" else {
        throw ScenarioRefusal(message: "expected a preset name, a file or a behaviour table")
      }
      let place = arguments.count > 1 ? arguments[1].stringValue ?? "" : ""
      return .behaviour(value, line: SourceLocation(parsing: place)?.line ?? 0)
    case .edge:
      return .edge(try args.edge())
    case .content:
      let t = try args.table(known: ["height", "scroll"])
      let height = try args.number(t, "height", 0...100_000)
      let scroll = try args.scroll(t["scroll"])
      if height == nil, case .keep = scroll {
        throw ScenarioRefusal(
          message: "expected { height = points, scroll = { content_height = points, ... } }")
      }
      return .content(height: height, scroll: scroll)
    case .setContentHeight: return .content(height: try args.positional(0...100_000), scroll: .keep)
    case .scrollTo:
      let t = try args.table(known: ["offset"])
      guard let offset = try args.number(t, "offset", -1_000_000...1_000_000) else {
        throw ScenarioRefusal(message: "expected { offset = points }")
      }
      return .scrollTo(offset)
    case .set:
      let t = try args.table(known: nil)
      var pairs: [(name: String, value: Double)] = []
      for key in t.keys.sorted() {
        guard let number = t[key]?.doubleValue, number.isFinite else {
          throw ScenarioRefusal(
            message: "threshold '\(key)' must be a finite number, got \(args.describe(t[key]))")
        }
        // A threshold the default policy reads must lie in its range (checked here, at the line).
        do throws(ThresholdError) {
          try DefaultPolicy.Threshold.check(key, number)
        } catch {
          throw ScenarioRefusal(message: error.description)
        }
        pairs.append((key, number))
      }
      return .set(pairs)
    case .present: return .present
    case .dismiss: return .dismiss
    case .snapTo:
      guard case .string(let id)? = arguments.first else {
        throw ScenarioRefusal(message: "expected a detent id, got \(args.describe(arguments.first))")
      }
      return .snapTo(id)
    case .wait: return .wait(try args.positional(0...3600))
    case .settle: return .settle
    case .drag:
      let t = try args.table(known: [
        "dy", "duration", "at", "release", "velocity", "dx", "at_x", "velocity_x",
      ])
      // a side sheet's drag may give only dx
      let dx = try args.number(t, "dx", Self.distances)
      guard let dy = try args.number(t, "dy", -100_000...100_000) ?? dx.map({ _ in 0 }) else {
        throw ScenarioRefusal(message: "expected { dy = points, ... } or { dx = points, ... }")
      }
      var release = true
      if let value = t["release"] {
        guard case .boolean(let flag) = value else {
          throw ScenarioRefusal(message: "field 'release' must be true or false, got \(args.describe(value))")
        }
        release = flag
      }
      return .drag(
        DragGesture(
          dy: dy, duration: try args.number(t, "duration", 0...60) ?? 0.25,
          at: try args.number(t, "at", -100_000...100_000),
          release: release, velocity: try args.number(t, "velocity", Self.velocities),
          dx: dx ?? 0, atX: try args.number(t, "at_x", Self.coordinates),
          velocityX: try args.number(t, "velocity_x", Self.velocities)))
    case .flick:
      let t = try args.table(known: ["dy", "velocity", "at", "dx", "velocity_x", "at_x", 1, 2])
      let namedDY = try args.number(t, "dy", -100_000...100_000)
      let namedVelocity = try args.number(t, "velocity", -1_000_000...1_000_000)
      let listDY = try args.number(t, 1, -100_000...100_000)
      let listVelocity = try args.number(t, 2, -1_000_000...1_000_000)
      let dx = try args.number(t, "dx", Self.distances)
      let velocityX = try args.number(t, "velocity_x", Self.velocities)
      // a side sheet's flick may give only dx and velocity_x
      let sideways = dx != nil && velocityX != nil ? 0.0 : nil
      guard let dy = namedDY ?? listDY ?? sideways, let velocity = namedVelocity ?? listVelocity ?? sideways
      else {
        throw ScenarioRefusal(
          message:
            "expected { dy = points, velocity = points per second } or { dx = points, velocity_x = points per second }"
        )
      }
      return .flick(
        dy: dy, velocity: velocity, at: try args.number(t, "at", Self.coordinates), dx: dx ?? 0,
        velocityX: velocityX, atX: try args.number(t, "at_x", Self.coordinates))
    case .touchDown:
      let t = try args.table(known: ["x", "y", "time", "finger"], optional: true)
      return .touchDown(
        finger: try args.finger(t), x: try args.number(t, "x", Self.coordinates),
        y: try args.number(t, "y", Self.coordinates), time: try args.number(t, "time", Self.touchTimes))
    case .touchMove:
      let t = try args.table(known: ["x", "y", "time", "finger"])
      let x = try args.number(t, "x", Self.coordinates)
      guard let y = try args.number(t, "y", Self.coordinates) else {
        throw ScenarioRefusal(message: "expected { y = points, x = points (optional) }")
      }
      return .touchMove(
        finger: try args.finger(t), x: x, y: y, time: try args.number(t, "time", Self.touchTimes))
    case .touchUp:
      let t = try args.table(known: ["velocity", "velocity_x", "time", "finger"], optional: true)
      return .touchUp(
        finger: try args.finger(t), velocity: try args.number(t, "velocity", Self.velocities),
        velocityX: try args.number(t, "velocity_x", Self.velocities),
        time: try args.number(t, "time", Self.touchTimes))
    case .touchCancel:
      let t = try args.table(known: ["finger"], optional: true)
      return .touchCancel(finger: try args.finger(t))
    case .tap:
      let t = try args.table(known: ["x", "y"])
      let x = try args.number(t, "x", Self.coordinates)
      guard let y = try args.number(t, "y", Self.coordinates) else {
        throw ScenarioRefusal(message: "expected { y = points, x = points (optional) }")
      }
      return .tap(x: x, y: y)
    case .tapBackdrop: return .tapBackdrop
    case .back, .accessibilityAction, .reduceMotion: return try parseAccessibility(call, args)
    case .keyboard:
      let t = try args.table(known: ["height", "duration"])
      guard let height = try args.number(t, "height", 0...100_000) else {
        throw ScenarioRefusal(message: "expected { height = points, duration = seconds }")
      }
      let duration = try args.number(t, "duration", 0...SheetLimits.maximumKeyboardDuration)
      return .keyboard(height: height, duration: duration ?? SheetKeyboard.defaultDuration)
    case .resize:
      let t = try args.table(known: ["width", "height", "safe_top", "safe_bottom"])
      return .screen(
        width: try args.number(t, "width", 1...100_000), height: try args.number(t, "height", 1...100_000),
        safeTop: try args.number(t, "safe_top", 0...10_000),
        safeBottom: try args.number(t, "safe_bottom", 0...10_000),
        fps: nil)
    case .expectScriptError:
      guard case .string(let callback)? = arguments.first else {
        throw ScenarioRefusal(message: "expected a callback's name, got \(args.describe(arguments.first))")
      }
      guard ScenarioScriptErrors.callbacks.contains(callback) else {
        let hint = NameSuggestion.nearest(to: callback, in: ScenarioScriptErrors.callbacks).map {
          " (did you mean '\($0)'?)"
        }
        throw ScenarioRefusal(
          message: "unknown callback '\(callback)'"
            + (hint ?? " (one of \(ScenarioScriptErrors.callbacks.joined(separator: ", ")))"))
      }
      let place = arguments.count > 1 ? arguments[1].stringValue ?? "" : ""
      return .expectScriptError(callback: callback, line: SourceLocation(parsing: place)?.line ?? 0)
    case .reload:
      guard case .string(let file)? = arguments.first else {
        throw ScenarioRefusal(message: "expected a behaviour file, got \(args.describe(arguments.first))")
      }
      return .reload(file)
    }
  }
}
