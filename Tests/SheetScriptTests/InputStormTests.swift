import SheetTestSupport
import SheetTrace
import Testing

@testable import SheetCore
@testable import SheetScenario
@testable import SheetScript

/// Every input is accepted in every state, the keyboard's and the scroll view's among them: keyboards shown, resized and hidden, the scroll view's description and removal,
/// `scroll_to`, pans landing in it, drifting sideways or with the keyboard moving, bad values of both).
/// Seeded random sequences of every input, in any order (present, dismiss, snaps to known and unknown
/// detents, taps, backdrop taps, the driver's touches, the machine's pan phases at random y and times,
/// resizes, content changes, waits), over every preset and the default policy (`DefaultPolicy`). No input may throw except the bad values a sequence makes on
/// purpose (which must throw the right error and change nothing); every frame is sound; every state
/// change is legal and chains; after the sequence the finger lifts and the sheet comes to rest.
@Suite struct InputStormTests {
  /// The default policy, then every preset.
  static let policies = ["native"] + Presets.catalogue.map(\.name)
  /// Sequences per policy: the default policy and the fourteen presets (15 policies) x 30 = 450 sequences of
  /// 50 to 200 inputs each.
  static let sequencesPerPolicy = 30

  @Test func everyPresetIsStormed() {
    #expect(Self.policies.count == 15 && Self.policies.count * Self.sequencesPerPolicy >= 150)
  }

  @Test(arguments: policies.indices) func everyInputInEveryOrder(_ index: Int) throws {
    let name = Self.policies[index]
    let behaviour = name == "native" ? nil : try PresetTest.load(name)
    var tally = Storm.Tally()
    for sequence in 0..<Self.sequencesPerPolicy {
      let seed = UInt64(10_000_000 + index * 1000 + sequence)
      let policy: any SheetPolicy = behaviour ?? DefaultPolicy()
      var storm = try Storm(policy: policy, seed: seed)
      storm.play()
      tally.add(storm.tally)
      for problem in storm.problems.prefix(3) { Issue.record("\(name) seed \(seed): \(problem)") }
    }
    // The storms reach what they claim to: each input refused by some state, bad values, a queued
    // dismissal wherever the sheet can be dragged.
    let refusable: Set<SheetInput> = [
      .present, .dismiss, .snap, .tap, .panBegan, .panChanged, .panEnded, .panCancelled, .scrollTo,
    ]
    #expect(tally.ignored.isSuperset(of: refusable), "\(name): ignored \(tally.ignored.map(\.rawValue))")
    #expect(tally.inputs >= 50 * Self.sequencesPerPolicy && tally.badValues > 100, "\(name): \(tally)")
    #expect(tally.keyboards > 100, "\(name): \(tally)")
    let pannable = behaviour?.configuration.pannable ?? true
    #expect(!pannable || (tally.queued > 0 && tally.drags > 50), "\(name): \(tally)")
    // The scroll view is in play: described, scrolled, pans in it handed over both ways mid-gesture
    // wherever a pan can land in it (a gesture area of a band refuses touches below the band).
    #expect(tally.scrollViews > 30 && tally.scrollTos > 30, "\(name): \(tally)")
    let band: Bool
    if case .band = behaviour?.configuration.gestureArea { band = true } else { band = false }
    #expect(
      !pannable || band || (tally.handoffs[.sheet] ?? 0) + (tally.handoffs[.scroll] ?? 0) > 0,
      "\(name): \(tally)")
    #expect(!pannable || band || tally.scrollPansWithKeyboard > 10, "\(name): \(tally)")
  }
}

/// One random sequence over a new hidden sheet on a random screen.
struct Storm {
  /// What the sequences did, for the coverage checks.
  struct Tally: CustomStringConvertible {
    var inputs = 0
    var badValues = 0
    var drags = 0
    var queued = 0
    var keyboards = 0
    var ignored: Set<SheetInput> = []
    var scrollViews = 0
    var scrollTos = 0
    var handoffs: [ScrollOwner: Int] = [:]
    /// Pans that landed in the scroll view with the keyboard up or reported during them.
    var scrollPansWithKeyboard = 0

