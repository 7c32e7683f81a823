import SheetCore
import SheetTrace

/// A sheet driven by a Lua behaviour: the one object a host app holds.
///
/// Made from a preset name, a behaviour file or source text (``init(preset:configuration:)``,
/// ``init(file:configuration:)``, ``init(source:name:configuration:)``), it takes touches as an app
/// receives them (``touchDown(finger:x:y:timestamp:)``, ``touchMove(finger:x:y:timestamp:)``,
/// ``touchUp(finger:x:y:timestamp:velocity:velocityX:)``, ``touchCancel(finger:timestamp:)``, ``tap(x:y:)``) and the
/// programmatic requests (``present()``, ``dismiss()``, ``snap(to:)``), is advanced by the host's display
/// link (``advance(to:)``, or ``step(_:)``), which returns the `SheetFrame` to draw, and hands out what
/// happened with ``drainEvents()``: every event once, in order, script errors of every kind among them,
/// each printable (``Event/description``) and as the JSON line `sheet run --format jsonl` writes
/// (``Event/jsonLine``). ``reload()`` swaps in a new version of the behaviour at a safe moment and keeps
/// the last good one when the new one does not load; ``watchFile(interval:queue:)`` does it whenever the
/// file changes, for debug builds.
///
/// **Inputs in any state.** Forward every touch and request whatever the sheet is doing: an input its
/// state cannot take is recorded as an `ignored` (or `queued`) event and changes nothing. Only bad
/// values throw (`SheetError.invalidValue(field:value:)` for a NaN or out-of-range number,
/// `SheetError.unknownDetent(_:)`, `SheetError.noActiveDetent`), and then nothing changes.
///
/// **Clocks.** Touch timestamps and ``advance(to:)`` take seconds on the host's clock, one clock for both
/// (on iOS, `UITouch.timestamp`, `CADisplayLink.timestamp` and `CACurrentMediaTime()` share one). The
/// sheet's own clock (``time``, and every event's ``Event/time``) starts at 0; the first timestamp the
/// sheet is given fixes ``clockOrigin``, the host time of the sheet's time 0.
///
/// **Threads.** A `ScriptedSheet` is not thread-safe and not `Sendable`: it owns a Lua state, which runs
/// the behaviour's code on the calling thread without locks, and a mutable state machine. Use it from
/// one thread or serial queue, in an app the main thread. What it hands out (frames, events, errors, its
/// ``Configuration``) is `Sendable` and may go anywhere.
///
/// ```swift
/// let sheet = try ScriptedSheet(preset: "bottom-sheet-vc")
/// try sheet.present()
/// var now = 0.0
/// while !sheet.isStill {
///   now += 1.0 / 120
///   let frame = try sheet.advance(to: now)  // draw frame.height and frame.backdrop
///   for event in sheet.drainEvents() { print(event) }  // present detent=normal, ...
/// }
/// ```
public final class ScriptedSheet {

  /// The sheet's host: the finger rules, the clock and the checks every caller shares (the scenarios
  /// drive one too). The machine's calls are made and their events read only in
  /// `ScriptedSheet+Machine.swift`.
  var host: SheetHost
  /// The machine the sheet drives, read-only: every change goes through `host`.
  package var machine: SheetMachine {
    @inline(__always) _read { yield host.machine }  // a borrow, not a copy on every read
  }
  /// Events collected and not yet drained, oldest first.
  var pending: [Event] = []
  /// Lines the behaviours' `print` wrote since the last collection.
  package let prints: PrintBuffer
  /// A behaviour handed to the machine that waits for a drag to end before it runs.
  var pendingBehaviour: Behaviour?
  /// The file watcher, while ``watchFile(interval:queue:)`` runs.
  package var watcher: FileWatcher?
  /// The gesture recorder, while ``recordGestures(limit:fps:origin:)`` runs.
  package var gestureRecorder: GestureRecorder?

  /// The behaviour running the sheet (a reloaded one becomes it when it takes over: at once, or when
  /// the drag in progress ends).
  public internal(set) var behaviour: Behaviour
  /// The source of the latest behaviour that loaded (the running one, or the one waiting for a drag to
  /// end): what ``reload()`` loads again.
  public internal(set) var source: BehaviourSource
  /// The screen, content height and threshold overrides; ``resize(_:)`` and ``setContentHeight(_:)``
  /// keep it up to date.
  public internal(set) var configuration: Configuration
  /// The host time of the sheet's time 0: set by the first timestamp the sheet is given (a touch's or
  /// ``advance(to:)``'s); nil before.
  public var clockOrigin: Double? { host.clockOrigin }
  /// The fingers that are down, in the order they went down (where each last was, on the sheet's
  /// clock).
  public var touches: [SheetHost.Touch] { host.touches }
  /// The finger the sheet's pan follows; nil when none does.
  public var panFinger: Int? { host.panFinger }
  /// Events not drained because ``maximumPendingEvents`` were waiting (a host that never drains).
  public internal(set) var droppedEventCount = 0

