/// The scroll view inside the content: its description and offset, the routing of each pan frame that
/// began inside it, its release (UIScrollView's deceleration, a rubber band past the ends and the
/// bounce back) and its motion between frames. See <doc:TheStateMachine#The-scroll-view>.
extension SheetMachine {
  /// The scroll view the host described; nil without one.
  public var scrollView: ScrollView? { scroll?.view }

  /// The scroll view's content offset in points: 0 at the content's top, its largest offset at the
  /// end, past either while rubber-banding; nil without a scroll view.
  ///
  /// The machine keeps the offset as a distance from the pinned edge, the end a sheet drag needs the
  /// content at: the top for a bottom sheet, the end for a top sheet (whose finger shrinks it moving
  /// up), so a top sheet's content stays pinned to its end while the frame changes.
  public var scrollOffset: Double? {
    guard let scroll else { return nil }
    return contentOffset(ofPosition: scroll.position, scroll)
  }

  /// The scroll view as policies see it; nil without one.
  public var scrollSnapshot: ScrollSnapshot? {
    guard let scroll else { return nil }
    let frameHeight = scroll.view.frameHeight(sheetHeight: uncoveredHeight)
    return ScrollSnapshot(
      offset: contentOffset(ofPosition: scroll.position, scroll), contentHeight: scroll.view.contentHeight,
      height: frameHeight, top: scroll.view.top,
      maxOffset: scroll.view.maxOffset(sheetHeight: uncoveredHeight),
      velocity: pinnedSign * scroll.velocity)
  }

  /// Describes the scroll view inside the content (nil removes it). A new description keeps the offset
  /// (within the new content's range) and stops a deceleration or a bounce; a finger on the scroll view
  /// stays on it. Removing it during a pan that began inside it leaves the pan to the sheet. Legal in
  /// every state.
  /// - Parameter view: The scroll view, or nil.
  /// - Returns: The events the call caused (``SheetEvent/scrollView(_:)``).
  /// - Throws: ``SheetError/invalidValue(field:value:)`` (nothing changes) for a content height outside
  ///   [0, ``SheetLimits/maximumCoordinate``] (`scroll.contentHeight`), or a top or height outside
  ///   [0, ``SheetLimits/maximumScreenExtent``] (`scroll.top`, `scroll.height`).
  @discardableResult
  mutating func setScrollView(_ view: ScrollView?) throws(SheetError) -> [SheetEvent] {
    if let view { try SheetLimits.check(scrollView: view) }
    if let view {
      if var current = scroll {
        current.view = view
        if !current.isTracking {
          current.motion = .idle
          current.velocity = 0
        }
        scroll = current
      } else {
        scroll = ScrollModel(view: view)
      }
    } else {
      scroll = nil
      if var d = drag, d.inScroll {
        d.inScroll = false
        if d.owner == .scroll { d.owner = .sheet }
        drag = d
      }
    }
    record(.scrollView(view))
    return emitted()
  }

  /// Sets the scroll view's content offset (`UIScrollView.setContentOffset(_:animated: false)`), cut to
  /// [0, its largest offset]; a deceleration or bounce stops, and a finger on the scroll view moves it
  /// on from there. Legal in every state; without a scroll view it is recorded as
  /// ``SheetEvent/ignored(input:state:)``.
  /// - Parameter offset: The content offset in points.
  /// - Returns: The events the call caused (``SheetEvent/scrollTo(offset:)``).
  /// - Throws: ``SheetError/invalidValue(field:value:)`` with field `offset` for a value
  ///   ``SheetLimits/check(coordinate:)`` would refuse (non-finite, beyond ±10⁶ pt).
  @discardableResult
  mutating func scroll(to offset: Double) throws(SheetError) -> [SheetEvent] {
    try SheetLimits.check(coordinate: offset, field: "offset")
    guard var current = scroll else {
      record(.ignored(input: .scrollTo, state: state))
      return emitted()
    }
    let upper = current.view.maxOffset(sheetHeight: uncoveredHeight)
    let bounded = Formulas.clamp(offset, 0, upper)
    current.position = geometry.edge.isAtAxisEnd ? bounded : upper - bounded
    current.velocity = 0
    current.motion = current.isTracking ? .tracking(virtual: current.position) : .idle
    scroll = current
    record(.scrollTo(offset: bounded))
    return emitted()
  }