    mutating func add(_ other: Tally) {
      scrollViews += other.scrollViews
      scrollTos += other.scrollTos
      handoffs.merge(other.handoffs, uniquingKeysWith: +)
      scrollPansWithKeyboard += other.scrollPansWithKeyboard
      inputs += other.inputs
      badValues += other.badValues
      drags += other.drags
      queued += other.queued
      keyboards += other.keyboards
      ignored.formUnion(other.ignored)
    }

    var description: String {
      "\(inputs) inputs, \(badValues) bad values, \(drags) drags, \(queued) queued, \(keyboards) keyboards, "
        + "\(scrollViews) scroll views, \(scrollTos) scroll_to, hand-offs \(handoffs), "
        + "\(scrollPansWithKeyboard) scroll pans with a keyboard"
    }
  }

  var rng: SplitMix64
  var driver: SheetDriver
  /// Detent ids the behaviour declares (active or not) and ids no behaviour has.
  let knownIDs: [String]
  var problems: [String] = []
  var tally = Tally()
  var step = 0

  init(policy: any SheetPolicy, seed: UInt64) throws {
    rng = SplitMix64(seed: seed)
    let geometry = Self.randomGeometry(&rng)
    let content = rng.chance(0.2) ? nil : rng.uniform(0, 1500)
    let fps = [30.0, 60, 120, 120, 240][rng.int(0...4)]
    driver = try SheetDriver(policy: policy, geometry: geometry, contentHeight: content, fps: fps)
    knownIDs = policy.configuration.detents.map(\.id)
  }

  /// A valid screen: mostly phones and tablets, sometimes the extremes the machine accepts.
  static func randomGeometry(_ rng: inout SplitMix64) -> SheetGeometry {
    switch rng.int(0...19) {
    case 0: return SheetGeometry(width: 1, height: 1)
    case 1:
      return SheetGeometry(
        width: 100_000, height: 100_000, safeArea: SafeArea(top: 10_000, bottom: 10_000))
    default:
      return SheetGeometry(
        width: rng.uniform(320, 1366), height: rng.uniform(320, 1366),
        safeArea: SafeArea(top: rng.uniform(0, 59), bottom: rng.uniform(0, 34)))
    }
  }

  /// Plays 50 to 200 random inputs, then lifts any finger and settles.
  mutating func play() {
    for _ in 0..<rng.int(50...200) where problems.isEmpty {
      step += 1
      tally.inputs += 1
      act()
      frames(rng.int(0...2))
    }
    guard problems.isEmpty else { return }
    finish()
    checkStateChanges()
    for event in driver.trace.events {
      let input = event["input"]?.text.flatMap(SheetInput.init(rawValue:))
      if event.name == "ignored", let input { tally.ignored.insert(input) }
      if event.name == "queued" { tally.queued += 1 }
      if event.name == "gesture", event["phase"]?.text == "began" { tally.drags += 1 }
      if event.name == "scroll_view" { tally.scrollViews += 1 }
      if event.name == "scroll_to" { tally.scrollTos += 1 }
      if event.name == "scroll_handoff", let to = event["to"]?.text.flatMap(ScrollOwner.init(rawValue:)) {
        tally.handoffs[to, default: 0] += 1
      }
    }
  }

