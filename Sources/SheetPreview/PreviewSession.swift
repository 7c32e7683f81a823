import Dispatch
import SheetCore
import SheetScript
import SheetTrace

/// One page's sheet: a `ScriptedSheet` driven by the page's messages, through the public host API
/// only, as an app's view controller drives one.
///
/// **Clock.** The page's timestamps (milliseconds) are the host clock, one clock for touches and
/// frames. The sheet is stepped in whole frames of `1 / fps` up to each message's time (a display
/// link's frames), and each touch goes in with the pointer's own timestamp, between frames as it
/// happened. While the sheet is still it is not stepped: `ScriptedSheet/advance(to:)` moves its
/// clock along (time spent still is idle), so a long pause costs nothing and records nothing.
///
/// **Threads.** A session is used on its own serial queue (`queue`): the server runs ``handle(_:)``
/// on it from one of Dispatch's threads (never on CivetWeb's small-stack threads; see
/// ``PreviewConnection``), and the behaviour file's watcher reloads on it.
final class PreviewSession {
  let setup: PreviewSetup
  let queue: DispatchQueue
  /// The sheet the page drives.
  private(set) var sheet: ScriptedSheet
  /// The frame rate the sheet is stepped at.
  var fps: Double
  /// The threshold overrides in effect (the set-up's, then the sliders').
  private(set) var overrides: [String: Double]
  /// The behaviour's own values (with the set-up's overrides), which the sliders start from and reset to.
  private(set) var defaults: [String: Double]
  /// The recording in progress, if any.
  var recorder: ScenarioRecorder?
  /// The gestures the recording in progress has kept for its corpus, oldest first.
  var gestures: [GestureRecord] = []
  /// Gestures the recording dropped past ``PreviewLimits/recordingGestures``.
  var droppedGestures = 0
  /// The last recording saved (the replay view's `recording`).
  var lastSaved: String?
  /// The last recording saved, for the compare view.
  var lastRecording: ScenarioRecorder?
  /// Recordings this page has saved, and their bytes (the quota of ``PreviewLimits/savesPerSession``
  /// and ``PreviewLimits/savedBytesPerSession``).
  var saved = (count: 0, bytes: 0)
  /// Frames sent so far.
  var sequence = 0
  /// Whether the layout must be sent with the next reply.
  var layoutChanged = true
  /// The detents last sent with the layout.
  var sentDetents: [ResolvedDetent] = []
  /// Reload events this session's own threshold changes caused (not the file's watcher).
  var ownReloads = 0
  /// Sentences for the page's log that are not sheet events (a recording stopped, a file saved).
  var notes: [String] = []
  /// The latest host time seen, seconds.
  var hostTime = 0.0
  /// The device whose screen the sheet is on (the catalogue's, or the screen the preview started with).
  var device: PreviewDevice
  /// Whether the device is turned to landscape.
  var landscape = false
  /// Times this page wrote its thresholds into the behaviour file (the quota of
  /// ``PreviewLimits/writesPerSession``).
  var writes = 0
  /// Events drained from the sheet and not sent yet, as JSON objects.
  var events: [String] = []
  /// The last decision drained, as `sheet run` prints it, until a release is recorded.
  var lastDecision: String?
  /// Events not sent because the page fell behind (at most ``maximumEvents`` wait).
  var droppedEvents = 0
  /// The most events waiting to be sent.
  static let maximumEvents = 2000
  /// The accessibility actions last asked of the behaviour and what they were asked for
  /// (``offeredActions(_:)``); nil: ask again (a new sheet, a reload).
  var askedActions: AskedActions?

  /// Starts a session: the sheet is made and presented, and the behaviour file (if it is one) is
  /// watched for changes.
  /// - Parameters:
  ///   - setup: The server's set-up.
  ///   - queue: The queue the session is used on (the connection's).
  /// - Throws: `PreviewError` when the behaviour no longer loads.
  init(setup: PreviewSetup, queue: DispatchQueue = DispatchQueue(label: "sheet.preview.session"))
    throws(PreviewError)
  {
    self.setup = setup
    self.queue = queue
    fps = setup.fps
    overrides = setup.overrides
    sheet = try setup.makeSheet()
    defaults = sheet.behaviour.thresholds
    let matched = PreviewDevice.matching(setup.geometry)
    device = matched?.device ?? .custom(setup.geometry)
    landscape = matched?.landscape ?? false
    start()
  }

  deinit {
    sheet.stopWatching()
  }

  /// Presents the sheet and watches its file.
  private func start() {
    sheet.present()
    sheet.watchFile(interval: 0.25, queue: queue)
  }

  /// The length of one frame, seconds.
  var frameInterval: Double { 1 / fps }

  /// Brings the sheet to the host time `t` (milliseconds): still, only its clock moves; moving, whole
  /// frames are stepped up to `t` (at most ``PreviewLimits/framesPerMessage``), each noted by the
  /// recording, and a sheet that comes to rest stops there (the recording's `settle()`).
  func sync(to t: Double) {
    let now = max(hostTime, t / 1000)
    hostTime = now
    let stepped =
      (try? sheet.advance(to: now, frameInterval: frameInterval, maximumFrames: setup.limits.framesPerMessage))
      ?? 0
    recorder?.frames(stepped)
    if stepped > 0, sheet.isStill { recorder?.settled(state: sheet.state, detent: sheet.frame.detent) }
  }

  /// Replaces the sheet with a fresh one (same behaviour, screen, content, thresholds), presented: what a
  /// recording starts from.
  func restart() throws(PreviewError) {
    let geometry = sheet.configuration.geometry
    var next = setup
    next.geometry = geometry
    next.contentHeight = sheet.configuration.contentHeight
    next.scrollView = sheet.scrollView
    let fresh = try next.makeSheet(overrides: overrides)
    sheet.stopWatching()
    sheet = fresh
    askedActions = nil
    layoutChanged = true
    _ = try? sheet.advance(to: hostTime)
    start()
  }

  /// Applies the threshold overrides through the host API's checks; refused ones change nothing.
  func applyOverrides(_ next: [String: Double]) throws(PreviewError) {
    ownReloads += 1
    do throws(BehaviourError) {
      try sheet.setOverrides(next)
    } catch {
      throw PreviewError(error.description)
    }
    overrides = next
    layoutChanged = true
  }

  /// Takes in values the behaviour file now holds (written by the page): the sliders' defaults.
  func adoptDefaults(_ values: [String: Double]) {
    for (name, value) in values { defaults[name] = value }
  }

  /// Takes in a reload the file's watcher made: the sliders' defaults follow the new version, and a
  /// recording stops (a recorded scenario runs one version of the file).
  func noteExternalReload(ok: Bool) {
    guard ok else { return }
    for (name, value) in sheet.behaviour.thresholds where overrides[name] == setup.overrides[name] {
      defaults[name] = value
    }
    defaults = defaults.filter { sheet.behaviour.thresholds[$0.key] != nil }
    layoutChanged = true
    if recorder != nil {
      recorder = nil
      notes.append("recording stopped: the behaviour file changed (a recording runs one version of it)")
    }
  }
}