  /// The sheet's height the keyboard leaves uncovered (``KeyboardGeometry/uncovered(sheetHeight:keyboard:geometry:)``
  /// with the keyboard's height as it animates): the height the scroll view's frame is laid out in, so a
  /// scroll view without a declared height ends at the keyboard's top edge and its content's end can be
  /// scrolled into view above the keyboard. Without a keyboard, the sheet's height.
  var uncoveredHeight: Double {
    KeyboardGeometry.uncovered(sheetHeight: height, keyboard: keyboard.height, geometry: geometry)
  }

  /// +1 when the content offset grows with the distance from the pinned edge (a bottom sheet), -1 when
  /// it shrinks (a top sheet).
  var pinnedSign: Double { geometry.edge.isAtAxisEnd ? 1 : -1 }

  /// The content offset of a distance from the pinned edge.
  func contentOffset(ofPosition position: Double, _ scroll: ScrollModel) -> Double {
    geometry.edge.isAtAxisEnd ? position : scroll.view.maxOffset(sheetHeight: uncoveredHeight) - position
  }

  /// Whether screen y lies in the scroll view's frame: from `top` inside the sheet's leading edge,
  /// `frameHeight` deep.
  func scrollFrameContains(y: Double) -> Bool {
    guard let scroll, height > 0 else { return false }
    let edgeY = geometry.leadingEdgeY(sheetHeight: height)
    let depth = geometry.edge.isAtAxisEnd ? y - edgeY : edgeY - y
    let start = scroll.view.top
    return depth >= start && depth <= start + scroll.view.frameHeight(sheetHeight: uncoveredHeight)
  }

  /// A tracked pan began at y: inside the scroll view's frame the pan is routed, and a finger there
  /// catches the scroll view's motion where it is shown.
  mutating func beginScrollTracking(y: Double) {
    guard scrollFrameContains(y: y), var current = scroll, var d = drag else { return }
    current.catchIt(sheetHeight: uncoveredHeight)
    scroll = current
    d.inScroll = true
    drag = d
  }

  /// Routes a pan frame's travel `dy` (screen points, the finger's move since the last sample; the
  /// drag already holds the new y): the scroll view takes its share and the drag remembers it, so the
  /// sheet's share is the rest; a change of hands records ``SheetEvent/scrollHandoff(to:height:offset:)``
  /// with the height and offset at the hand-off point. `vy` and `vx` are the finger's estimated
  /// velocities. Only the vertical travel is routed: a frame without any (a horizontal move, a hold)
  /// stays with whoever has the pan, so it reaches the sheet's drag height (with its new x) unless the
  /// scroll view has the pan, as a pan outside the scroll view does.
  /// - Returns: Whether the sheet moved, and whether its height is already computed.
  mutating func routeScroll(dy: Double, vy: Double, vx: Double) -> (sheetMoved: Bool, heightDone: Bool) {
    // Checked before the drag is copied: a pan outside a scroll view (the common frame) copies nothing.
    guard drag?.inScroll == true, var d = drag, var current = scroll else { return (true, false) }
    guard dy != 0 else { return (d.owner != .scroll, false) }
    let sign = geometry.edge.heightSign
    let grow = sign * dy
    let split: ScrollRouting.Split
    if let owner = callScrollOwner(d, velocity: vy, velocityX: vx) {
      split = ScrollRouting.Split(owner, grow)
    } else {
      let fingerHeight = d.startHeight + sign * (d.y - d.startY - d.scrollTravel) - grow
      let largest = detents.last?.height ?? geometry.extent
      split = ScrollRouting.split(
        grow: grow, sheetHeight: fingerHeight, largest: largest,
        nextDetent: nextDetentHeight(atOrAbove: fingerHeight) ?? largest,
        position: current.virtualPosition(sheetHeight: uncoveredHeight),
        maxOffset: current.view.maxOffset(sheetHeight: uncoveredHeight),
        prefersExpanding: configuration.prefersScrollingExpandsWhenScrolledToEdge)
    }
    var shares = Shares()
    take(split.first, split.firstAmount, &d, &current, &shares, vy: vy, vx: vx)
    if let second = split.second {
      take(second, split.secondAmount, &d, &current, &shares, vy: vy, vx: vx)
    }
    drag = d
    scroll = current
    return (shares.sheetMoved, shares.heightDone)
  }