  /// One random input.
  mutating func act() {
    let h = driver.machine.geometry.height
    let y = rng.uniform(-50, h + 50)
    switch rng.int(0...31) {
    case 0, 1, 2:
      // with no active detent on this screen, the host records the present as ignored
      attempt("present") { d throws(SheetError) in try d.apply { h in h.present() } }
    case 3: attempt("dismiss") { d throws(SheetError) in try d.apply { m in m.dismiss() } }
    case 4:
      let id = rng.chance(0.7) && !knownIDs.isEmpty ? knownIDs[rng.int(0...knownIDs.count - 1)] : "nope"
      if !driver.machine.configuration.detents.contains(where: { $0.id == id }) {
        refuse("snap to \(id)", .unknownDetent(id)) { d throws(SheetError) in
          try d.apply { m throws(SheetError) in try m.snap(to: id) }
        }
      } else {
        // a declared detent this screen leaves inactive is recorded as an ignored snap
        attempt("snap to \(id)") { d throws(SheetError) in
          try d.apply { m throws(SheetError) in try m.snap(to: id) }
        }
      }
    case 5:
      let x = randomX()
      attempt("tap \(y) x \(String(describing: x))") { d throws(SheetError) in
        try d.apply { m throws(SheetError) in try m.tap(x: x, y: y) }
      }
    case 6:
      let backdrop = driver.backdropPoint
      attempt("tap backdrop") { d throws(SheetError) in
        try d.apply { m throws(SheetError) in try m.tap(x: backdrop.x, y: backdrop.y) }
      }
    case 7, 8, 9:
      let at = rng.chance(0.6) ? driver.grabY + rng.uniform(-5, 5) : y
      let x = randomX()
      attempt("touch down \(at) x \(String(describing: x))") { d throws(SheetError) in
        _ = try d.touchDown(x: x, y: at)
      }
    case 10, 11, 12:
      let x = randomX()
      attempt("touch move \(y) x \(String(describing: x))") { d throws(SheetError) in
        try d.touchMove(x: x, y: y)
      }
    case 13:
      let (velocity, velocityX) = (randomVelocity(), randomVelocity())
      attempt("touch up \(String(describing: velocity)) \(String(describing: velocityX))") {
        d throws(SheetError) in
        try d.touchUp(velocity: velocity, velocityX: velocityX)
      }
    case 14: attempt("touch cancel") { d in d.touchCancel() }
    case 15:
      let t = randomTime()
      attempt("finger 2 down \(y) at \(String(describing: t))") { d throws(SheetError) in
        try d.touchDown(finger: 2, y: y, time: t)
      }
    case 16:
      let t = randomTime()
      attempt("finger 2 moves \(y) at \(String(describing: t))") { d throws(SheetError) in
        try d.apply { h throws(SheetError) in try h.touchMove(finger: 2, y: y, time: t) }
      }
    case 17:
      let (t, velocity) = (randomTime(), randomVelocity())
      attempt("finger 2 up \(y)") { d throws(SheetError) in
        try d.apply { h throws(SheetError) in try h.touchUp(finger: 2, y: y, time: t, velocity: velocity) }
      }
    case 18:
      attempt("finger 2 cancelled") { d in d.touchCancel(finger: 2) }
    case 19:
      let geometry = Self.randomGeometry(&rng)
      attempt("resize \(geometry)") { d throws(SheetError) in
        try d.apply { m throws(SheetError) in try m.resize(geometry) }
      }
    case 20:
      let c = rng.chance(0.1) ? 0 : rng.uniform(0, 2000)
      attempt("content \(c)") { d throws(SheetError) in
        try d.apply { m throws(SheetError) in try m.setContentHeight(c) }
      }
    case 21, 22: frames(rng.int(1...40))
    case 23, 24: randomKeyboard()
    case 25:
      let view = randomScrollView()
      attempt("scroll view \(String(describing: view))") { d throws(SheetError) in
        try d.apply { m throws(SheetError) in try m.setScrollView(view) }
      }
    case 26, 27:
      let offset = rng.chance(0.2) ? rng.uniform(-1e6, 1e6) : rng.uniform(-100, 3000)
      attempt("scroll to \(offset)") { d throws(SheetError) in
        try d.apply { m throws(SheetError) in try m.scroll(to: offset) }
      }
    case 28, 29:
      // a pan that lands in the scroll view and moves up or down a few frames (hand-offs both ways),
      // now and then drifting sideways, now and then with the keyboard reported mid-pan
      let m = driver.machine
      let edgeY = m.geometry.leadingEdgeY(sheetHeight: m.height)
      let depth = (m.scrollView?.top ?? 0) + rng.uniform(1, 200)
      let at = m.geometry.edge == .bottom ? edgeY + depth : edgeY - depth
      attempt("touch down in the scroll view \(at)") { d throws(SheetError) in _ = try d.touchDown(y: at) }
      let step = rng.uniform(-12, 12)
      let drift = rng.chance(0.3) ? rng.uniform(-8, 8) : 0
      var x = m.centreX
      let count = rng.int(1...60)
      let keyboardAt = rng.chance(0.25) ? rng.int(0...count - 1) : -1
      if driver.touchY != nil && (driver.machine.keyboard.isVisible || keyboardAt >= 0) {
        tally.scrollPansWithKeyboard += 1
      }
      for index in 0..<count where problems.isEmpty {
        if index == keyboardAt { randomKeyboard() }
        let y = (driver.touchY ?? at) + step
        x += drift
        let moveX: Double? = drift == 0 ? nil : x
        attempt("scroll move \(y) x \(String(describing: moveX))") { d throws(SheetError) in
          try d.frame(touch: y, x: moveX)
        }
      }
      if rng.chance(0.7) {
        let velocity = randomVelocity()
        attempt("scroll lift") { d throws(SheetError) in try d.touchUp(velocity: velocity) }
      }
    case 30: badScrollValue()
    default: badValue()
    }
  }

