import SheetCore

/// The accessibility actions a frame carries, asked of the behaviour only when what they can depend on
/// changed, not every frame (a behaviour's `accessibility` callback runs once per change).
extension PreviewSession {
  /// What a frame's accessibility actions were asked for: the sheet's state, detent and target, its
  /// active detents (which a resize, the content or the keyboard change), its screen and reduce motion.
  /// A reload or a new sheet forgets the answer (``askedActions``).
  struct AskedActions: Equatable {
    var state: SheetState
    var detent: String?
    var target: ReleaseTarget?
    var detents: [ResolvedDetent]
    var geometry: SheetGeometry
    var reduceMotion: Bool
    /// The actions' names, in the order offered.
    var names: [AccessibilityAction.Name] = []

    /// Whether two askings were for the same sheet (their answers aside).
    func isSameAsking(_ other: AskedActions) -> Bool {
      var other = other
      other.names = names
      return self == other
    }
  }

  /// The names of the actions the sheet offers on this frame: none while it cannot take one (hidden,
  /// dragged, dismissing: the behaviour is not asked), else the last answer while the state, detent,
  /// target, active detents, screen and reduce motion are those it was asked for, else asked again.
  /// - Parameter frame: The frame being sent.
  /// - Returns: The names, in the order offered.
  func offeredActions(_ frame: SheetFrame) -> [AccessibilityAction.Name] {
    guard frame.state == .resting || frame.state == .presenting || frame.state == .settling else { return [] }
    var asking = AskedActions(
      state: frame.state, detent: frame.detent, target: frame.target, detents: sheet.detents,
      geometry: sheet.configuration.geometry, reduceMotion: sheet.reduceMotion)
    if let asked = askedActions, asked.isSameAsking(asking) { return asked.names }
    asking.names = sheet.accessibilityActions.map(\.name)
    askedActions = asking
    return asking.names
  }
}
