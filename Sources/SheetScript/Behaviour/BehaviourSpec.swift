import LuaHost
import SheetCore

/// A behaviour table read and checked: its configuration, thresholds, callbacks and animations.
///
/// Every field is optional; what is missing is `nil` here and comes from the default policy.
struct BehaviourSpec {
  /// How one detent's height is given.
  enum DetentHeight {
    case fixed(Double)
    case fraction(Double)
    case inset(Double)
    case content(max: Double?)
    case function(LuaFunction)
  }

  /// One entry of `detents`.
  struct DetentEntry {
    var id: String
    var height: DetentHeight
  }

  /// An entry of `animations`: a fixed animation or a function of the sheet returning one.
  enum AnimationEntry {
    case fixed(TransitionAnimation)
    case function(LuaFunction)
  }

  var edge: SheetEdge?
  var cornerRadius: Double?
  var grabber: Bool?
  var pannable: Bool?
  var gestureArea: GestureArea?
  var backdropMax: Double?
  var tapRegions: Set<TouchRegion>?
  var allowsDismiss: Bool?
  var presentDetent: String?
  var largestUndimmedDetent: String?
  var backdropFollowsHeight: Bool?
  var prefersScrollingExpands: Bool?
  var detents: [DetentEntry]?
  var detentsFunction: LuaFunction?
  var thresholds: [String: Double] = [:]
  var onDrag: LuaFunction?
  var onRelease: LuaFunction?
  var backdrop: LuaFunction?
  var onTap: LuaFunction?
  var onResize: LuaFunction?
  var onState: LuaFunction?
  var onScroll: LuaFunction?
  var animations: [SheetTransition: AnimationEntry] = [:]
  var animationsFunction: LuaFunction?
  var keyboard: KeyboardMode?
  var onKeyboard: LuaFunction?
}