  /// The keyboard reported at a random height (hidden a third of the time, the whole screen now and
  /// then) over UIKit's 0.25 s, no time, or any duration the machine accepts.
  mutating func randomKeyboard() {
    let h = driver.machine.geometry.height
    let height = rng.chance(0.3) ? 0 : rng.chance(0.1) ? h : rng.uniform(0, h)
    let duration = [0, 0.25, rng.uniform(0, SheetLimits.maximumKeyboardDuration)][rng.int(0...2)]
    if height > 0 { tally.keyboards += 1 }
    attempt("keyboard \(height) over \(duration) s") { d throws(SheetError) in
      try d.apply { m throws(SheetError) in try m.setKeyboard(height: height, duration: duration) }
    }
  }

  /// A scroll view the machine accepts: mostly lists taller than the sheet, sometimes content that fits,
  /// a fixed frame, the extremes; now and then none.
  mutating func randomScrollView() -> ScrollView? {
    if rng.chance(0.1) { return nil }
    let content = rng.chance(0.1) ? [0, SheetLimits.maximumCoordinate][rng.int(0...1)] : rng.uniform(0, 5000)
    let top = rng.chance(0.1) ? 0 : rng.uniform(0, 120)
    let height: Double? = rng.chance(0.7) ? nil : rng.uniform(0, 900)
    return ScrollView(contentHeight: content, top: top, height: height)
  }

  /// A bad scroll value made on purpose: it must throw the right error and change nothing.
  mutating func badScrollValue() {
    switch rng.int(0...3) {
    case 0:
      refuse("scroll to NaN", .invalidValue(field: "offset", value: .nan)) { d throws(SheetError) in
        try d.apply { m throws(SheetError) in try m.scroll(to: .nan) }
      }
    case 1:
      refuse("scroll to 2e6", .invalidValue(field: "offset", value: 2e6)) { d throws(SheetError) in
        try d.apply { m throws(SheetError) in try m.scroll(to: 2e6) }
      }
    case 2:
      let bad = ScrollView(contentHeight: -1)
      refuse("content height -1", .invalidValue(field: "scroll.contentHeight", value: -1)) {
        d throws(SheetError) in try d.apply { m throws(SheetError) in try m.setScrollView(bad) }
      }
    default:
      let bad = ScrollView(contentHeight: 100, top: 10, height: .infinity)
      refuse("scroll height inf", .invalidValue(field: "scroll.height", value: .infinity)) {
        d throws(SheetError) in try d.apply { m throws(SheetError) in try m.setScrollView(bad) }
      }
    }
  }

  /// A release velocity: nil (estimated) mostly, else anything the machine accepts.
  mutating func randomVelocity() -> Double? {
    switch rng.int(0...9) {
    case 0..<5: nil
    case 5: rng.chance(0.5) ? SheetLimits.maximumVelocity : -SheetLimits.maximumVelocity
    default: rng.uniform(-5000, 5000)
    }
  }

  /// A touch's x: nil (the centre, or the last x) half the time, else anywhere on the screen or past it.
  mutating func randomX() -> Double? {
    rng.chance(0.5) ? nil : rng.uniform(-50, driver.machine.geometry.width + 50)
  }

