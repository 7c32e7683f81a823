import SheetCore
import SheetScenario

/// Writes what happens in the page as a scenario that `sheet run` replays call for call.
///
/// The preview steps its sheet in whole frames of `1 / fps` and hands it each touch with the
/// pointer's own timestamp, so the recording is the same sequence: `wait(k / fps)` for the `k` frames
/// stepped since the last input, `touch_down`/`touch_move`/`touch_up` with `time` (the touch's
/// timestamp on the sheet's clock, which steps nothing), and the other inputs as their scenario calls.
/// When the sheet comes to rest the frames become a `settle()` (which steps exactly those frames) and an
/// `expect` of where it rests; after each release, an `expect` of the decision's target.
struct ScenarioRecorder {
  /// The scenario's lines after its set-up, in order.
  private(set) var lines: [String] = []
  /// Frames stepped since the last line.
  private(set) var pendingFrames = 0
  /// Frames per second (whole).
  let fps: Double
  /// Releases recorded so far (the expectations' numbering).
  private(set) var releases = 0
  /// Expectations written.
  private(set) var expectations = 0
  /// The most lines kept; past it ``isFull`` holds and inputs are refused.
  let limit: Int
  /// The set-up lines: the screen, behaviour, thresholds and content height.
  let header: [String]
  /// The threshold overrides the recording started with.
  let overrides: [String: Double]

  /// Starts a recording.
  /// - Parameters:
  ///   - title: The first line's description.
  ///   - geometry: The screen.
  ///   - fps: Frames per second (whole).
  ///   - behaviour: The behaviour's reference as the scenario names it (a preset, or a path relative
  ///     to the scenario's folder).
  ///   - overrides: The thresholds set from outside the behaviour.
  ///   - contentHeight: The content's height, if any.
  ///   - limit: The most lines.
  init(
    title: String, geometry: SheetGeometry, fps: Double, behaviour: String, overrides: [String: Double],
    contentHeight: Double?, limit: Int
  ) {
    self.fps = fps
    self.limit = limit
    self.overrides = overrides
    var header = [
      "-- scenario: \(Self.oneLine(title))",
      "-- Recorded by `sheet preview`: the page's touches with their own timestamps (`time`, seconds on",
      "-- the sheet's clock) and the frames between them (`wait(frames / fps)`); `sheet run` replays it",
      "-- call for call, so every release decides as it did in the page.",
      "screen { width = \(Self.number(geometry.width)), height = \(Self.number(geometry.height)), "
        + "safe_top = \(Self.number(geometry.safeArea.top)), safe_bottom = \(Self.number(geometry.safeArea.bottom)), "
        + "fps = \(Self.number(fps)) }",
      "behaviour \(Self.quoted(behaviour))",
    ]
    if !overrides.isEmpty { header.append("set " + Self.table(overrides)) }
    if let contentHeight { header.append("content { height = \(Self.number(contentHeight)) }") }
    self.header = header
  }

  /// Whether the recording holds its most lines.
  var isFull: Bool { lines.count >= limit }

  /// Notes frames stepped.
  mutating func frames(_ count: Int) { pendingFrames += count }

  /// Appends an input's call, after a `wait` for the frames stepped since the last line.
  mutating func input(_ call: String) {
    guard !isFull else { return }
    if pendingFrames > 0 {
      lines.append("wait(\(pendingFrames) / \(Self.number(fps)))")
      pendingFrames = 0
    }
    lines.append(call)
  }

  /// The sheet came to rest after the frames noted: `settle()` (which steps exactly those frames) and
  /// an expectation of where it rests.
  mutating func settled(state: SheetState, detent: String?) {
    guard !isFull else { return }
    pendingFrames = 0
    lines.append("settle()")
    let condition =
      "sheet.state == \(Self.quoted(state.rawValue))"
      + (detent.map { " and sheet.detent == \(Self.quoted($0))" } ?? "")
    let place = detent.map { "\(state.rawValue) at \($0)" } ?? state.rawValue
    lines.append("expect(\(condition), \(Self.quoted("comes to rest \(place)")))")
    expectations += 1
  }

  /// A release decided: a comment with the decision and an expectation of the target it set.
  mutating func released(target: String?, decision: String?) {
    guard !isFull else { return }
    releases += 1
    if let decision { lines.append("-- " + Self.oneLine(decision)) }
    let condition = "sheet.target == " + (target.map(Self.quoted) ?? "nil")
    lines.append(
      "expect(\(condition), \(Self.quoted("release \(releases) goes to \(target ?? "no target")")))")
    expectations += 1
  }

  /// The whole scenario.
  var text: String { text(gestureOnly: false) }

  /// The scenario; `gestureOnly` leaves out the behaviour and its thresholds (a comparison runs the same
  /// gesture under another behaviour, which may not declare them).
  func text(gestureOnly: Bool) -> String {
    var all = gestureOnly ? header.filter { !$0.hasPrefix("behaviour ") && !$0.hasPrefix("set ") } : header
    all.append("present()")
    all.append(contentsOf: lines)
    if pendingFrames > 0 { all.append("wait(\(pendingFrames) / \(Self.number(fps)))") }
    return all.joined(separator: "\n") + "\n"
  }

  /// A number as Lua reads it back to the same `Double` (`ScenarioText.number`).
  static func number(_ value: Double) -> String { ScenarioText.number(value) }

  /// A Lua string literal in single quotes (`ScenarioText.quoted`).
  static func quoted(_ text: String) -> String { ScenarioText.quoted(text) }

  /// A Lua table of named numbers, sorted by name (`ScenarioText.table`).
  static func table(_ values: [String: Double]) -> String { ScenarioText.table(values) }

  /// Text on one line (`ScenarioText.oneLine`).
  static func oneLine(_ text: String) -> String { ScenarioText.oneLine(text) }
}
