import SheetCore
import SheetScript
import SheetTrace

/// Synthetic gestures for testing and demos (origin `synthetic`, never users' data): human-like drags
/// and flicks from a stated model, each labelled with the intent a stated rule gives, so that a fit can
/// be checked on a known answer. The model and the rule are the article "Gesture corpora".
///
/// Gesture `i` of seed `s` is drawn from its own generator, `SplitMix64(seed: s ^ (i * golden))`, so a
/// gesture depends only on the seed and its index: the same in every process, whatever was made before.
package struct GestureSynth {
  /// The rule's projection rate, per millisecond (`Formulas.project(velocity:rate:)`): the answer a fit
  /// of `projection_rate` must recover.
  package static let intentRate = 0.995
  /// How close a fit must come to ``intentRate`` (the estimator's noise and the frame grid blur the
  /// release velocity the behaviour sees).
  package static let intentTolerance = 0.002
  /// The most gestures one `sheet corpus synth` makes.
  package static let maximumCount = 10_000_000

  /// The screen.
  package let screen: SheetGeometry
  /// The behaviour stamped on every gesture, its thresholds and its active detents on the screen.
  package let stamp: GestureRecord.Stamp
  package let thresholds: [String: Double]
  package let detents: [ResolvedDetent]
  /// Whether the behaviour lets the sheet be dismissed (the rule's `dismiss` candidate).
  package let allowsDismiss: Bool
  /// The seed.
  package let seed: UInt64

  /// A generator for a behaviour on a screen: the behaviour is loaded once, to read its detents.
  /// - Parameters:
  ///   - source: The behaviour.
  ///   - screen: The screen.
  ///   - seed: The seed.
  /// - Throws: `BehaviourError` when it does not load; `SheetError` when it has no active detent.
  package init(source: BehaviourSource, screen: SheetGeometry, seed: UInt64) throws {
    let behaviour = try Behaviour.load(source)
    let host = try SheetHost(policy: behaviour, geometry: screen)
    guard !host.machine.detents.isEmpty else { throw SheetError.noActiveDetent }
    self.screen = host.machine.geometry  // the screen with the edge the behaviour attaches its sheet to
    stamp = GestureRecord.Stamp(name: source.name, hash: GestureRecord.sourceHash(source.text))
    thresholds = behaviour.thresholds
    detents = host.machine.detents
    allowsDismiss = behaviour.configuration.allowsDismiss
    self.seed = seed
  }

  /// Gesture `index`.
  package func gesture(_ index: Int) -> GestureRecord {
    var random = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15))
    let start = detents[random.int(0...(detents.count - 1))]
    let fps = random.chance(0.5) ? 60.0 : 120.0
    let path = Self.drawPath(&random)
    // The path runs along the sheet's axis (y, or x for a side sheet); a sheet at the axis's end (bottom,
    // trailing) grows as the finger moves toward its start.
    let atEnd = screen.edge.isAtAxisEnd
    let edge = screen.leadingEdgeY(sheetHeight: start.height)
    let downAlong = atEnd ? edge + random.uniform(8, 40) : edge - random.uniform(8, 40)
    let downCross = screen.crossExtent * random.uniform(0.3, 0.7)
    let drift = random.uniform(-0.15, 0.15)
    var touches: [GestureRecord.Touch] = []
    var alongs: [Double] = []
    let interval = 1 / fps  // samples are written to 0.1 ms and 0.01 pt, as a host reports them
    let count = max(2, Int((path.release / interval).rounded(.up)) + 1)
    var previous = 0.0
    for k in 0..<count {
      let nominal = min(Double(k) * interval, path.release)
      let jitter = k == 0 || k == count - 1 ? 0 : random.uniform(-0.15, 0.15) * interval
      let t = max(previous, nominal + jitter)
      previous = t
      let travel = path.position(at: t)
      let noise = k == 0 ? 0 : random.gaussian() * Self.noisePoints
      let along = Self.rounded(Formulas.clamp(downAlong + travel + noise, 0, screen.extent), 100)
      let drifted = Formulas.clamp(
        downCross + drift * travel + random.gaussian() * Self.noisePoints, 0, screen.crossExtent)
      let cross = Self.rounded(k == 0 ? downCross : drifted, 100)
      alongs.append(along)
      touches.append(
        screen.edge.isHorizontal
          ? GestureRecord.Touch(t: Self.rounded(t, 1e4), x: along, y: cross)
          : GestureRecord.Touch(t: Self.rounded(t, 1e4), x: cross, y: along))
    }
    let sign = screen.edge.heightSign  // a finger moving down lowers a bottom sheet
    let releaseHeight = start.height + sign * (alongs[alongs.count - 1] - alongs[0])
    let intent = intent(height: releaseHeight, velocity: sign * path.velocity(at: path.release))
    return GestureRecord(
      origin: "synthetic", screen: screen, fps: fps, behaviour: stamp, thresholds: thresholds,
      start: GestureRecord.Start(state: .resting, detent: start.id, height: start.height),
      touches: touches, intent: intent)
  }

  /// The intent rule: the candidate nearest the release's projected height, `h + d(v, r)`, with
  /// `d = Formulas.project(velocity:rate:)` at ``intentRate`` and the candidates 0 (`dismiss`, when the
  /// behaviour allows it) and every active detent's height; the first wins a tie.
  /// - Parameters:
  ///   - height: The sheet's height at the lift, following the finger, points.
  ///   - velocity: The height's velocity at the lift, pt/s (positive growing).
  /// - Returns: The detent's id or `dismiss`.
  package func intent(height: Double, velocity: Double) -> String {
    let projected = height + Formulas.project(velocity: velocity, rate: Self.intentRate)
    var best = allowsDismiss ? "dismiss" : detents[0].id
    var distance = allowsDismiss ? abs(projected) : abs(projected - detents[0].height)
    for detent in detents where abs(projected - detent.height) < distance {
      best = detent.id
      distance = abs(projected - detent.height)
    }
    return best
  }

  /// `x` rounded to `1 / scale`.
  static func rounded(_ x: Double, _ scale: Double) -> Double { (x * scale).rounded() / scale }

  /// The finger's noise, points: the standard deviation of the Gaussian added to each sample's x and y.
  package static let noisePoints = 0.6
}
