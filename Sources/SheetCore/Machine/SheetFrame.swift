/// The sheet after one ``SheetHost/step(_:)``.
public struct SheetFrame: Sendable, Equatable {
  /// Machine time in seconds.
  public var time: Double
  /// The state.
  public var state: SheetState
  /// See ``SheetMachine/detent``.
  public var detent: String?
  /// Where the running transition goes; nil when not animating.
  public var target: ReleaseTarget?
  /// Height in points, in [0, H].
  public var height: Double
  /// dh/dt in points per second (+ = growing).
  public var velocity: Double
  /// Backdrop opacity in [0, 1].
  public var backdrop: Double
  /// The keyboard's height above the screen's bottom edge in points (0 when hidden), as it animates.
  public var keyboard: Double = 0
  /// The scroll view's content offset in points (see ``SheetMachine/scrollOffset``); nil without a
  /// scroll view.
  public var scrollOffset: Double? = nil
  /// The fractional detent index (``Formulas/detentIndex(height:detents:)``): 1.5 halfway between the
  /// second and the third detent, -1 at height 0.
  public var detentIndex: Double = -1
  /// The progress from the detent below toward the next one up, in [0, 1): the index's fractional part.
  public var detentProgress: Double { detentIndex - detentIndex.rounded(.down) }
  /// The view behind the sheet (see ``SheetMachine/behind``); nil when the policy does not describe it.
  public var behind: BehindView? = nil
  /// The running cross-fade (``SheetMachine/crossFade``); nil when none runs.
  public var crossFade: CrossFade? = nil
}
