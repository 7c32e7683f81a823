import SheetCore
import SheetScript

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
  /// The set-up lines: the screen, behaviour, thresholds, content height and scroll view.
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
  ///   - scrollView: The scroll view, if any.
  ///   - limit: The most lines.
  ///   - edge: The edge the sheet is attached to in place of the behaviour's, if any.
  init(
    title: String, geometry: SheetGeometry, fps: Double, behaviour: String, overrides: [String: Double],
    contentHeight: Double?, scrollView: ScrollView?, limit: Int, edge: SheetEdge? = nil
  ) {
    self.fps = fps
    self.limit = limit
    self.overrides = overrides
    var header = [
      "-- scenario: \(LuaLiteral.oneLine(title))",
      "-- Recorded by `sheet preview`: the page's touches with their own timestamps (`time`, seconds on",
      "-- the sheet's clock) and the frames between them (`wait(frames / fps)`); `sheet run` replays it",
      "-- call for call, so every release decides as it did in the page.",
      "screen { width = \(LuaLiteral.number(geometry.width)), height = \(LuaLiteral.number(geometry.height)), "
        + "safe_top = \(LuaLiteral.number(geometry.safeArea.top)), safe_bottom = \(LuaLiteral.number(geometry.safeArea.bottom)), "
        + "fps = \(LuaLiteral.number(fps)) }",
      "behaviour \(LuaLiteral.quoted(behaviour))",
    ]
    if !overrides.isEmpty { header.append("set " + LuaLiteral.table(overrides)) }
    if let edge { header.append("edge \(LuaLiteral.quoted(edge.rawValue))") }
    var content: [String] = []
    if let contentHeight { content.append("height = \(LuaLiteral.number(contentHeight))") }
    if let scrollView { content.append("scroll = \(Self.scrollTable(scrollView))") }
    if !content.isEmpty { header.append("content { \(content.joined(separator: ", ")) }") }
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
      lines.append("wait(\(pendingFrames) / \(LuaLiteral.number(fps)))")
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
      "sheet.state == \(LuaLiteral.quoted(state.rawValue))"
      + (detent.map { " and sheet.detent == \(LuaLiteral.quoted($0))" } ?? "")
    let place = detent.map { "\(state.rawValue) at \($0)" } ?? state.rawValue
    lines.append("expect(\(condition), \(LuaLiteral.quoted("comes to rest \(place)")))")
    expectations += 1
  }

  /// A release decided: a comment with the decision and an expectation of the target it set.
  mutating func released(target: String?, decision: String?) {
    guard !isFull else { return }
    releases += 1
    if let decision { lines.append("-- " + LuaLiteral.oneLine(decision)) }
    let condition = "sheet.target == " + (target.map(LuaLiteral.quoted) ?? "nil")
    lines.append(
      "expect(\(condition), \(LuaLiteral.quoted("release \(releases) goes to \(target ?? "no target")")))")
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
    if pendingFrames > 0 { all.append("wait(\(pendingFrames) / \(LuaLiteral.number(fps)))") }
    return all.joined(separator: "\n") + "\n"
  }

  /// A `content {}` call's `scroll` field: the scroll view's table, or `false` for none.
  static func scrollTable(_ view: ScrollView?) -> String {
    guard let view else { return "false" }
    var fields = [
      "content_height = \(LuaLiteral.number(view.contentHeight))", "top = \(LuaLiteral.number(view.top))",
    ]
    if let height = view.height { fields.append("height = \(LuaLiteral.number(height))") }
    return "{ " + fields.joined(separator: ", ") + " }"
  }

}
