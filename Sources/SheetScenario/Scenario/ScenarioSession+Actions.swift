import LuaHost
import SheetCore
import SheetScript
import SheetTrace

extension ScenarioSession {
  /// Carries out one scenario call on the sheet.
  /// - Parameter action: The parsed call.
  /// - Throws: `ScenarioRefusal` with the message the scenario's line raises.
  package func execute(_ action: ScenarioAction) throws(ScenarioRefusal) {
    switch action {
    case .screen, .content:
      _ = screen.take(action)
      guard hasSheet else { return }
      let screen = screen
      let fpsFixed = options.fps != nil
      try withDriver { d throws(SheetError) in try screen.apply(action, to: &d, fpsFixed: fpsFixed) }
    case .behaviour(let value, let line):
      behaviour.value = value
      behaviour.line = line
      if hasSheet { try swapBehaviour() }
    case .set(let pairs):
      do throws(LuaError) {
        try behaviour.set(pairs, in: state)
      } catch {
        throw ScenarioRefusal(message: error.description)
      }
      if hasSheet { try swapBehaviour() }
    case .edge(let edge):
      behaviour.edge = edge
      if hasSheet { try swapBehaviour() }
    case .reload(let reference):
      _ = reload(reference)
    case .settle:
      var settled = true
      try withDriver { d throws(SheetError) in settled = try d.settle(limit: 60) }
      // A scenario-wide limit that stopped the driver is reported by the run loop instead.
      if !settled && driver?.limitReached == nil {
        let finger =
          driver?.host.touches.isEmpty == false
          ? " (a finger is down: touch_up or touch_cancel lifts it)" : ""
        throw ScenarioRefusal(message: "the sheet did not come to rest within 60 s\(finger)")
      }
    case .expectScriptError(let callback, let line):
      if !declaredScriptErrors.contains(where: { $0.callback == callback }) {
        declaredScriptErrors.append((callback, line))
      }
    default:
      try withDriver { d throws(SheetError) in try Self.drive(action, on: &d) }
    }
  }

  /// Carries out a call that moves the sheet or time. No call is refused for the sheet's state: what
  /// the state cannot take is recorded as an `ignored` (or `queued`) event and the scenario goes on.
  package static func drive(_ action: ScenarioAction, on d: inout SheetDriver) throws(SheetError) {
    switch action {
    case .present: try d.apply { h in h.present() }
    case .dismiss: try d.apply { m in m.dismiss() }
    case .snapTo(let id): try d.apply { m throws(SheetError) in try m.snap(to: id) }
    case .tap(let x, let y): try d.apply { m throws(SheetError) in try m.tap(x: x, y: y) }
    case .tapBackdrop:
      let point = d.backdropPoint
      try d.apply { m throws(SheetError) in try m.tap(x: point.x, y: point.y) }
    case .back: try d.apply { h in h.back() }
    case .accessibilityAction(let name): try d.apply { h in h.performAccessibilityAction(name) }
    case .reduceMotion(let on): try d.apply { h in h.setReduceMotion(on) }
    case .wait(let seconds): try d.wait(seconds)
    case .drag(let gesture): try d.drag(gesture)
    case .flick(let dy, let velocity, let at, let dx, let velocityX, let atX):
      try d.flick(dy: dy, velocity: velocity, at: at, dx: dx, velocityX: velocityX, atX: atX)
    case .touchDown(let finger, let x, let y, let time):
      let grab = d.grabPoint
      try d.touchDown(finger: finger, x: x ?? grab.x, y: y ?? grab.y, time: time)
    case .touchMove(let finger, let x, let y, let time):
      try d.touchMove(finger: finger, x: x, y: y, time: time)
    case .touchUp(let finger, let velocity, let velocityX, let time):
      try d.touchUp(finger: finger, velocity: velocity, velocityX: velocityX, time: time)
    case .touchCancel(let finger): d.touchCancel(finger: finger)
    case .scrollTo(let offset): try d.apply { m throws(SheetError) in try m.scroll(to: offset) }
    case .keyboard(let height, let duration):
      try d.apply { m throws(SheetError) in try m.setKeyboard(height: height, duration: duration) }
    default: break
    }
  }
}
