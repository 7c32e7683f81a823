// A complete host of a scripted sheet, headless: it loads a behaviour, presents the sheet, feeds a
// finger's touches with their own timestamps, advances the sheet from a 120 Hz display link, draws
// each frame's height and backdrop, prints every event once and hot-reloads the behaviour. An app does
// the same from a CADisplayLink and a UIPanGestureRecognizer; here both are simulated. With `--record
// FILE` it also records the drags the sheet follows and writes them to FILE as a gesture corpus.
import Foundation
import SheetCore
import SheetScript

/// What an app's view controller does, on the main thread (the sheet is used from one thread).
@MainActor final class Host {
  let sheet: ScriptedSheet
  let frameInterval = 1.0 / 120
  /// The host's clock (`CACurrentMediaTime()` on iOS), any origin: the sheet's clock starts at 0.
  var now = 5000.0
  var frames = 0

  init() throws {
    sheet = try ScriptedSheet(preset: "bottom-sheet-vc")  // or ScriptedSheet(file:), (source:name:)
  }

  /// The display link fired: advance the sheet to the frame's time, draw it, report what happened.
  func displayLinkFired() throws {
    now += frameInterval
    let frame = try sheet.advance(to: now)
    frames += 1
    report()
    if frames % 12 == 0 { draw(frame) }
  }

  /// Prints what happened since the last report: each event once, as `sheet run` shows it.
  func report() {
    for event in sheet.drainEvents() {
      print("\(Self.seconds(event.time))  * \(event)")  // `decision target=expanded reason="..."`
      if case .sheet(.decision) = event.kind { print("           \(event.jsonLine)") }  // the JSONL form
    }
  }

  /// A renderer puts the sheet's top edge at H - height and the backdrop at that opacity.
  func draw(_ frame: SheetFrame) {
    let state = frame.state.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
    let height = String(format: "%7.2f", frame.height)
    let backdrop = String(format: "%.4f", frame.backdrop)
    print("\(Self.seconds(frame.time))  \(state)height \(height)  backdrop \(backdrop)")
  }

  /// Frames until the sheet is still (an app may then pause its display link).
  func untilStill() throws {
    repeat { try displayLinkFired() } while !sheet.isStill
    draw(sheet.frame)
  }

  /// A finger lands 10 pt inside the sheet's top edge and moves `dy` in `duration`, one touch a frame
  /// (each with its own timestamp, here the time of the frame that draws it), then lifts.
  func drag(by dy: Double, duration: Double) throws {
    let x = 195.0
    let start = sheet.configuration.geometry.height - sheet.frame.height + 10
    try sheet.touchDown(x: x, y: start, timestamp: now)
    let count = Int((duration / frameInterval).rounded())
    for i in 1...count {
      try sheet.touchMove(x: x, y: start + dy * Double(i) / Double(count), timestamp: now + frameInterval)
      try displayLinkFired()
    }
    try sheet.touchUp(x: x, y: start + dy, timestamp: now)  // velocity from the touches' timestamps
  }

  static func seconds(_ t: Double) -> String { String(format: "%7.4f", t) }
}

let host = try Host()
let sheet = host.sheet
let arguments = CommandLine.arguments.dropFirst()
let corpus = arguments.first == "--record" ? arguments.dropFirst().first : nil
if corpus != nil { sheet.recordGestures(limit: 100, fps: 120, origin: "host") }  // bounded, drained below

print("present")
sheet.present()
try host.untilStill()

print("drag up 240 pt in 0.4 s (600 pt/s)")
try host.drag(by: -240, duration: 0.4)
try host.untilStill()

print("snap to normal")
try sheet.snap(to: "normal")
try host.untilStill()

print("hot reload: a broken version is refused, the running one stays")
do {
  try sheet.reload(source: "return { detents = 'tall' }")
} catch {
  print("refused: \(error)")  // a BehaviourError: file:line, field and value
}
host.report()
print("hot reload: dismiss_velocity 1500 -> 1800")
try sheet.reload(
  source: sheet.source.text.replacingOccurrences(
    of: "dismiss_velocity = 1500", with: "dismiss_velocity = 1800"))
host.report()
print("dismiss_velocity is now \(sheet.behaviour.thresholds["dismiss_velocity"] ?? 0)")

print("flick down at 1600 pt/s: 1500 would dismiss, 1800 does not")
try host.drag(by: 80, duration: 0.05)
try host.untilStill()

print("at rest after \(host.frames) frames: \(sheet.state.rawValue) at \(sheet.frame.detent ?? "-")")

if let corpus {  // one JSON line a gesture, for `sheet replay` and `sheet fit`
  let lines = sheet.drainGestures().map { $0.jsonLine() + "\n" }
  try lines.joined().write(toFile: corpus, atomically: true, encoding: .utf8)
  print("recorded \(lines.count) gestures to \(corpus)")
}
