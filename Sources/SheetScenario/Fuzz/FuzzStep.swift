/// One step of a fuzz run: a scenario call (or a few) the sheet takes, or a check of a property that
/// needs calls of its own (a rest, a pair of flicks, a snap to the current detent, a rotation, a
/// reload).
///
/// A step holds what it means relative to the sheet, not screen points: a travel (`dy`), a grab and a
/// velocity are along the sheet's own axis (screen y for a bottom or top sheet, screen x for a side
/// sheet; ``FuzzSheet`` turns them into screen points) and `dx` or `x` across it, a grab is so many
/// points inside the sheet's leading edge, an accessibility action is a place among those offered, a snap names a detent by its place among the active ones, a touch's time is
/// an offset from the sheet's time then, a keyboard's height a fraction of the screen. So a step means
/// the same thing wherever it lands, and the shrinker can drop the steps before it. A check that starts
/// from a detent brings a moving sheet to rest first (a rest check), and is skipped when a finger is
/// down or the sheet rests on no detent. The calls a step
/// makes, with their screen points, are worked out when it runs (``FuzzSheet``), and written then.
package enum FuzzStep: Sendable, Hashable {
  /// `present()`.
  case present
  /// `dismiss()`.
  case dismiss
  /// `snap_to` the active detent at this place, lowest first (modulo their count).
  case snap(Int)
  /// `wait(frames / fps)`.
  case wait(frames: Int)
  /// A drag that lands `grab` points inside the sheet's leading edge (negative: outside it) and moves
  /// `dy` (and `dx`) over `duration` seconds, lifting unless `release` is false, at `velocity` when one
  /// is given.
  case drag(dy: Double, dx: Double, duration: Double, grab: Double, release: Bool, velocity: Double?)
  /// A flick of `dy` at `velocity` that lands `grab` points inside the sheet's leading edge.
  case flick(dy: Double, velocity: Double, grab: Double)
  /// A finger goes down `grab` points inside the sheet's leading edge, at screen x `x` (nil: the
  /// centre), `time` seconds after the sheet's time (nil: now).
  case touchDown(finger: Int, grab: Double, x: Double?, time: Double?)
  /// A finger moves `dy` from where it is, `time` seconds after the sheet's time (nil: a frame stepped).
  case touchMove(finger: Int, dy: Double, time: Double?)
  /// A finger lifts, at `velocity` when one is given, `time` seconds after the sheet's time (nil: now).
  case touchUp(finger: Int, velocity: Double?, time: Double?)
  /// A finger is cancelled.
  case touchCancel(finger: Int)
  /// A tap `grab` points inside the sheet's leading edge.
  case tap(grab: Double)
  /// `tap_backdrop()`.
  case tapBackdrop
  /// `back()`.
  case back
  /// `accessibility_action` of the action at this place among those the sheet offers then (modulo
  /// their count; among every name when it offers none).
  case accessibilityAction(place: Int)
  /// `reduce_motion(on)`.
  case reduceMotion(Bool)
  /// `resize { ... }` to this screen.
  case resize(width: Double, height: Double, safeTop: Double, safeBottom: Double)
  /// `set_content_height` as `content { height = }`.
  case content(height: Double)
  /// A scroll view in the content (`content { scroll = { ... } }`), or none (`scroll = false`) for nil.
  case scrollView(contentHeight: Double?, top: Double)
  /// `scroll_to { offset = }`.
  case scrollTo(Double)
  /// `keyboard { height, duration }`, the height a fraction of the screen's.
  case keyboard(fraction: Double, duration: Double)
  /// `reload` of the behaviour.
  case reload
  /// A rest check: `settle()`, then the sheet must rest within the bound on an active detent, or be
  /// dismissed or hidden (``FuzzProperty/rests``).
  case rest
  /// A pair of flicks of `dy` from the detent the sheet rests at, the slower at `slow` pt/s and the
  /// faster at `fast`, landing `grab` points inside the leading edge (``FuzzProperty/monotone``).
  case pair(dy: Double, slow: Double, fast: Double, grab: Double)
  /// A snap to the detent the sheet rests at (``FuzzProperty/snapCurrent``).
  case snapCurrent
  /// A rotation there and back (``FuzzProperty/rotation``).
  case rotation
  /// A reload of the behaviour while the sheet rests (``FuzzProperty/reload``).
  case reloadCheck

  /// Whether the step lifts or cancels a finger, and so may release the sheet.
  var releases: Bool {
    switch self {
    case .drag(_, _, _, _, let release, _): release
    case .flick, .touchUp, .touchCancel: true
    default: false
    }
  }
}