  /// The most events kept for ``drainEvents()``; later ones are counted in ``droppedEventCount`` and
  /// dropped, so a host that never drains does not grow without bound.
  public static let maximumPendingEvents = 10_000

  /// A sheet running an embedded preset.
  /// - Parameters:
  ///   - name: The preset's name, for example `bottom-sheet-vc` (see ``Presets/catalogue``).
  ///   - configuration: The screen, content height and threshold overrides.
  /// - Throws: ``BehaviourError/notFound(reference:searched:nearest:)`` for an unknown name; for overrides,
  ///   ``BehaviourError/invalidThreshold(file:error:)`` or ``BehaviourError/unknownThreshold(file:name:suggestion:declared:)``.
  public convenience init(preset name: String, configuration: Configuration = .standard)
    throws(BehaviourError)
  {
    guard let source = Presets.source(named: name) else {
      throw .notFound(reference: name, searched: [])
    }
    try self.init(loading: source, configuration: configuration)
  }

  /// A sheet running a behaviour file.
  /// - Parameters:
  ///   - path: The `.lua` file (relative to the working directory unless absolute); its folder is where
  ///     its `require`s look.
  ///   - configuration: The screen, content height and threshold overrides.
  /// - Throws: ``BehaviourError``: a file not found or unreadable, or a behaviour that does not load,
  ///   naming the file, line, field and value.
  public convenience init(file path: String, configuration: Configuration = .standard)
    throws(BehaviourError)
  {
    try self.init(loading: try Self.fileSource(path), configuration: configuration)
  }

  /// A sheet running a behaviour given as text.
  /// - Parameters:
  ///   - text: The Lua source, a chunk returning the behaviour's table.
  ///   - name: The name its messages use (default `behaviour.lua`).
  ///   - configuration: The screen, content height and threshold overrides.
  /// - Throws: ``BehaviourError`` naming the line, field and value.
  public convenience init(
    source text: String, name: String = "behaviour.lua", configuration: Configuration = .standard
  ) throws(BehaviourError) {
    try self.init(loading: BehaviourSource(name: name, text: text), configuration: configuration)
  }

  private init(loading source: BehaviourSource, configuration: Configuration) throws(BehaviourError) {
    let prints = PrintBuffer()
    let behaviour = try Self.load(source, configuration: configuration, prints: prints)
    self.prints = prints
    self.behaviour = behaviour
    self.source = source
    self.configuration = configuration
    do {
      host = try SheetHost(
        policy: behaviour, geometry: configuration.geometry, contentHeight: configuration.contentHeight)
    } catch {
      // Unreachable: a Configuration holds only a screen and content height the machine accepts.
      preconditionFailure("ScriptedSheet.Configuration holds a value SheetMachine refuses: \(error)")
    }
    collectCreation()
  }

  /// The sheet now: what the last ``advance(to:)`` or ``step(_:)`` returned, with the inputs made
  /// since then applied.
  public var frame: SheetFrame { machine.frame }
  /// The state.
  public var state: SheetState { machine.state }
  /// The active detents, ascending by height.
  public var detents: [ResolvedDetent] { machine.detents }
  /// The running behaviour's configuration (edge, corner radius, grabber, gesture area...).
  public var sheetConfiguration: SheetConfiguration { machine.configuration }
  /// The sheet's time in seconds: 0 when made, advanced by ``advance(to:)`` and ``step(_:)``.
  public var time: Double { machine.time }
  /// How many times the user tried to dismiss a sheet that may not be dismissed (a release below its
  /// lowest detent, a backdrop tap the behaviour does nothing with), counted when the behaviour defines
  /// `on_dismiss_attempt`; each is also a `dismiss_attempt` event in ``drainEvents()``.
  public var dismissAttempts: Int { machine.dismissAttempts }

  /// Whether the sheet is still: at rest, hidden or dismissed, with no finger down. A host may pause its
  /// display link while it is (and resume it on the next input).
  public var isStill: Bool { host.isStill }

  /// Every event since the last drain, oldest first, each exactly once; the list is then empty.
  ///
  /// The machine's events (gestures, decisions, state changes, animations, ignored and queued inputs,
  /// `script_error` for a failed behaviour callback), the behaviour's detent-function script errors (also
  /// `script_error`), every ``reload()`` (`reload ok=...`) and each line the behaviour's `print` wrote
  /// (`print text=...`). Call it once a frame, after ``advance(to:)``.
  /// - Returns: The events.
  public func drainEvents() -> [Event] {
    if pending.isEmpty { return [] }
    let events = pending
    pending = []
    return events
  }

}
