import SheetCore

/// Makes a fuzz run's steps from a seed: each step drawn from what the sheet can do next (a snap to one
/// of its active detents, a check of a detent where it rests, a lift of a finger that is down, the back
/// action, an accessibility action, reduce motion turned on or off), with
/// odd values on purpose (grabs outside the sheet, touches off the frame grid, zero-length waits,
/// keyboards that appear at once).
///
/// The same seed and the same sheet give the same steps in every process (``SplitMix64``).
package struct FuzzGenerator {
  private var rng: SplitMix64

  /// A generator for one run.
  /// - Parameter seed: The run's seed.
  package init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  /// The tallest keyboard drawn, as a fraction of the screen's height: a phone's in landscape, with
  /// its bar of suggestions, is about this much (a taller one leaves a sheet no room at all).
  package static let largestKeyboard = 0.6

  /// The seed of run `index` of a fuzz with seed `seed`: runs are independent, so any subset of them
  /// (a shard, a worker's share) makes the same runs.
  package static func seed(_ seed: UInt64, run index: Int) -> UInt64 {
    var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
    return mixer.next()
  }

  /// The content height the run's sheet is made with: none half the time.
  package mutating func contentHeight() -> Double? {
    rng.chance(0.5) ? nil : rounded(rng.uniform(60, 1400))
  }

  /// How many steps the run makes before its closing rest: 1 to `maximum`, short runs more often.
  package mutating func length(maximum: Int) -> Int {
    let short = max(1, maximum / 4)
    return rng.chance(0.5) ? rng.int(1...short) : rng.int(1...max(1, maximum))
  }

  /// The kinds of step, with their weights (out of the sum of those that apply now).
  private enum Kind: CaseIterable {
    case present, dismiss, snap, wait, drag, flick, touchDown, touchMove, touchUp, touchCancel, tap
    case tapBackdrop, resize, content, scrollView, scrollTo, keyboard, reload, rest, pair, snapCurrent
    case rotation, reloadCheck, back, accessibilityAction, reduceMotion

    var weight: Int {
      switch self {
      case .present: 60
      case .dismiss: 20
      case .snap: 60
      case .wait: 90
      case .drag: 140
      case .flick: 120
      case .touchDown: 40
      case .touchMove: 50
      case .touchUp: 40
      case .touchCancel: 15
      case .tap, .tapBackdrop: 25
      case .resize, .content: 15
      case .scrollView, .scrollTo: 12
      case .keyboard: 30
      case .reload: 8
      case .rest: 60
      case .pair: 30
      case .snapCurrent: 15
      case .rotation: 10
      case .reloadCheck: 8
      case .back, .accessibilityAction: 20
      case .reduceMotion: 12
      }
    }
  }

  /// The next step for the sheet as it is now.
  /// - Parameter sheet: The run's sheet.
  /// - Returns: A step.
  package mutating func next(for sheet: FuzzSheet) -> FuzzStep {
    let fingersDown = sheet.driver?.host.touches.map(\.finger) ?? []
    let made = sheet.driver != nil
    let eligible = Kind.allCases.filter { kind in
      switch kind {
      case .dismiss, .rest: fingersDown.isEmpty
      case .snap: !sheet.detents.isEmpty
      case .pair, .snapCurrent, .rotation, .reloadCheck: made && fingersDown.isEmpty
      case .touchUp, .touchCancel: !fingersDown.isEmpty
      default: true
      }
    }
    var roll = rng.int(0...(eligible.reduce(0) { $0 + $1.weight } - 1))
    var kind = Kind.wait
    for candidate in eligible {
      if roll < candidate.weight {
        kind = candidate
        break
      }
      roll -= candidate.weight
    }
    return step(kind, fingersDown: fingersDown)
  }

  /// The closing steps of a run: every finger lifted or cancelled, then a rest check.
  package func closing(for sheet: FuzzSheet) -> [FuzzStep] {
    let fingers = sheet.driver?.host.touches.map(\.finger) ?? []
    return fingers.map { .touchCancel(finger: $0) } + [.rest]
  }

  private mutating func step(_ kind: Kind, fingersDown: [Int]) -> FuzzStep {
    switch kind {
    case .present: return .present
    case .dismiss: return .dismiss
    case .snap: return .snap(rng.int(0...7))
    case .wait: return .wait(frames: rng.chance(0.7) ? rng.int(0...12) : rng.int(13...90))
    case .drag:
      return .drag(
        dy: rounded(rng.uniform(-500, 500)), dx: rng.chance(0.2) ? rounded(rng.uniform(-200, 200)) : 0,
        duration: [0.05, 0.1, 0.25, 0.4, 1][rng.int(0...4)] * rng.uniform(0.5, 1.5), grab: grab(),
        release: rng.chance(0.85), velocity: rng.chance(0.25) ? rounded(rng.uniform(-4000, 4000)) : nil)
    case .flick:
      let dy = rounded(rng.uniform(-400, 400))
      let speed = rounded(rng.uniform(50, 6000))
      return .flick(dy: dy == 0 ? 1 : dy, velocity: dy < 0 ? -speed : speed, grab: grab())
    case .touchDown:
      return .touchDown(
        finger: rng.chance(0.8) ? 1 : 2, grab: grab(),
        x: rng.chance(0.2) ? rounded(rng.uniform(0, 400)) : nil,
        time: touchOffset())
    case .touchMove:
      return .touchMove(finger: finger(fingersDown), dy: rounded(rng.uniform(-60, 60)), time: touchOffset())
    case .touchUp:
      return .touchUp(
        finger: finger(fingersDown), velocity: rng.chance(0.3) ? rounded(rng.uniform(-5000, 5000)) : nil,
        time: touchOffset())
    case .touchCancel: return .touchCancel(finger: finger(fingersDown))
    case .tap: return .tap(grab: rounded(rng.uniform(-30, 300)))
    case .tapBackdrop: return .tapBackdrop
    case .resize:
      let long = rounded(rng.uniform(560, 1366))
      let short = rounded(rng.uniform(320, 1024))
      let portrait = rng.chance(0.7)
      return .resize(
        width: portrait ? short : long, height: portrait ? long : short,
        safeTop: rounded(rng.uniform(0, 59)), safeBottom: rounded(rng.uniform(0, 34)))
    case .content: return .content(height: rounded(rng.uniform(0, 1400)))
    case .scrollView:
      return .scrollView(
        contentHeight: rng.chance(0.8) ? rounded(rng.uniform(0, 3000)) : nil, top: rounded(rng.uniform(0, 80))
      )
    case .scrollTo: return .scrollTo(rounded(rng.uniform(-200, 2000)))
    case .keyboard:
      let fraction = rng.chance(0.35) ? 0 : (rng.uniform(0.2, Self.largestKeyboard) * 100).rounded() / 100
      return .keyboard(fraction: fraction, duration: [0, 0.25, 0.25, rng.uniform(0, 1)][rng.int(0...3)])
    case .reload: return .reload
    case .rest: return .rest
    case .pair:
      let dy = rounded(rng.uniform(30, 300)) * (rng.chance(0.5) ? -1 : 1)
      let slow = rounded(rng.uniform(50, 2000))
      return .pair(
        dy: dy, slow: slow, fast: rounded(slow * rng.uniform(1.2, 6)), grab: rounded(rng.uniform(5, 80)))
    case .snapCurrent: return .snapCurrent
    case .rotation: return .rotation
    case .reloadCheck: return .reloadCheck
    case .back: return .back
    case .accessibilityAction: return .accessibilityAction(place: rng.int(0...7))
    case .reduceMotion: return .reduceMotion(rng.chance(0.7))
    }
  }

  /// Where a gesture lands: mostly just inside the sheet's leading edge, sometimes deep inside it or on
  /// the backdrop above it.
  private mutating func grab() -> Double {
    switch rng.int(0...9) {
    case 0: rounded(rng.uniform(-120, 0))
    case 1, 2: rounded(rng.uniform(100, 600))
    default: rounded(rng.uniform(0, 100))
    }
  }

  /// A touch's time after the sheet's: none (now, or a frame) half the time, else a few milliseconds
  /// either side, off the frame grid.
  private mutating func touchOffset() -> Double? {
    rng.chance(0.5) ? nil : (rng.uniform(-0.004, 0.02) * 10_000).rounded() / 10_000
  }

  /// One of the fingers down (finger 1 when none is).
  private mutating func finger(_ down: [Int]) -> Int {
    down.isEmpty ? 1 : down[rng.int(0...(down.count - 1))]
  }

  /// A value to a tenth of a point, as a person would type it.
  private func rounded(_ value: Double) -> Double { FuzzStep.normalized((value * 10).rounded() / 10) }
}
