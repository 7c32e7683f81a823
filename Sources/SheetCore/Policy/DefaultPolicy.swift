/// The native default behaviour, built from anchors.md. The Lua `system` preset reproduces it
/// bit-for-bit, so its arithmetic is kept to the documented steps.
public struct DefaultPolicy: SheetPolicy, Sendable {
  /// Detents medium = fraction 0.5, large = inset 10 from the top; gestures on the sheet; backdrop 0.3.
  public static let standardConfiguration = SheetConfiguration(
    detents: [Detent("medium", .fraction(0.5)), Detent("large", .insetFromTop(10))])

  /// The configuration (detents, dismissal, tap regions, backdrop maximum).
  public var configuration: SheetConfiguration
  /// Momentum projection's deceleration rate per ms (``Formulas/project(velocity:rate:)``).
  public var projectionRate = 0.998
  /// Progress past the near candidate beyond which a release goes on to the far one.
  public var redirectProgress = 0.5
  /// Whether a fling may pass more than one candidate.
  public var allowsSkipping = false
  /// Rubber-band constant (``Formulas/rubberBand(overshoot:dimension:constant:)``).
  public var rubberBandConstant = 0.55
  /// Response of every transition's spring, seconds.
  public var springResponse = 0.3
  /// Damping ratio of every transition's spring.
  public var springDampingRatio = 1.0
  /// No dimming at or below this detent; nil = dimming starts above height 0.
  public var largestUndimmedDetent: String?

  /// The full-dim opacity (stored in the configuration).
  public var backdropMax: Double {
    get { configuration.backdropMax }
    set { configuration.backdropMax = newValue }
  }

  /// Creates the default policy.
  /// - Parameter configuration: The configuration (default: ``standardConfiguration``).
  /// The policy itself, with its own parameters, decides when it is asked to fall back.
  public var fallbackPolicy: DefaultPolicy { self }

  public init(configuration: SheetConfiguration = DefaultPolicy.standardConfiguration) {
    self.configuration = configuration
  }

  /// Follows the finger, rubber-banding past the largest detent (and below the lowest when dismissal is
  /// forbidden).
  ///
  /// 1. `h = startHeight - translation` (bottom) or `+ translation` (top).
  /// 2. With detents, `top` = the largest: if `h > top`, `h = top + rubberBand(h - top, A, c)`.
  /// 3. If dismissal is forbidden and `h < lowest`: `h = lowest - rubberBand(lowest - h, A, c)`.
  /// 4. Clamp to `[0, H]`.
  /// - Parameter input: The pan.
  /// - Returns: The height.
  public func dragHeight(_ input: DragInput) -> Double {
    let a = input.geometry.availableHeight
    var h = input.startHeight + input.geometry.edge.heightSign * input.translation
    if let top = input.detents.last?.height, h > top {
      h = top + Formulas.rubberBand(overshoot: h - top, dimension: a, constant: rubberBandConstant)
    }
    if !configuration.allowsDismiss, let lowest = input.detents.first?.height, h < lowest {
      h = lowest - Formulas.rubberBand(overshoot: lowest - h, dimension: a, constant: rubberBandConstant)
    }
    return Formulas.clamp(h, 0, input.geometry.height)
  }

  /// The backdrop: 0 at and below the largest undimmed detent (or at h = 0 without one), `backdropMax` at
  /// and above the next detent up (or the lowest detent without one), linear between. With an undimmed
  /// detent and nothing above it, 0 everywhere.
  /// - Parameter sheet: The sheet.
  /// - Returns: The opacity.
  public func backdrop(_ sheet: SheetSnapshot) -> Double? {
    let maxOpacity = configuration.backdropMax
    var lo = 0.0
    var hi: Double?
    var undimmedIndex: Int?
    if let id = largestUndimmedDetent { undimmedIndex = sheet.detents.firstIndex { $0.id == id } }
    if let i = undimmedIndex {
      lo = sheet.detents[i].height
      hi = i + 1 < sheet.detents.count ? sheet.detents[i + 1].height : nil
      if hi == nil { return 0 }
    } else {
      hi = sheet.detents.first?.height
    }
    let h = sheet.height
    if h <= lo { return 0 }
    guard let upper = hi, upper > lo, h < upper else { return maxOpacity }
    return maxOpacity * (h - lo) / (upper - lo)
  }

  /// Every transition: a spring (`springDampingRatio`, `springResponse`) carrying the velocity; the
  /// backdrop follows the height's progress.
  /// - Parameters:
  ///   - transition: The transition.
  ///   - sheet: The sheet.
  /// - Returns: The animation.
  public func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) -> TransitionAnimation {
    TransitionAnimation(height: .spring(dampingRatio: springDampingRatio, response: springResponse))
  }
}
