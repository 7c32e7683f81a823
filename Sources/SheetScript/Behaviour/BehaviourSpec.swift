import LuaHost
import SheetCore

/// A behaviour table read and checked: its configuration, thresholds, callbacks and animations.
///
/// Every field is optional; what is missing is `nil` here and comes from the default policy.
package struct BehaviourSpec {
  /// How one detent's height is given.
  package enum DetentHeight {
    case fixed(Double)
    case fraction(Double)
    case inset(Double)
    case content(max: Double?)
    case function(LuaFunction)
  }

  /// One entry of `detents`.
  package struct DetentEntry {
    var id: String
    var height: DetentHeight
  }

  /// An entry of `animations`: a fixed animation or a function of the sheet returning one.
  package enum AnimationEntry {
    case fixed(TransitionAnimation)
    case function(LuaFunction)
  }

  package var edge: SheetEdge?
  package var cornerRadius: Double?
  package var grabber: Bool?
  package var pannable: Bool?
  package var gestureArea: GestureArea?
  package var backdropMax: Double?
  package var tapRegions: Set<TouchRegion>?
  package var allowsDismiss: Bool?
  package var presentDetent: String?
  package var largestUndimmedDetent: String?
  package var backdropFollowsHeight: Bool?
  package var prefersScrollingExpands: Bool?
  package var detents: [DetentEntry]?
  package var detentsFunction: LuaFunction?
  package var thresholds: [String: Double] = [:]
  package var onDrag: LuaFunction?
  package var onRelease: LuaFunction?
  package var backdrop: LuaFunction?
  package var onTap: LuaFunction?
  package var onResize: LuaFunction?
  package var onState: LuaFunction?
  package var onDismissAttempt: LuaFunction?
  /// `back = 'collapse'`: the back action collapses by default (nil: the configuration's default).
  package var backCollapses: Bool?
  /// `on_back(sheet)`: where the back action sends the sheet.
  package var onBack: LuaFunction?
  /// `accessibility(sheet, actions)`: the accessibility actions offered now.
  package var accessibility: LuaFunction?
  /// `reduced`: the animations under reduce motion, per transition.
  package var reduced: [SheetTransition: AnimationEntry] = [:]
  package var onScroll: LuaFunction?
  package var animations: [SheetTransition: AnimationEntry] = [:]
  package var animationsFunction: LuaFunction?
  package var keyboard: KeyboardMode?
  package var onKeyboard: LuaFunction?
  /// `behind(sheet)`: the view behind the sheet at every frame.
  package var behind: LuaFunction?
}
