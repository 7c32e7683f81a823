/// A semantic action a sheet offers to assistive technologies (a screen reader's actions rotor, a
/// switch control), and where performing it sends the sheet: Material 3's drag handle offers `dismiss`
/// and, by the sheet's state, `expand` (partially expanded) or `collapse` (expanded, when a partially
/// expanded state exists); UIKit offers the same as `accessibilityCustomActions`.
public struct AccessibilityAction: Sendable, Equatable {
  /// The actions a sheet may offer.
  public enum Name: String, Sendable, CaseIterable {
    /// To the next larger detent.
    case expand
    /// To the next smaller detent.
    case collapse
    /// Away (a dismissal).
    case dismiss
  }

  /// The action.
  public var name: Name
  /// Where performing it sends the sheet: an active detent or ``ReleaseTarget/dismiss``.
  public var target: ReleaseTarget

  /// Creates an action.
  /// - Parameters:
  ///   - name: The action.
  ///   - target: Where it sends the sheet.
  public init(_ name: Name, to target: ReleaseTarget) {
    self.name = name
    self.target = target
  }
}
