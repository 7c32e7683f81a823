/// The sheet's state machine: geometry, detents, gestures, policy decisions and animations.
///
/// A value type a ``SheetHost`` drives (nothing else can: its inputs are SheetCore's own) and every
/// caller reads; time advances only through the host's steps.
///
/// **Events.** Every input returns what it did: a step the frame and the step's events
/// (``SheetStep``), each input its own events. Every event comes out exactly once, from the call that
/// caused it; nothing is kept for a caller to fetch later. The one exception is the initializer, which
/// cannot return events: a script error it meets resolving the detents comes out of the first call made on the
/// machine, ahead of that call's own events (``SheetHost/creationEvents()`` hands it over without
/// advancing time). A call that causes no event returns an empty array, which allocates nothing, so
/// steady-state frames allocate nothing.
///
/// **Inputs in any state.** A host can forward every touch and request without knowing the state: an
/// input the state cannot take is recorded as ``SheetEvent/ignored(input:state:)`` and changes nothing
/// (`dismiss()` during a drag is ``SheetEvent/queued(input:state:)`` and applies when the finger lifts).
/// ``TransitionTable/response(to:in:)`` says which, and why. Only bad values throw: a NaN or out-of-range
/// number (``SheetError/invalidValue(field:value:)``), an unknown detent. A call that throws changes
/// nothing and returns no event.
///
/// **Invariants.** Built with `SHEET_INVARIANTS` (SheetCore's debug builds), every call ends by checking
/// the machine's invariants (`_checkInvariants()`) and every state change is checked against
/// ``TransitionTable``.
public struct SheetMachine {
  struct Drag {
    var startY: Double
    var y: Double
    var startX: Double
    var x: Double
    /// The machine time of the first sample and of the latest one.
    var startTime: Double
    var time: Double
    var startHeight: Double
    var startDetent: String?
    var startedResting: Bool
    /// Whether the pan began inside the scroll view's frame (its frames are routed, see
    /// ``ScrollRouting``).
    var inScroll = false
    /// The finger's travel (screen y) the scroll view took; the sheet's share is the rest.
    var scrollTravel = 0.0
    /// Who moved with the pan's latest travel; nil before it moved.
    var owner: ScrollOwner?
  }

  /// The policy deciding everything (a replacement waits for the end of a drag).
  public internal(set) var policy: any SheetPolicy
  /// The installed policy's configuration, read when it was installed.
  public internal(set) var configuration: SheetConfiguration
  var defaultPolicy: DefaultPolicy
  var pendingPolicy: (any SheetPolicy)?

  /// The screen (its edge is the configuration's).
  public internal(set) var geometry: SheetGeometry
  /// The content's height, if given.
  public internal(set) var contentHeight: Double?
  /// Active detents, ascending by height.
  public internal(set) var detents: [ResolvedDetent] = []
  /// Active detents in declaration order.
  public internal(set) var declaredDetents: [ResolvedDetent] = []

  /// The state.
  public internal(set) var state: SheetState = .hidden
  /// Height in points, in [0, H].
  public internal(set) var height = 0.0
  /// Backdrop opacity in [0, 1].
  public internal(set) var backdrop = 0.0
  /// dh/dt in points per second (+ = growing).
  public internal(set) var velocity = 0.0
  /// Seconds since creation, advanced by the host's steps (``SheetHost/step(_:)``).
  public internal(set) var time = 0.0
  /// The detent the sheet rests at; while dragging, the one the drag started from (or was heading to);
  /// during an animation, the one it last rested at or was dragged from. nil when hidden, dismissed or at
  /// an explicit height.
  public internal(set) var detent: String?
  /// Where the running transition goes; nil when not animating.
  public internal(set) var target: ReleaseTarget?
  /// The keyboard as the host last reported it, its height animating (see
  /// ``SheetHost/setKeyboard(height:duration:)``).
  public internal(set) var keyboard = SheetKeyboard()
  /// The view behind the sheet as the policy last described it (``SheetPolicy/behind(_:)``), asked at
  /// every step; ``BehindView/identity`` until the first, and nil when the policy does not describe it
  /// (``SheetConfiguration/describesBehind``).
  public internal(set) var behind: BehindView?
  /// How many ``SheetEvent/dismissAttempt(cause:)`` events the sheet has recorded (0 unless the
  /// configuration reports attempts, ``SheetConfiguration/reportsDismissAttempts``).
  public internal(set) var dismissAttempts = 0
  /// Whether the host asks for reduced motion (``SheetHost/setReduceMotion(_:)``): transitions then play
  /// the policy's ``SheetPolicy/reducedAnimation(for:_:)``, by default a cross-fade.
  public internal(set) var reduceMotion = false
  /// The running cross-fade (``TransitionAnimation/crossFade``), nil when none runs.
  public internal(set) var crossFade: CrossFade?

  /// Events recorded by the call under way, handed out when it returns (``emitted()``): empty between
  /// calls, except after the initializer (see the type's documentation). Its capacity is kept.
  var pending: [SheetEvent] = []

