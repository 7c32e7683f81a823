/// Where a released (or snapped) sheet goes.
public enum ReleaseTarget: Sendable, Equatable {
  /// To the active detent with this identifier.
  case detent(String)
  /// Out (height 0, or minus the dismiss slide).
  case dismiss
  /// To an explicit height in points, at rest without a detent.
  case height(Double)

  /// The target as events, traces and reasons print it: the detent's id, `dismiss`, or `height 420.5`.
  public var name: String {
    switch self {
    case .detent(let id): id
    case .dismiss: "dismiss"
    case .height(let height): "height \(Format.fixed(height, 1))"
    }
  }
}

/// A policy's answer to a release.
public struct ReleaseDecision: Sendable, Equatable {
  /// Where the sheet goes.
  public var target: ReleaseTarget
  /// Why, in words (shown in traces).
  public var reason: String
  /// An animation overriding the policy's `animation(for:_:)` for this transition.
  public var animation: TransitionAnimation?

  /// Creates a decision.
  /// - Parameters:
  ///   - target: Where the sheet goes.
  ///   - reason: Why.
  ///   - animation: Optional animation override.
  public init(_ target: ReleaseTarget, reason: String, animation: TransitionAnimation? = nil) {
    self.target = target
    self.reason = reason
    self.animation = animation
  }
}

/// What a tap does.
public enum TapAction: Sendable, Equatable {
  /// Dismiss the sheet.
  case dismiss
  /// Nothing.
  case none
  /// Animate to this detent with the `snap` transition (tap a collapsed sheet to open it). The core
  /// refuses an id that is not an active detent, as it refuses a release's, and the fallback's tap rule
  /// decides instead.
  case snap(String)

  /// The action as events and traces name it: `dismiss`, `none` or `snap` (a snap's detent is
  /// ``detentID``).
  public var name: String {
    switch self {
    case .dismiss: "dismiss"
    case .none: "none"
    case .snap: "snap"
    }
  }

  /// The detent a snap goes to; nil for the other actions.
  public var detentID: String? {
    if case .snap(let id) = self { return id }
    return nil
  }
}

/// A policy callback's failure; the core records it and asks ``DefaultPolicy`` instead.
public struct ScriptError: Error, Sendable, Equatable {
  /// The callback that failed ("dragHeight", "release", ...).
  public var callback: String
  /// What went wrong, quoting the bad value.
  public var message: String

  /// Creates a script error.
  /// - Parameters:
  ///   - callback: The failing callback's name.
  ///   - message: What went wrong.
  public init(callback: String, message: String) {
    self.callback = callback
    self.message = message
  }
}
