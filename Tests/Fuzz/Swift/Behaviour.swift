import SheetCore
import SheetScript

/// Target `behaviour`: the input is a behaviour's source text. It is loaded (the sandbox, the spec's
/// checks, the thresholds) and, when it loads, its callbacks are driven by a short fixed gesture
/// sequence: present, a slow drag down and release, a fast flick up, a tap, a snap to each detent, a
/// keyboard, a rotation, a reload of the same text, a dismissal, with frames stepped between. Each
/// step is bounded by the sheet's own budgets and a frame cap; events are drained after every step.
enum FuzzBehaviour {
  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let sheet = try? ScriptedSheet(source: text, name: "fuzz.lua") else { return }
    var time = 0.0
    func frames(_ seconds: Double) {
      time += seconds
      _ = try? sheet.advance(to: time, frameInterval: 1.0 / 60, maximumFrames: 120)
      _ = sheet.drainEvents()
    }
    func drag(from start: Double, to end: Double, steps: Int, interval: Double) {
      time += 0.01
      _ = try? sheet.touchDown(y: start, timestamp: time)
      for step in 1...steps {
        time += interval
        _ = try? sheet.touchMove(y: start + (end - start) * Double(step) / Double(steps), timestamp: time)
      }
      time += interval
      _ = try? sheet.touchUp(y: end, timestamp: time)
      _ = sheet.drainEvents()
    }
    sheet.present()
    frames(0.4)
    drag(from: 500, to: 700, steps: 8, interval: 0.03)
    frames(0.6)
    drag(from: 700, to: 250, steps: 3, interval: 0.008)
    frames(0.6)
    _ = try? sheet.tap(y: 80)
    frames(0.3)
    for detent in sheet.detents.prefix(4) {
      _ = try? sheet.snap(to: detent.id)
      frames(0.3)
    }
    _ = try? sheet.setKeyboard(height: 300)
    frames(0.3)
    _ = try? sheet.resize(
      SheetGeometry(width: 844, height: 390, safeArea: SheetGeometry.reference.safeArea))
    frames(0.3)
    _ = try? sheet.reload(source: text, name: "fuzz.lua")
    frames(0.2)
    sheet.dismiss()
    frames(0.5)
  }
}
