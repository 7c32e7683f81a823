/// The default policy behaviour, built from the rules in <doc:TheStateMachine>. The Lua `system` preset
/// reproduces it bit-for-bit, so its arithmetic is kept to the documented steps.
public struct DefaultPolicy: SheetPolicy, Sendable {
  /// Detents medium = fraction 0.5, large = inset 10 from the top; gestures on the sheet; backdrop 0.3.
  public static let standardConfiguration = SheetConfiguration(
    detents: [Detent("medium", .fraction(0.5)), Detent("large", .insetFromTop(10))])

  /// The configuration (detents, dismissal, tap regions, backdrop maximum).
  public var configuration: SheetConfiguration
  /// Momentum projection's deceleration rate per ms (``Formulas/project(velocity:rate:)``); tuned as
  /// `projection_rate`, in [0.9, 0.9999] (``Threshold/projectionRate``).
  public var projectionRate = Threshold.projectionRate.defaultValue
  /// Progress past the near candidate beyond which a release goes on to the far one; tuned as
  /// `redirect_progress`, in [0, 1].
  public var redirectProgress = Threshold.redirectProgress.defaultValue
  /// Whether a fling may pass more than one candidate; tuned as `allows_skipping`, 0 or 1.
  public var allowsSkipping = Threshold.allowsSkipping.defaultValue != 0
  /// Rubber-band constant (``Formulas/rubberBand(overshoot:dimension:constant:)``); tuned as
  /// `rubber_band`, in [0, 1].
  public var rubberBandConstant = Threshold.rubberBand.defaultValue
  /// Response of every transition's spring, seconds; tuned as `spring_response`, in [0.01, 2].
  public var springResponse = Threshold.springResponse.defaultValue
  /// Damping ratio of every transition's spring; tuned as `spring_damping`, in [0.2, 2].
  public var springDampingRatio = Threshold.springDamping.defaultValue
  /// No dimming at or below this detent; nil = dimming starts above height 0.
  public var largestUndimmedDetent: String?

  /// The full-dim opacity (stored in the configuration).
  public var backdropMax: Double {
    get { configuration.backdropMax }
    set { configuration.backdropMax = newValue }
  }

  /// The policy itself, with its own parameters, decides when it is asked to fall back.
  public var defaultPolicy: DefaultPolicy { self }

  /// Creates the default policy with the default parameters (``Threshold/defaultValue``).
  /// - Parameter configuration: The configuration (default: ``standardConfiguration``).
  public init(configuration: SheetConfiguration = DefaultPolicy.standardConfiguration) {
    self.configuration = configuration
  }

  /// The configuration's detents, resolved by their resolvers (``DetentResolution/heights(_:in:)``).
  /// - Parameter context: The screen, available height and content height.
  /// - Returns: The detents whose resolver returned a height, in declaration order.
  public func detents(in context: DetentContext) -> [ResolvedDetent] {
    DetentResolution.heights(configuration.detents, in: context)
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
    return Formulas.clamp(h, 0, input.geometry.extent)
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
  /// backdrop follows the height's progress. Parameters set outside their ranges give an animation the
  /// machine refuses (it then plays ``TransitionAnimation/lastResort``).
  /// - Parameters:
  ///   - transition: The transition.
  ///   - sheet: The sheet.
  /// - Returns: The animation.
  public func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) -> TransitionAnimation {
    TransitionAnimation(height: .spring(dampingRatio: springDampingRatio, response: springResponse))
  }
}
