/// A read-only view of the sheet handed to policy callbacks.
public struct SheetSnapshot: Sendable, Equatable {
  /// The screen.
  public var geometry: SheetGeometry
  /// Active detents, ascending by height.
  public var detents: [ResolvedDetent]
  /// The content's height, if known.
  public var contentHeight: Double?
  /// The state (for the backdrop at a transition's target: `.resting`).
  public var state: SheetState
  /// Height in points.
  public var height: Double
  /// The fractional detent index of ``height`` over ``detents`` (``Formulas/detentIndex(height:detents:)``).
  public var detentIndex: Double { Formulas.detentIndex(height: height, detents: detents.lazy.map(\.height)) }
  /// The detent at rest, or the one the movement started from / heads to (see ``SheetMachine/detent``).
  public var detent: String?
  /// Backdrop opacity.
  public var backdrop: Double
  /// Machine time in seconds.
  public var time: Double
  /// Where the running transition goes, or nil; while the policy picks a transition's animation, that
  /// transition's target.
  public var target: ReleaseTarget? = nil
  /// The height (pt) ``target`` ends at, or nil without a target (0 for a dismissal).
  public var targetHeight: Double? = nil
  /// The scroll view inside the content; nil without one.
  public var scroll: ScrollSnapshot? = nil

  /// The height of an active detent.
  /// - Parameter id: The detent's identifier.
  /// - Returns: Its height, or nil when inactive or unknown.
  public func height(of id: String) -> Double? {
    for d in detents where d.id == id { return d.height }
    return nil
  }
}

/// A pan in progress or being released, with the sheet it moves.
///
/// The fields named y measure along the sheet's axis and those named x across it: screen y and x for a
/// bottom or top sheet, screen x and y for a side sheet (``SheetEdge/leading``, ``SheetEdge/trailing``),
/// so a rule written for a bottom sheet reads a trailing one the same way (``SheetGeometry/axisPoint(x:y:)``).
public struct GestureInput: Sendable, Equatable {
  /// The sheet (its `height` is the current height).
  public var sheet: SheetSnapshot
  /// Screen y where the pan began; during a pan that began in the scroll view, moved by the travel the
  /// scroll view took, so ``translation`` is the sheet's share.
  public var startY: Double
  /// Current screen y.
  public var y: Double
  /// Sheet height when the pan began.
  public var startHeight: Double
  /// The detent the sheet was at (or heading to) when the pan began.
  public var startDetent: String?
  /// Screen-y velocity (points per second, + = down): the estimate while dragging, the release velocity
  /// on release.
  public var velocity: Double
  /// Screen x where the pan began (points; a host that gives no x: the screen's horizontal centre).
  public var startX: Double = 0
  /// Current screen x.
  public var x: Double = 0
  /// Screen-x velocity (points per second, + = right), estimated as ``velocity`` is: the estimate while
  /// dragging, the release's horizontal velocity on release.
  public var velocityX: Double = 0
  /// Machine time in seconds when the pan began (its first sample).
  public var startTime: Double = 0
  /// Machine time in seconds of the latest sample (on release, the release's).
  public var time: Double = 0
  /// The drag event's own vertical travel, points (+ = down): how much ``translation`` (the sheet's share)
  /// changed since the previous ``SheetPolicy/dragHeight(_:)`` call of this pan, or since the pan began
  /// at the first; a release (and a scroll decision) reads the latest drag call's. It is what a pan
  /// recognizer whose translation is reset to zero after every event reports (slackhq/PanModal
  /// `respond(to:)`), so a policy can move the sheet from its height by each event rather than from
  /// where the pan began.
  public var delta: Double = 0

  /// `y - startY`.
  public var translation: Double { y - startY }
  /// `x - startX`.
  public var translationX: Double { x - startX }
  /// The whole pan's average vertical velocity, points per second: ``translation`` over the time since
  /// the pan began (0 when no time has passed). vaul's release "velocity" is this quantity's magnitude in
  /// px/ms (emilkowalski/vaul src/index.tsx, `onRelease`: `Math.abs(distMoved) / timeTaken`, with
  /// `timeTaken` from pointer down to pointer up).
  public var averageVelocity: Double {
    Self.averageVelocity(distance: translation, from: startTime, to: time)
  }
  /// The whole pan's average horizontal velocity, points per second: ``translationX`` over the time since
  /// the pan began (0 when no time has passed).
  public var averageVelocityX: Double {
    Self.averageVelocity(distance: translationX, from: startTime, to: time)
  }
  /// The screen.
  public var geometry: SheetGeometry { sheet.geometry }
  /// Active detents, ascending.
  public var detents: [ResolvedDetent] { sheet.detents }
  /// The current height.
  public var height: Double { sheet.height }

  /// Average velocity over a whole pan, `distance / (end - start)` in points per second; 0 when
  /// `end <= start` (a release in the pan's first instant has no elapsed time to divide by).
  /// - Parameters:
  ///   - distance: Points travelled, signed.
  ///   - start: When the pan began, seconds.
  ///   - end: Now, seconds.
  /// - Returns: Points per second, within ±``SheetLimits/maximumVelocity``.
  public static func averageVelocity(distance: Double, from start: Double, to end: Double) -> Double {
    let elapsed = end - start
    guard elapsed > 0 else { return 0 }
    return SheetLimits.clamp(velocity: distance / elapsed)
  }
}

/// The input of ``SheetPolicy/dragHeight(_:)``.
public typealias DragInput = GestureInput
/// The input of ``SheetPolicy/release(_:)``.
public typealias ReleaseInput = GestureInput