  var drag: Drag?
  /// The tracked drag's share of the travel (`y - startY - scrollTravel`) the latest drag call saw, and
  /// how much it had changed since the call before (``GestureInput/delta``). Kept beside ``drag``, not
  /// in it: a frame writes them without copying the drag in and out (about 150 instructions a frame).
  var dragTravel = (seen: 0.0, delta: 0.0)
  /// `dismiss()` was called during the drag: the sheet dismisses when the drag ends.
  var dismissAfterDrag = false
  var estimator = VelocityEstimator()
  var heightMotion: MotionPlayer?
  var backdropMotion: MotionPlayer?
  var backdropFrom = 0.0
  var backdropTo = 0.0
  /// The scroll view inside the content, if the host described one (``setScrollView(_:)``).
  var scroll: ScrollModel?
  /// The running transition asks the policy's backdrop at every frame
  /// (``SheetConfiguration/backdropFollowsHeight`` without a backdrop motion).
  var backdropFollows = false
  /// The running transition's frame backdrop has failed (recorded once per transition).
  var backdropErrorRecorded = false
  /// The policy's view behind has failed since it last answered (recorded once until it answers again).
  var behindErrorRecorded = false
  /// The keyboard's height motion while it moves.
  var keyboardMotion: MotionPlayer?
  /// The detent the sheet returns to when the keyboard hides: the one it was at when the keyboard
  /// appeared, or the one a release or snap chose while it was up.
  var keyboardReturn: String?

  /// Creates a hidden sheet.
  /// - Parameters:
  ///   - policy: The behaviour.
  ///   - geometry: The screen (its edge is replaced by the configuration's).
  ///   - contentHeight: The content's intrinsic height, if any.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a screen ``SheetLimits/check(_:)`` refuses
  ///   (as ``resize(_:)`` does) or a negative or non-finite content height (as ``setContentHeight(_:)``).
  package init(policy: any SheetPolicy, geometry: SheetGeometry, contentHeight: Double? = nil)
    throws(SheetError)
  {
    try SheetLimits.check(geometry)
    if let contentHeight { try SheetLimits.check(contentHeight: contentHeight) }
    self.policy = policy
    self.configuration = policy.configuration
    self.defaultPolicy = policy.defaultPolicy
    self.behind = configuration.describesBehind ? .identity : nil
    var g = geometry
    g.edge = configuration.edge
    self.geometry = g
    self.contentHeight = contentHeight
    pending.reserveCapacity(64)
    resolveDetents()
    _checkInvariants()
  }

  /// The current frame.
  public var frame: SheetFrame {
    SheetFrame(
      time: time, state: state, detent: detent, target: target, height: height, velocity: velocity,
      backdrop: backdrop, keyboard: keyboard.height, scrollOffset: scrollOffset, detentIndex: detentIndex,
      behind: behind, crossFade: crossFade)
  }

  /// The fractional detent index of the current height over the active detents
  /// (``Formulas/detentIndex(height:detents:)``).
  public var detentIndex: Double { Formulas.detentIndex(height: height, detents: detents.lazy.map(\.height)) }

  /// Whether nothing moves: the state is still (``SheetState/isStill``), the keyboard is not animating
  /// and no scroll view is decelerating or bouncing. A still machine's frames change nothing but the
  /// time.
  public var isStill: Bool { state.isStill && keyboardMotion == nil && scroll?.isMoving != true }

  /// The sheet as policies see it.
  public var snapshot: SheetSnapshot {
    SheetSnapshot(
      geometry: geometry, detents: detents, contentHeight: contentHeight, state: state, height: height,
      detent: detent, backdrop: backdrop, time: time, target: target,
      targetHeight: targetHeight, scroll: scrollSnapshot)
  }

  /// ``SheetSnapshot/targetHeight``: where the running transition's target is, nil without one; 0 for a
  /// dismissal, whose slide (the motion's own end above 0) is not its target, as the `animation` callback
  /// is shown (``playableAnimation(_:to:override:)``).
  var targetHeight: Double? {
    guard let target else { return nil }
    if case .dismiss = target { return 0 }
    return heightMotion?.to
  }

  /// The height of an active detent.
  /// - Parameter id: The detent's identifier.
  /// - Returns: Its height, or nil.
  public func height(of id: String) -> Double? {
    for d in detents where d.id == id { return d.height }
    return nil
  }

  /// Ends a call: checks the invariants (in builds with `SHEET_INVARIANTS`) and hands out the events
  /// recorded since the previous call returned, emptying ``pending`` but keeping its capacity.
  /// - Returns: The events, or an empty array (which allocates nothing) when there are none.
  mutating func emitted() -> [SheetEvent] {
    if scroll != nil {
      let laidOut = uncoveredHeight
      scroll?.reconcile(sheetHeight: laidOut)
    }
    _checkInvariants()
    return pending.isEmpty ? [] : takePending()
  }

  /// The events in ``pending``, copied out; ``pending`` keeps its capacity. Kept out of line, so the
  /// per-frame path is the emptiness check alone.
  @inline(never)
  mutating func takePending() -> [SheetEvent] {
    let events = [SheetEvent](unsafeUninitializedCapacity: pending.count) { buffer, initialized in
      initialized = buffer.initialize(fromContentsOf: pending)
    }
    pending.removeAll(keepingCapacity: true)
    return events
  }

  /// Records an event of the call under way.
  mutating func record(_ event: SheetEvent) {
    pending.append(event)
  }

  /// Changes state, records it and tells the policy. Every state change goes through here, and in
  /// builds with `SHEET_INVARIANTS` each is checked against ``TransitionTable/isLegal(from:to:)``.
  mutating func setState(_ new: SheetState) {
    guard new != state || new == .settling else { return }
    let old = state
    #if SHEET_INVARIANTS
      precondition(
        TransitionTable.isLegal(from: old, to: new), "SheetMachine: illegal state change \(old) -> \(new)")
    #endif
    state = new
    record(.state(from: old, to: new))
    callStateDidChange(from: old, to: new)
  }
}
