/// The static part of a behaviour: edge, detents, where gestures start, what taps do.
public struct SheetConfiguration: Sendable {
  /// The attached edge (overrides the geometry's).
  public var edge: SheetEdge
  /// The detents, in declaration order.
  public var detents: [Detent]
  /// Where pans may start.
  public var gestureArea: GestureArea
  /// Whether pans are tracked at all.
  public var pannable: Bool
  /// Whether the sheet may be dismissed by a release (programmatic dismiss and taps always may).
  public var allowsDismiss: Bool
  /// Regions where a tap dismisses (used by the default `tap`).
  public var tapDismissRegions: Set<TouchRegion>
  /// The backdrop's opacity at full dim (used by the default `backdrop`).
  public var backdropMax: Double
  /// Corner radius in points (for renderers).
  public var cornerRadius: Double
  /// Whether a grabber is shown (for renderers).
  public var grabber: Bool
  /// The detent `present()` goes to; nil = the first active detent in declaration order.
  public var presentDetent: String?
  /// Whether a pan inside the scroll view that moves toward the content's end at a smaller detent
  /// expands the sheet first (Apple's `prefersScrollingExpandsWhenScrolledToEdge`, default true); false
  /// scrolls the content there, after a sheet the same pan moved off its detent is back at the next
  /// detent up (see ``ScrollRouting``).
  public var prefersScrollingExpandsWhenScrolledToEdge = true
  /// Whether, during a transition whose animation has no backdrop motion, the backdrop is the policy's
  /// ``SheetPolicy/backdrop(_:)`` at every frame's height (with the transition's state) instead of the
  /// start and end values blended by the height's progress (FloatingPanel re-evaluates its alpha at
  /// every animation frame's position). A dismissal still ends at 0.
  public var backdropFollowsHeight: Bool
  /// What the sheet does when the keyboard moves (``KeyboardMode/interactive`` by default).
  public var keyboard: KeyboardMode = .interactive
  /// Whether the policy describes the view behind the sheet (``SheetPolicy/behind(_:)``): the machine
  /// asks it at every frame and frames carry it (``SheetFrame/behind``); false (the default) leaves
  /// frames and traces without it.
  public var describesBehind = false
  /// Whether a sheet that may not be dismissed (``allowsDismiss`` false) reports the user's attempts to
  /// dismiss it: the machine then records ``SheetEvent/dismissAttempt(cause:)`` and tells the policy
  /// (``SheetPolicy/dismissAttempt(_:_:)``); false (the default) leaves events and traces without them.
  public var reportsDismissAttempts = false
  /// What the back action does by default (``DefaultPolicy/back(_:)``): collapse to the next lower
  /// detent, dismissing only from the lowest (Android's persistent sheet, `BottomSheetBehavior` when
  /// not hideable); false (the default) dismisses, as Material's modal sheet hides on back.
  public var backCollapses = false

  /// Creates a configuration.
  /// - Parameters:
  ///   - edge: Attached edge.
  ///   - detents: Detents in declaration order.
  ///   - gestureArea: Where pans may start.
  ///   - pannable: Whether pans are tracked.
  ///   - allowsDismiss: Whether releases may dismiss.
  ///   - tapDismissRegions: Where taps dismiss.
  ///   - backdropMax: Full-dim opacity.
  ///   - cornerRadius: Corner radius.
  ///   - grabber: Grabber shown.
  ///   - presentDetent: Detent to present to.
  ///   - backdropFollowsHeight: Whether transitions ask the backdrop at every frame's height.
  public init(
    edge: SheetEdge = .bottom, detents: [Detent] = [], gestureArea: GestureArea = .sheet,
    pannable: Bool = true, allowsDismiss: Bool = true, tapDismissRegions: Set<TouchRegion> = [.backdrop],
    backdropMax: Double = 0.3, cornerRadius: Double = 16, grabber: Bool = false, presentDetent: String? = nil,
    backdropFollowsHeight: Bool = false
  ) {
    self.edge = edge
    self.detents = detents
    self.gestureArea = gestureArea
    self.pannable = pannable
    self.allowsDismiss = allowsDismiss
    self.tapDismissRegions = tapDismissRegions
    self.backdropMax = backdropMax
    self.cornerRadius = cornerRadius
    self.grabber = grabber
    self.presentDetent = presentDetent
    self.backdropFollowsHeight = backdropFollowsHeight
  }
}