  /// A sample time near the machine's, earlier or later (a host's clock is not the machine's).
  mutating func randomTime() -> Double? {
    rng.chance(0.3) ? nil : driver.machine.time + rng.uniform(-0.2, 0.2)
  }

  /// A bad value made on purpose: it must throw the right error and change nothing.
  mutating func badValue() {
    let h = driver.machine.geometry.height
    switch rng.int(0...12) {
    case 11:
      refuse("keyboard above the screen", .invalidValue(field: "keyboard.height", value: h + 1)) {
        d throws(SheetError) in try d.apply { m throws(SheetError) in try m.setKeyboard(height: h + 1) }
      }
    case 12:
      refuse("keyboard duration NaN", .invalidValue(field: "keyboard.duration", value: .nan)) {
        d throws(SheetError) in
        try d.apply { m throws(SheetError) in try m.setKeyboard(height: 0, duration: .nan) }
      }
    case 0:
      refuse("tap NaN", .invalidValue(field: "y", value: .nan)) { d throws(SheetError) in
        try d.apply { m throws(SheetError) in try m.tap(y: .nan) }
      }
    case 1:
      refuse("touch down 1e7", .invalidValue(field: "y", value: 1e7)) { d throws(SheetError) in
        _ = try d.touchDown(y: 1e7)
      }
    case 2:
      refuse("touch move -inf", .invalidValue(field: "y", value: -.infinity)) { d throws(SheetError) in
        try d.touchMove(y: -.infinity)
      }
    case 3:
      refuse("touch up 2e6", .invalidValue(field: "velocity", value: 2e6)) { d throws(SheetError) in
        try d.touchUp(velocity: 2e6)
      }
    case 4:
      refuse("finger 2 down at time NaN", .invalidValue(field: "time", value: .nan)) { d throws(SheetError) in
        try d.touchDown(finger: 2, y: 100, time: .nan)
      }
    case 5:
      refuse("finger 2 moves at time inf", .invalidValue(field: "time", value: .infinity)) {
        d throws(SheetError) in
        try d.apply { h throws(SheetError) in try h.touchMove(finger: 2, y: 100, time: .infinity) }
      }
    case 6:
      let bad = SheetGeometry(width: 390, height: h, safeArea: SafeArea(top: h, bottom: 0))
      refuse("resize with inset = height", .invalidValue(field: "geometry.safeArea.top", value: h)) {
        d throws(SheetError) in try d.apply { m throws(SheetError) in try m.resize(bad) }
      }
    case 8:
      refuse("touch down at x -inf", .invalidValue(field: "x", value: -.infinity)) { d throws(SheetError) in
        _ = try d.touchDown(x: -.infinity, y: 100)
      }
    case 9:
      refuse("touch up velocity x NaN", .invalidValue(field: "velocityX", value: .nan)) {
        d throws(SheetError) in
        try d.touchUp(velocityX: .nan)
      }
    case 7:
      refuse("content -1", .invalidValue(field: "contentHeight", value: -1)) { d throws(SheetError) in
        try d.apply { m throws(SheetError) in try m.setContentHeight(-1) }
      }
    default:
      refuse("snap to an unknown id", .unknownDetent("no such detent")) { d throws(SheetError) in
        try d.apply { m throws(SheetError) in try m.snap(to: "no such detent") }
      }
    }
  }

  /// Makes an input that must not throw, then checks the sheet.
  mutating func attempt(_ label: String, _ input: (inout SheetDriver) throws(SheetError) -> Void) {
    do throws(SheetError) {
      try input(&driver)
    } catch {
      problems.append("step \(step), \(label) in \(driver.machine.state) threw \(error)")
    }
    check(label)
  }

  /// Makes a bad input that must throw `expected` and change nothing.
  mutating func refuse(
    _ label: String, _ expected: SheetError, _ input: (inout SheetDriver) throws(SheetError) -> Void
  ) {
    tally.badValues += 1
    let before = driver.machine.frame
    let finger = driver.touchY
    do throws(SheetError) {
      try input(&driver)
      problems.append("step \(step), \(label) in \(before.state) did not throw")
    } catch {
      if !Self.same(error, expected) {
        problems.append("step \(step), \(label) threw \(error), expected \(expected)")
      }
    }
    if driver.machine.frame != before || driver.touchY != finger {
      problems.append("step \(step), the refused \(label) changed the sheet")
    }
  }

