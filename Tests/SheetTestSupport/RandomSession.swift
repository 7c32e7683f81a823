@testable import SheetCore

/// One seeded random session of inputs and its per-frame invariant checks: presents,
/// dismisses, snaps, taps, resizes, content changes and pans (some grabbing the sheet mid-animation).
/// After every call it checks the events that call returned, and the machine's own invariants
/// (`SheetMachine._checkInvariants()`, which traps on a violation in debug builds).
///
/// The stream depends only on the seed and on what the machine does, so two policies that behave alike
/// see the same stream; with `recordsTrail` on, every frame and event is kept for comparing them.
public struct RandomSession {
  /// One thing the machine showed: a stepped frame or an event it emitted.
  public enum Record: Equatable, Sendable {
    case frame(SheetFrame)
    case event(SheetEvent)
  }
  var rng: SplitMix64
  public private(set) var machine: SheetMachine
  var lastState = SheetState.hidden
  /// The first invariant that failed, with the time.
  public private(set) var failure: String?
  /// What the stream did.
  public private(set) var coverage = Coverage()
  /// Whether `trail` records every frame and event (off by default: the invariant checks need neither).
  public var recordsTrail = false
  /// Every frame stepped and event emitted, in order, when `recordsTrail` is on.
  public private(set) var trail: [Record] = []

  /// Counts of what a stream did.
  public struct Coverage: CustomStringConvertible, Sendable {
    public var releases = 0
    public var grabs = 0
    public var settles = 0
    /// Keyboards reported with a height above 0, and settles while one was up.
    public var keyboards = 0
    public var settlesOverKeyboard = 0
    public init() {}
    public mutating func add(_ other: Coverage) {
      releases += other.releases
      grabs += other.grabs
      settles += other.settles
      keyboards += other.keyboards
      settlesOverKeyboard += other.settlesOverKeyboard
    }
    public var description: String {
      "releases \(releases), mid-animation grabs \(grabs), settles \(settles), keyboards \(keyboards), "
        + "settles over a keyboard \(settlesOverKeyboard)"
    }
  }

  /// A stream over a new hidden sheet on a random screen with a random content height.
  /// - Parameters:
  ///   - policy: The sheet's policy.
  ///   - seed: The stream's seed.
  /// - Throws: `SheetError` if the machine refuses the random screen (it never should).
  public init(policy: any SheetPolicy, seed: UInt64) throws(SheetError) {
    rng = SplitMix64(seed: seed)
    let geometry = Self.randomGeometry(&rng)
    machine = try SheetMachine(policy: policy, geometry: geometry, contentHeight: rng.uniform(80, 900))
    // What the initializer met comes out of the first call; a zero step takes it without moving time.
    do throws(SheetError) {
      check(try machine.step(0).events)
    } catch {
      fail("step refused: \(error)")
    }
  }

  static func randomGeometry(_ rng: inout SplitMix64) -> SheetGeometry {
    let portrait = rng.chance(0.7)
    let long = rng.uniform(560, 1366)
    let short = rng.uniform(320, 1024)
    return SheetGeometry(
      width: portrait ? short : long, height: portrait ? long : short,
      safeArea: SafeArea(top: rng.uniform(0, 59), bottom: rng.uniform(0, 34)))
  }

  /// Plays the stream: 6 to 14 random inputs with frames between them, then runs to rest.
  public mutating func play() {
    for _ in 0..<rng.int(6...14) where failure == nil {
      act()
      frames(rng.int(0...24))
    }
    settle(limit: 5)
  }

  mutating func act() {
    let roll = rng.int(0...99)
    switch roll {
    case 0..<20: attempt(.present) { m, _ throws(SheetError) in try m.present() }
    case 20..<27: attempt(.dismiss) { m, _ throws(SheetError) in m.dismiss() }
    case 27..<35:
      let id = machine.detents.randomElement(using: &rng)?.id ?? "none"
      attempt(.snap) { m, _ throws(SheetError) in try m.snap(to: id) }
    case 35..<43:
      let y = rng.uniform(0, machine.geometry.height)
      attempt(.tap) { m, _ throws(SheetError) in try m.tap(y: y) }
    case 43..<50: attempt(.resize) { m, rng throws(SheetError) in try m.resize(Self.randomGeometry(&rng)) }
    case 50..<55:
      let c = rng.uniform(0, 1200)
      attempt(.content) { m, _ throws(SheetError) in try m.setContentHeight(c) }
    case 55..<62: keyboard()
    default: gesture(flick: roll >= 85)
    }
  }

  /// A pan: began somewhere, moved in 120 Hz samples, then ended or cancelled; sometimes run to rest.
  mutating func gesture(flick: Bool) {
    let h = machine.geometry.height
    let edgeY = machine.geometry.leadingEdgeY(sheetHeight: machine.height)
    let y0 = Formulas.clamp(edgeY + rng.uniform(-60, 120) * (machine.geometry.edge == .bottom ? 1 : -1), 0, h)
    let animating = [.presenting, .settling, .dismissing].contains(machine.state)
    attempt(.panBegan) { m, _ throws(SheetError) in try m.panBegan(y: y0).events }
    if animating && machine.state == .dragging { coverage.grabs += 1 }
    guard failure == nil else { return }
    var y = y0
    let speed = flick ? rng.uniform(-4000, 4000) : rng.uniform(-1200, 1200)
    for _ in 0..<rng.int(1...(flick ? 6 : 40)) where failure == nil {
      frames(1)
      y += speed / 120 + rng.uniform(-3, 3)
      let sample = y
      attempt(.panChanged) { m, _ throws(SheetError) in try m.panChanged(y: sample) }
      if rng.chance(0.02) {
        attempt(.resize) { m, rng throws(SheetError) in try m.resize(Self.randomGeometry(&rng)) }
      }
      if rng.chance(0.02) { keyboard() }
    }
    let end = y
    if rng.chance(0.1) {
      attempt(.panCancelled) { m, _ throws(SheetError) in try m.panCancelled(y: end) }
    } else {
      let explicit: Double? = rng.chance(0.3) ? rng.uniform(-5000, 5000) : nil
      attempt(.panEnded) { m, _ throws(SheetError) in try m.panEnded(y: end, velocity: explicit) }
    }
    if rng.chance(0.35) { settle(limit: 5) }
  }

