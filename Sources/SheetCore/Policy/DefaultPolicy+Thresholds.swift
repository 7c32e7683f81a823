extension DefaultPolicy {
  /// The default policy's tunable parameters, as behaviours name them (`thresholds`, `--set`, `set {}`,
  /// `sheet tune`), each with its documented range, default, unit, meaning and source.
  ///
  /// The ranges are chosen so that a policy whose parameters all lie in them always brings the sheet to
  /// rest, with finite numbers, well within the 60 s a transition may take (``SheetLimits/maximumTransitionTime``).
  /// Every path that applies a value checks it with ``check(_:_:)`` first.
  public enum Threshold: String, CaseIterable, Sendable {
    /// ``DefaultPolicy/projectionRate``, per ms, in [0.9, 0.9999], default 0.998.
    ///
    /// The projection `d = v/1000 * r / (1 - r)` divides by `1 - r`: 1 divides by zero (an infinite or NaN
    /// target). 0.9999 projects a 10,000 pt/s fling 100,000 pt (the largest screen), enough for any
    /// fling to pass every detent; below 0.9 a fling projects less than 0.009 s of its velocity, so
    /// momentum no longer matters. UIScrollView's rates are 0.99 (fast) and 0.998 (normal).
    case projectionRate = "projection_rate"
    /// ``DefaultPolicy/redirectProgress``, in [0, 1], default 0.5.
    ///
    /// It is compared with a progress between two candidates, which lies in [0, 1]: 0 always goes on to
    /// the far candidate, 1 never does, a value outside would only repeat one of those.
    case redirectProgress = "redirect_progress"
    /// ``DefaultPolicy/rubberBandConstant``, in [0, 1], default 0.55.
    ///
    /// `b = (1 - 1 / (x c / d + 1)) d` stays in [0, d) for c >= 0: 0 is a hard stop at the edge, 1 the
    /// loosest documented band (UIScrollView's 0.55 between). A negative constant divides by zero at
    /// `x = -d / c` and pulls the sheet the wrong way.
    case rubberBand = "rubber_band"
    /// ``DefaultPolicy/springResponse``, seconds, in [0.01, 2], default 0.3.
    ///
    /// 0 makes the spring's frequency infinite (NaN frames). 0.01 s is quicker than one 120 Hz frame,
    /// so nothing shorter is visible; 2 s is four times SwiftUI's default 0.55 s, slower than any sheet
    /// wants. See ``springDamping`` for the settling time.
    case springResponse = "spring_response"
    /// ``DefaultPolicy/springDampingRatio``, in [0.2, 2], default 1 (critically damped).
    ///
    /// The spring decays like `exp(-k ω t)` with `ω = 2π / response` and `k = ζ` (ζ <= 1) or
    /// `ζ - sqrt(ζ² - 1)` (ζ > 1), so it settles within 0.5 pt and 1 pt/s after about
    /// `ln(A / 0.5) / (k ω)` seconds for an amplitude `A`. Both ends of [0.2, 2] give `k >= 0.2`; with
    /// a response up to 2 s, the worst case is 22.2 s even from the largest displacement and velocity
    /// the core accepts (100,000 pt at 10^6 pt/s), 14.9 s from 1,000 pt at 10,000 pt/s, 12.6 s from a
    /// standing 844 pt: well within the 60 s limit. ζ = 0.2 already overshoots by about half the
    /// distance; ζ <= 0 never settles (or grows into NaN), and ζ = 1e-9 oscillates for hours.
    case springDamping = "spring_damping"
    /// ``DefaultPolicy/allowsSkipping``, a flag: 0 (false, default) or 1 (true).
    case allowsSkipping = "allows_skipping"

    /// The values accepted.
    public var range: ThresholdRange {
      switch self {
      case .projectionRate: ThresholdRange(0.9...0.9999)
      case .redirectProgress: ThresholdRange(0...1)
      case .rubberBand: ThresholdRange(0...1)
      case .springResponse: ThresholdRange(0.01...2)
      case .springDamping: ThresholdRange(0.2...2)
      case .allowsSkipping: .flag
      }
    }

    /// The default policy.
    public var defaultValue: Double {
      switch self {
      case .projectionRate: 0.998
      case .redirectProgress: 0.5
      case .rubberBand: 0.55
      case .springResponse: 0.3
      case .springDamping: 1
      case .allowsSkipping: 0
      }
    }

    /// The unit (`per ms`, `s`), empty for a dimensionless number.
    public var unit: String {
      switch self {
      case .projectionRate: "per ms"
      case .springResponse: "s"
      default: ""
      }
    }

    /// What the parameter does, in a few words.
    public var meaning: String {
      switch self {
      case .projectionRate: "deceleration rate of a release's momentum projection"
      case .redirectProgress: "progress past the near candidate beyond which a release goes on to the far one"
      case .rubberBand: "stiffness of the rubber band past the largest detent"
      case .springResponse: "period of every transition's undamped spring"
      case .springDamping: "damping ratio of every transition's spring"
      case .allowsSkipping: "whether one fling may pass more than one candidate"
      }
    }

    /// Where the default comes from.
    public var source: String {
      switch self {
      case .projectionRate: "UIScrollView's normal deceleration rate (anchors.md, WWDC 2018)"
      case .redirectProgress: "FloatingPanel's redirectional progress (anchors.md)"
      case .rubberBand: "UIScrollView's rubber-band constant (anchors.md, FloatingPanel)"
      case .springResponse: "anchors.md spring; SwiftUI's spring(response:dampingFraction:)"
      case .springDamping: "anchors.md spring: critically damped"
      case .allowsSkipping: "FloatingPanel: one detent per fling"
      }
    }

    /// Checks a value for the threshold named `name`: one the default policy reads must lie in its range,
    /// any other (a behaviour's own, read only by its Lua code) must be finite.
    /// - Parameters:
    ///   - name: The threshold's name.
    ///   - value: The value.
    /// - Throws: ``ThresholdError`` naming the threshold, the value and the range.
    public static func check(_ name: String, _ value: Double) throws(ThresholdError) {
      guard let threshold = Threshold(rawValue: name) else {
        if !value.isFinite { throw ThresholdError(name: name, value: value, range: nil) }
        return
      }
      try threshold.check(value)
    }

    /// Checks a value against the range.
    /// - Parameter value: The value.
    /// - Throws: ``ThresholdError`` naming the threshold, the value and the range.
    public func check(_ value: Double) throws(ThresholdError) {
      guard range.contains(value) else {
        throw ThresholdError(name: rawValue, value: value, range: range, unit: unit)
      }
    }
  }

  /// A parameter's value (a flag reads 0 or 1); setting it stores the value unchecked (use
  /// ``set(_:to:)`` to check it).
  /// - Parameter threshold: The parameter.
  public subscript(threshold: Threshold) -> Double {
    get {
      switch threshold {
      case .projectionRate: projectionRate
      case .redirectProgress: redirectProgress
      case .rubberBand: rubberBandConstant
      case .springResponse: springResponse
      case .springDamping: springDampingRatio
      case .allowsSkipping: allowsSkipping ? 1 : 0
      }
    }
    set {
      switch threshold {
      case .projectionRate: projectionRate = newValue
      case .redirectProgress: redirectProgress = newValue
      case .rubberBand: rubberBandConstant = newValue
      case .springResponse: springResponse = newValue
      case .springDamping: springDampingRatio = newValue
      case .allowsSkipping: allowsSkipping = newValue != 0
      }
    }
  }

  /// Sets a parameter after checking it against its range.
  /// - Parameters:
  ///   - threshold: The parameter.
  ///   - value: The value.
  /// - Throws: ``ThresholdError`` (the policy is unchanged).
  public mutating func set(_ threshold: Threshold, to value: Double) throws(ThresholdError) {
    try threshold.check(value)
    self[threshold] = value
  }

  /// The first parameter outside its range (they are public and may be set unchecked), or nil.
  public var thresholdProblem: ThresholdError? {
    for threshold in Threshold.allCases {
      do throws(ThresholdError) {
        try threshold.check(self[threshold])
      } catch {
        return error
      }
    }
    return nil
  }
}
