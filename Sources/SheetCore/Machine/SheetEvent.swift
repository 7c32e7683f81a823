/// Something that happened to a sheet, returned by the machine call that caused it (see ``SheetMachine``).
public enum SheetEvent: Sendable, Equatable {
  /// Why a dismissal started.
  public enum DismissCause: String, Sendable {
    /// `dismiss()` was called (during a drag: when the drag ended).
    case request
    /// A tap dismissed (as an attempt: a tap on the backdrop that a sheet which may not be dismissed
    /// refused).
    case tap
    /// Only as an attempt: a release below the lowest detent of a sheet that may not be dismissed.
    case release
    /// The back action (``SheetHost/back()``) dismissed (as an attempt: a sheet that may not be
    /// dismissed refused it).
    case back
    /// The `dismiss` accessibility action (``SheetHost/performAccessibilityAction(_:)``) dismissed (as
    /// an attempt: a sheet that may not be dismissed refused it).
    case accessibility
  }

  /// A pan phase (`changed` is not recorded).
  public enum GesturePhase: String, Sendable {
    /// The finger went down and is tracked.
    case began
    /// The finger lifted.
    case ended
    /// The system cancelled the pan.
    case cancelled
  }

  /// `present()` started a presentation to this detent.
  case present(detent: String)
  /// A dismissal was requested or tapped (a release's dismissal shows as its `decision`).
  case dismiss(cause: DismissCause)
  /// A sheet whose configuration forbids dismissal (``SheetConfiguration/allowsDismiss`` false) was
  /// asked to go: released below its lowest detent (`release`), or tapped on the backdrop without a tap
  /// action (`tap`). It stays; the policy is told (``SheetPolicy/dismissAttempt(_:_:)``). UIKit's
  /// `presentationControllerDidAttemptToDismiss` with `isModalInPresentation`.
  case dismissAttempt(cause: DismissCause)
  /// The back action (Android's back, Escape on the web) and where the policy sent the sheet
  /// (``SheetPolicy/back(_:)``); nil: nowhere, the back falls through to the app.
  case back(target: ReleaseTarget?)
  /// An accessibility action was performed and where it sent the sheet; nil: the sheet does not offer
  /// it now (``SheetPolicy/accessibilityActions(_:)``), nothing changed.
  case accessibilityAction(AccessibilityAction.Name, target: ReleaseTarget?)
  /// The host's reduce motion setting changed (``SheetHost/setReduceMotion(_:)``).
  case reduceMotion(Bool)
  /// `snap(to:)` was called.
  case snap(to: String)
  /// A tracked pan's phase at screen y.
  case gesture(GesturePhase, y: Double)
  /// A pan was not tracked because the configuration refuses it (not pannable, or the touch is outside
  /// the gesture area); its later phases are ignored silently. A pan no sheet can take in its state is
  /// ``ignored(input:state:)`` instead.
  case ignoredGesture(reason: String)
  /// An input the state does not take fell through and changed nothing (see
  /// ``TransitionTable/response(to:in:)``): a drag on a dismissed sheet, `present()` while presented, a
  /// snap during a drag...
  case ignored(input: SheetInput, state: SheetState)
  /// An input the state cannot take now is remembered and applies when the state ends (`dismiss()`
  /// during a drag applies when the finger lifts; see ``TransitionTable/response(to:in:)``).
  case queued(input: SheetInput, state: SheetState)
  /// A release with this screen velocity (pt/s): `velocity` along y (+ = down), `velocityX` along x
  /// (+ = right; 0 for a finger that moved only vertically).
  case release(velocity: Double, velocityX: Double = 0)
  /// The policy's (or the fallback's) release decision.
  case decision(target: ReleaseTarget, reason: String)
  /// A state change.
  case state(from: SheetState, to: SheetState)
  /// A tap, where it landed and what it did.
  case tap(region: TouchRegion, action: TapAction)
  /// The geometry changed.
  case resize(SheetGeometry)
  /// The content height changed.
  case content(Double)
  /// The host reported the keyboard: its height (0: hidden) and its animation's duration.
  case keyboard(height: Double, duration: Double)
  /// An animated transition started.
  case animation(SheetTransition, TransitionAnimation, to: ReleaseTarget)
  /// A policy callback failed; the default policy decided instead.
  case scriptError(callback: String, message: String)
  /// A transition finished: at rest at this detent (nil for an explicit height or a dismissal).
  case settled(detent: String?, height: Double)
  /// The scroll view was described (nil: removed).
  case scrollView(ScrollView?)
  /// ``SheetHost/scroll(to:)`` set the content offset to this (bounded to the content).
  case scrollTo(offset: Double)
  /// A pan that began inside the scroll view changed hands mid-gesture: from here `to` moves with the
  /// finger. `height` and `offset` are the sheet's height and the content offset at the hand-off point,
  /// within the frame's travel.
  case scrollHandoff(to: ScrollOwner, height: Double, offset: Double)
}