  /// Whether two errors are the same, a NaN value matching a NaN.
  static func same(_ a: SheetError, _ b: SheetError) -> Bool {
    if case .invalidValue(let f1, let v1) = a, case .invalidValue(let f2, let v2) = b {
      return f1 == f2 && (v1 == v2 || (v1.isNaN && v2.isNaN))
    }
    return a == b
  }

  /// Steps `n` frames, the finger (if down) wandering a little, checking every frame.
  mutating func frames(_ n: Int) {
    for _ in 0..<n where problems.isEmpty {
      let h = driver.machine.geometry.height
      let touch = driver.touchY.map { min(max($0 + rng.uniform(-15, 15), -100), h + 100) }
      attempt("frame") { d throws(SheetError) in try d.frame(touch: touch) }
    }
  }

  /// Every frame: the machine's invariants (`_checkInvariants()` traps on a violation in debug builds),
  /// a finite height within the screen, a backdrop in [0, 1], finite numbers.
  mutating func check(_ label: String) {
    let m = driver.machine
    let f = m.frame
    guard problems.isEmpty else { return }
    m._checkInvariants()
    if let violation = m.invariantViolation {
      problems.append("step \(step), after \(label): invariant: \(violation)")
    }
    if !(f.height.isFinite && f.height >= 0 && f.height <= m.geometry.height) {
      problems.append("step \(step), after \(label): height \(f.height) outside [0, \(m.geometry.height)]")
    }
    if !(f.backdrop.isFinite && f.backdrop >= 0 && f.backdrop <= 1) {
      problems.append("step \(step), after \(label): backdrop \(f.backdrop)")
    }
    if let offset = f.scrollOffset, !offset.isFinite {
      problems.append("step \(step), after \(label): scroll offset \(offset)")
    }
    if !(f.velocity.isFinite && f.time.isFinite) {
      problems.append("step \(step), after \(label): velocity \(f.velocity), time \(f.time)")
    }
    if !SheetState.allCases.contains(f.state) {
      problems.append("step \(step), after \(label): unknown state \(f.state)")
    }
  }

  /// Lifts any finger (the driver's, and a pan made on the machine directly), then settles: within 60 s,
  /// every settling frame sound, at rest, hidden or dismissed.
  mutating func finish() {
    if driver.touchY != nil { attempt("lift") { d throws(SheetError) in try d.touchUp() } }
    if !driver.host.touches.isEmpty {
      attempt("lift every finger") { d throws(SheetError) in try d.apply { h in h.liftAll() } }
    }
    let from = driver.trace.entries.count
    var settled = false
    attempt("settle") { d throws(SheetError) in settled = try d.settle(limit: 60) }
    let height = driver.machine.geometry.height
    for case .frame(let frame) in driver.trace.entries[from...] {
      let sound =
        frame.height.isFinite && frame.height >= 0 && frame.height <= height && frame.backdrop >= 0
        && frame.backdrop <= 1
      if !sound { problems.append("settling frame at \(frame.time): \(frame)") }
    }
    if !settled { problems.append("did not settle within 60 s: \(driver.machine.state)") }
    if !driver.machine.isStill { problems.append("ended with the scroll view moving") }
    if ![.resting, .hidden, .dismissed].contains(driver.machine.state) {
      problems.append("ended \(driver.machine.state)")
    }
  }

  /// Every recorded state change is legal and follows the previous one.
  mutating func checkStateChanges() {
    var last = SheetState.hidden
    for event in driver.trace.events where event.name == "state" {
      let from = event["from"]?.text.flatMap(SheetState.init(rawValue:))
      let to = event["to"]?.text.flatMap(SheetState.init(rawValue:))
      guard let from, let to, from == last, TransitionTable.isLegal(from: from, to: to) else {
        problems.append("state change \(event.fields) after \(last) at \(event.time)")
        return
      }
      last = to
    }
    if last != driver.machine.state {
      problems.append("state events end at \(last), machine \(driver.machine.state)")
    }
  }
}