  /// The keyboard shows, changes or hides: a height in [0, H] (hidden a third of the time, sometimes the
  /// whole screen), a duration of 0, UIKit's 0.25 or anything up to 1 s.
  mutating func keyboard() {
    let h = machine.geometry.height
    let height = rng.chance(0.33) ? 0 : rng.chance(0.1) ? h : rng.uniform(0, min(h, 500))
    let duration = [0, 0.25, 0.25, rng.uniform(0, 1)][rng.int(0...3)]
    if height > 0 { coverage.keyboards += 1 }
    attempt(.keyboard) { m, _ throws(SheetError) in try m.setKeyboard(height: height, duration: duration) }
  }

  /// Calls an input. One the state does not take must return `.ignored` (or, where the table queues it,
  /// `.queued`) naming the input and the state it met, and leave the state alone; an input the table
  /// accepts must not be ignored. Errors are bad values (an inactive detent, no active detent), which
  /// are legal refusals: nothing changes and no event comes out.
  mutating func attempt(
    _ input: SheetInput, _ call: (inout SheetMachine, inout SplitMix64) throws(SheetError) -> [SheetEvent]
  ) {
    let before = machine.state
    let frame = machine.frame
    let events: [SheetEvent]
    do {
      events = try call(&machine, &rng)
    } catch {
      if machine.frame != frame { fail("a refused \(input) changed the sheet") }
      return check([])
    }
    defer { check(events) }
    for event in events {
      let response: TransitionTable.Response
      let named: (SheetInput, SheetState)
      switch event {
      case .ignored(let i, let s): (response, named) = (.ignored, (i, s))
      case .queued(let i, let s): (response, named) = (.queued, (i, s))
      default: continue
      }
      let table = TransitionTable.response(to: input, in: before)
      if named != (input, before) || machine.state != before {
        return fail("\(response) \(named) for \(input) in \(before), now \(machine.state)")
      }
      if table == .accepted || (response == .queued && table != .queued) {
        return fail("\(input) \(response) in \(before) though the table says \(table)")
      }
    }
  }

  mutating func frames(_ n: Int) {
    for _ in 0..<n where failure == nil {
      do throws(SheetError) {
        let step = try machine.step(SheetMachine.defaultFrameInterval)
        if recordsTrail { trail.append(.frame(step.frame)) }
        check(step.events)
      } catch {
        return fail("step refused: \(error)")
      }
    }
  }

  /// Runs without input until nothing animates; it must come to rest within `limit` seconds.
  mutating func settle(limit: Double) {
    var t = 0.0
    while [.presenting, .settling, .dismissing].contains(machine.state) && failure == nil {
      frames(1)
      t += SheetMachine.defaultFrameInterval
      if t > limit { return fail("still \(machine.state) after \(limit) s") }
    }
    if machine.state == .dragging {
      attempt(.panEnded) { m, _ throws(SheetError) in try m.panEnded(y: 0) }
      settle(limit: limit)
    }
  }

  /// Checks the machine after a call, and the events the call returned (each exactly once).
  mutating func check(_ fresh: [SheetEvent]) {
    let m = machine
    m._checkInvariants()
    if let violation = m.invariantViolation { return fail("invariant: \(violation)") }
    if !(m.height.isFinite && m.height >= 0 && m.height <= m.geometry.height) {
      return fail("height \(m.height) outside [0, \(m.geometry.height)]")
    }
    if !(m.backdrop.isFinite && m.backdrop >= 0 && m.backdrop <= 1) { return fail("backdrop \(m.backdrop)") }
    if !m.velocity.isFinite { return fail("velocity \(m.velocity)") }
    for event in fresh {
      if recordsTrail { trail.append(.event(event)) }
      switch event {
      case .state(let from, let to):
        if !TransitionTable.isLegal(from: from, to: to) { return fail("illegal \(from) -> \(to)") }
      case .release: coverage.releases += 1
      case .settled(let id, let height):
        coverage.settles += 1
        if m.keyboard.isVisible { coverage.settlesOverKeyboard += 1 }
        if let id, let expected = m.height(of: id), expected != height {
          return fail("settled at \(height), detent \(id) is \(expected)")
        }
      case .scriptError(let callback, let message):
        return fail("default policy fault \(callback): \(message)")
      default: break
      }
    }
    if let chained = chain(fresh) { return fail(chained) }
  }

  /// The state events must chain from the last known state to the machine's state.
  mutating func chain(_ events: [SheetEvent]) -> String? {
    for event in events {
      guard case .state(let from, let to) = event else { continue }
      if from != lastState { return "state event \(from) -> \(to) after \(lastState)" }
      lastState = to
    }
    return lastState == machine.state ? nil : "state events end at \(lastState), machine is \(machine.state)"
  }

  mutating func fail(_ message: String) {
    if failure == nil { failure = "\(message) at t = \(machine.time)" }
  }
}