  /// The lowest active detent's height at or above `h` (within ``ScrollRouting/atDetentTolerance``), or
  /// nil above them all. The detents are sorted by height; no list is made (the frame path).
  func nextDetentHeight(atOrAbove h: Double) -> Double? {
    for detent in detents where detent.height >= h - ScrollRouting.atDetentTolerance {
      return detent.height
    }
    return nil
  }

  /// What a frame's shares did so far.
  struct Shares {
    var sheetMoved = false
    var heightDone = false
  }

  /// Gives `owner` its share `amount` (height units) of a frame's travel, recording the hand-off when it
  /// changes hands. (A method, not a loop over a list of shares: the frame path allocates nothing.)
  mutating func take(
    _ owner: ScrollOwner, _ amount: Double, _ d: inout Drag, _ current: inout ScrollModel,
    _ shares: inout Shares, vy: Double, vx: Double
  ) {
    let handsOver = d.owner != nil && d.owner != owner
    if owner == .scroll {
      d.scrollTravel += geometry.edge.heightSign * amount  // a share in height units is sign * dy
      if handsOver {
        if shares.sheetMoved {  // the sheet's share of this frame ends here: its height at the hand-off
          drag = d
          height = dragHeight(velocity: vy, velocityX: vx)
          d = drag ?? d
          shares.heightDone = true
        }
        // The offset at the hand-off point, read in the frame at the hand-off height: a top sheet's
        // content offset is its largest offset less the distance from the pinned end, and the largest
        // offset follows the frame, which the sheet's share just moved.
        record(
          .scrollHandoff(
            to: .scroll, height: height, offset: contentOffset(ofPosition: current.position, current)))
      }
      current.track(by: amount, sheetHeight: uncoveredHeight)
    } else {
      if handsOver {
        record(
          .scrollHandoff(
            to: .sheet, height: height, offset: contentOffset(ofPosition: current.position, current)))
      }
      shares.sheetMoved = true
    }
    d.owner = owner
  }

  /// The policy's owner for a frame (nil: the built-in rule; a script error is recorded and the built-in rule
  /// decides).
  mutating func callScrollOwner(_ d: Drag, velocity vy: Double, velocityX vx: Double) -> ScrollOwner? {
    guard let view = scrollSnapshot else { return nil }
    do throws(ScriptError) {
      return try policy.scrollOwner(gestureInput(d, velocity: vy, velocityX: vx), view)
    } catch {
      recordScriptError(error)
      return nil
    }
  }

  /// The pan ended or was cancelled at finger velocity `vy`: a scroll view with a finger on it is let
  /// go (it decelerates, or bounces back from past an end). Returns whether the scroll view had the pan.
  @discardableResult
  mutating func endScrollTracking(velocity vy: Double) -> Bool {
    guard let d = drag, d.inScroll, var current = scroll else { return false }
    let owned = d.owner == .scroll
    current.release(
      velocity: owned ? geometry.edge.heightSign * vy : 0, rate: ScrollPhysics.decelerationRate,
      sheetHeight: uncoveredHeight)
    scroll = current
    return owned
  }

  /// Advances the scroll view's own motion (a deceleration or a bounce) by `dt`.
  mutating func advanceScroll(by dt: Double) {
    guard var current = scroll, current.isMoving else { return }
    current.advance(by: dt, rate: ScrollPhysics.decelerationRate, sheetHeight: uncoveredHeight)
    scroll = current
  }

  /// Shows the tracked scroll view for the sheet's height now (its frame follows the sheet).
  mutating func refreshScroll() {
    guard var current = scroll, current.isTracking else { return }
    current.show(current.virtualPosition(sheetHeight: uncoveredHeight), sheetHeight: uncoveredHeight)
    scroll = current
  }

  /// While dragging, the velocities of the one that moves: the sheet's dh/dt or the scroll view's.
  mutating func setDragVelocities(_ vy: Double) {
    let sign = geometry.edge.heightSign
    if drag?.owner == .scroll, var current = scroll {
      velocity = 0
      current.velocity = sign * vy
      scroll = current
    } else {
      velocity = sign * vy
      if var current = scroll, current.isTracking {
        current.velocity = 0
        scroll = current
      }
    }
  }
}
