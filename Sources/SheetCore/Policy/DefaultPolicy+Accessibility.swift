/// The default policy's back action, accessibility actions and reduced-motion animation.
extension DefaultPolicy {
  /// The default reduced-motion cross-fade's duration, seconds: Material 3's short motion token
  /// (`MotionTokens.DurationShort4`, 200 ms), the duration it gives small, quick transitions.
  public static let crossFadeDuration = 0.2

  /// Back: with ``SheetConfiguration/backCollapses``, the next detent below the one the sheet is at (or
  /// heading to), and a dismissal from the lowest; otherwise a dismissal (Material's modal sheet hides
  /// on back, `BottomSheetBehavior` collapses a sheet that cannot hide).
  /// - Parameter sheet: The sheet.
  /// - Returns: The target.
  public func back(_ sheet: SheetSnapshot) -> ReleaseTarget? {
    if configuration.backCollapses, let i = Self.place(of: sheet), i > 0 {
      return .detent(sheet.detents[i - 1].id)
    }
    return .dismiss
  }

  /// The actions Material 3's drag handle offers, one step at a time: `expand` to the next detent up
  /// when there is one, `collapse` to the next one down when there is one, and `dismiss` when the sheet
  /// may be dismissed (``SheetConfiguration/allowsDismiss``).
  /// - Parameter sheet: The sheet.
  /// - Returns: The actions, in that order.
  public func accessibilityActions(_ sheet: SheetSnapshot) -> [AccessibilityAction] {
    var actions: [AccessibilityAction] = []
    if let i = Self.place(of: sheet) {
      if i + 1 < sheet.detents.count {
        actions.append(AccessibilityAction(.expand, to: .detent(sheet.detents[i + 1].id)))
      }
      if i > 0 { actions.append(AccessibilityAction(.collapse, to: .detent(sheet.detents[i - 1].id))) }
    }
    if configuration.allowsDismiss { actions.append(AccessibilityAction(.dismiss, to: .dismiss)) }
    return actions
  }

  /// Under reduce motion every transition cross-fades (``TransitionAnimation/crossFade``) over
  /// ``crossFadeDuration`` with an ease-in-out, the backdrop following its progress.
  /// - Parameters:
  ///   - transition: The transition.
  ///   - sheet: The sheet.
  /// - Returns: The cross-fade.
  public func reducedAnimation(for transition: SheetTransition, _ sheet: SheetSnapshot)
    -> TransitionAnimation?
  {
    TransitionAnimation(height: .curve(.easeInOut, duration: Self.crossFadeDuration), crossFade: true)
  }

  /// The index among the ascending detents of the one the sheet heads to (a transition's detent), else
  /// rests at, else the nearest to its height; nil without detents.
  static func place(of sheet: SheetSnapshot) -> Int? {
    for id in [sheet.target?.detentID, sheet.detent].compactMap({ $0 }) {
      if let i = sheet.detents.firstIndex(where: { $0.id == id }) { return i }
    }
    return Formulas.nearest(sheet.height, in: sheet.detents.map(\.height))
  }
}
