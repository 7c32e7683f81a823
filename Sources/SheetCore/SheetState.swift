/// The phase of a sheet's life, as the animation core tracks it.
public enum SheetState: String, Sendable, CaseIterable {
  /// Not on screen and never presented.
  case hidden
  /// Animating in from height 0 toward its first detent.
  case presenting
  /// At rest at a detent (or at a height a behaviour chose).
  case resting
  /// Following a finger.
  case dragging
  /// Animating toward a target after a release, a snap or a resize.
  case settling
  /// Animating out toward height 0.
  case dismissing
  /// Off screen after a dismissal.
  case dismissed
}

extension SheetState {
  /// Whether nothing moves in this state: resting, hidden or dismissed (no animation runs and no finger
  /// holds the sheet). A still state's frames change nothing but the time.
  public var isStill: Bool {
    switch self {
    case .resting, .hidden, .dismissed: true
    case .presenting, .dragging, .settling, .dismissing: false
    }
  }
}
