---@meta
-- sheet-api.lua: LuaLS (Lua language server) annotations of SheetScript's behaviour API, so an editor
-- completes and checks the views a callback receives (`sheet`, `gesture`, `ctx`, `tap`, `scroll`,
-- `keyboard`) and the fields of a behaviour table. The helper module's own annotations are in
-- Sources/SheetScript/Presets/sheet.lua, which `require 'sheet'` resolves to (.luarc.json puts that
-- folder on the module path).
--
-- Declarations only: no code, never loaded by the host and never embedded as a preset (it is not in
-- Sources/SheetScript/Presets). The whole API with units and defaults: Sources/SheetScript/SheetScript.docc,
-- "Writing a behaviour". Annotate a behaviour's table with `---@type Behaviour` and its callbacks get
-- typed arguments.
--
-- Units: heights and distances in points (pt), screen y growing downward, velocities in pt/s, durations
-- in seconds, opacities in [0, 1]. A sheet's height is measured from the edge it hangs from (0: hidden).
--
-- Side sheets: a behaviour sees its sheet along the sheet's own axis. For `edge = 'leading'` (the
-- screen's left edge; the project has no layout direction, so leading is left) and `'trailing'` (the
-- right edge) that axis is screen x: `screen.height` is the screen's width, `screen.width` its height,
-- `safe` is 0 at both ends, and the `gesture` and `tap` fields named y (`y`, `start_y`, `translation`,
-- `velocity`, `delta`) measure along x while those named x measure along screen y. A trailing sheet then
-- reads as a bottom sheet (a finger moving right, + along its axis, shrinks it) and a leading one as a
-- top sheet, so a rule written for one works for the other (vaul's `direction`, FloatingPanel's
-- `.left` / `.right` positions).

---@alias SheetEdge
---| 'bottom'   # rises from the screen's bottom edge
---| 'top'      # hangs from the screen's top edge
---| 'leading'  # a side sheet at the screen's left edge, moved along x (mirrors 'top')
---| 'trailing' # a side sheet at the screen's right edge, moved along x (mirrors 'bottom')

---@alias SheetStateName
---| 'hidden'     # never presented
---| 'presenting' # animating in toward the present detent
---| 'resting'    # at rest at a detent (or at a height a behaviour chose)
---| 'dragging'   # following a finger
---| 'settling'   # animating toward a target after a release, a snap or a resize
---| 'dismissing' # animating out
---| 'dismissed'  # off screen after a dismissal

---@alias TapRegion 'backdrop'|'sheet'|'gesture_area'

---@alias TransitionName 'present'|'snap'|'restore'|'dismiss'|'resize'

---@alias CurveName 'linear'|'ease_in'|'ease_out'|'ease_in_out'

---Who takes a pan frame that began in the scroll view (`on_scroll`'s answer; nil: the built-in rule).
---@alias ScrollOwnerName 'sheet'|'scroll'

---What the sheet does when the keyboard shows, changes or hides (gorhom's keyboardBehavior names).
---@alias KeyboardModeName
---| 'interactive' # every detent lifted onto the keyboard; the sheet keeps its detent (default)
---| 'extend'      # lifted detents; the sheet goes to its largest
---| 'fill'        # the sheet fills the space above the keyboard, up to the available height
---| 'none'        # detents kept, except one lower than the keyboard rises to its top edge

---The `keyboard` argument of `on_keyboard`: a read-only view.
---@class KeyboardView
---@field height number pt: the keyboard's height above the screen's bottom edge now (it animates)
---@field target_height number pt: the height the host just reported (0: hiding)
---@field duration number seconds: the reported animation duration
---@field visible boolean target_height > 0

---The screen's size.
---@class ScreenSize
---@field width number screen width, pt (a side sheet's: the screen's height, across its axis)
---@field height number screen height H, pt; every height is at most this (a side sheet's: the width)

---The safe-area insets.
---@class SafeInsets
---@field top number pt (status bar, notch)
---@field bottom number pt (home indicator)

---The `sheet` argument of every callback: a read-only view, updated in place every frame.
---Writing a field, or reading one it does not have, raises an error.
---@class SheetView
---@field height number pt: the current height, in [0, H]
---@field state SheetStateName
---@field detent string? the detent the sheet rests at (while dragging, the one the drag started from)
---@field backdrop number opacity in [0, 1]
---@field time number seconds since the sheet was made
---@field index number the fractional detent index: 0 at the lowest detent, 1.5 halfway (by height) between
---the second and third, -1 at height 0, clamped to [-1, #order - 1]; `index % 1` is the progress up
---@field edge SheetEdge
---@field available number pt: the screen height minus the safe-area inset opposite the edge (side: the width)
---@field content number? pt: the content's height, nil when the host gives none
---@field screen ScreenSize
---@field safe SafeInsets
---@field detents table<string, number> id -> height (pt) of each active detent (nil for an inactive one)
---@field order string[] the active detent ids, ascending by height
---@field target? string the running (in `animations`: the starting) transition's target, an id or 'dismiss'
---@field target_height? number pt: the height that transition ends at (0 for a dismissal)
---@field thresholds table<string, number> the behaviour's thresholds, overrides applied
---@field scroll ScrollViewState? the host's scroll view inside the content, nil without one

---The `scroll` argument of `on_scroll` (and `sheet.scroll`): the scroll view inside the content, a
---read-only view.
---@class ScrollViewState
---@field offset number pt: the content offset, 0 at its top, max_offset at its end (past either when banded)
---@field content_height number pt: the scrollable content's height
---@field height number pt: its frame height now (without a declared height it ends at the keyboard's top)
---@field top number pt: where its frame starts inside the sheet's leading edge
---@field max_offset number pt: the largest offset at rest, max(0, content_height - height)
---@field velocity number pt/s: the offset's rate, positive while it grows (the content moving up)
---@field at_top boolean offset <= 0

---The `gesture` argument of `on_drag` and `on_release`: a read-only view.
---@class GestureView
---@field start_y number pt: the screen y where the pan began (a side sheet's: along its axis, screen x)
---@field y number pt: the finger's screen y now (a side sheet's: its screen x)
---@field translation number pt: y - start_y (positive down; a side sheet's: positive right)
---@field velocity number pt/s: the finger's screen velocity, positive down (in on_release, the release's;
---a side sheet's: along x, positive right)
---@field start_x number pt: the screen x where the pan began (default: the screen's horizontal centre;
---a side sheet's: across its axis, screen y)
---@field x number pt: the finger's screen x now (a side sheet's: its screen y)
---@field translation_x number pt: x - start_x (positive right)
---@field velocity_x number pt/s: the finger's horizontal velocity, + = right (in on_release, the release's)
---@field start_time number s: the sheet's clock when the pan began
---@field time number s: the sheet's clock at the latest sample (in on_release, the release's)
---@field average_velocity number pt/s: translation / (time - start_time), 0 when no time has passed
---@field average_velocity_x number pt/s: translation_x / (time - start_time), 0 when no time has passed
---@field start_height number pt: the sheet's height when the pan began
---@field start_detent string? the detent the pan started from
---@field delta number pt: how much `translation` changed since the previous on_drag call (+ = down)

---The `ctx` argument of detent height functions and of a `detents` function: a read-only view.
---@class DetentContext
---@field screen ScreenSize
---@field safe SafeInsets
---@field available number pt: the screen height minus the safe-area inset opposite the edge (side: the width)
---@field content number? pt: the content's height, nil when the host gives none
---@field edge SheetEdge
---@field thresholds table<string, number> the behaviour's thresholds, overrides applied

---The `tap` argument of `on_tap`: a read-only view.
---@class TapView
---@field region TapRegion where the tap landed
---@field x number pt: the tap's screen x (default: the screen's horizontal centre)
---@field y number pt: the tap's screen y

---A custom cubic Bézier timing curve from (0, 0) to (1, 1).
---@class BezierCurve
---@field bezier number[] { x1, y1, x2, y2 }: x in [0, 1], y in [-10, 10]

---A spring in one form: `{ damping_ratio, response }`, `{ duration, damping_ratio }`,
---`{ stiffness, damping, mass }` (Reanimated), `{ duration, bounce }` (Apple) or `{ preset, duration }`;
---with any of the options `velocity_fraction`, `rest_distance`, `rest_speed`, `clamp`, `stepped`.
---@class SpringSpec
---@field damping_ratio? number 0.01 to 100 (default 1: critically damped; below 1 overshoots)
---@field response? number seconds per undamped cycle, 0.001 to 60
---@field duration? number seconds, 0.001 to 60: to settle (with damping_ratio), else the response
---@field stiffness? number 0.001 to 1e6: Reanimated's k
---@field damping? number 0.001 to 1e6: Reanimated's c (a ratio c / (2 sqrt(k m)) >= 1 is critical)
---@field mass? number 0.001 to 10000 (default 1): Reanimated's m
---@field bounce? number -0.99 to 0.99: Apple's bounce (0 none; damping ratio 1 - b, or 1 / (1 + b) below 0)
---@field preset? 'smooth'|'snappy'|'bouncy' Apple's presets: bounce 0, 0.15, 0.3 (duration default 0.5)
---@field velocity_fraction? number 0 to 10 (default 1): the share of the current velocity it starts with
---@field rest_distance? number > 0 (default 0.5 pt for the height): rests when this near its target ...
---@field rest_speed? number > 0 (default 1 pt/s for the height): ... and slower than this
---@field clamp? boolean default false: ends the first frame it reaches or crosses its target
---@field stepped? boolean default false: an implicit step a frame with the frame's interval (FloatingPanel's
---NumericSpringAnimator), resting within rest_distance after a frame that moved it at most that far

---A timing curve as a function of time progress t in [0, 1]: f(0) = 0 and f(1) = 1 (checked when read),
---values within [-10, 10]; called at every frame.
---@alias CurveFunction fun(t: number): number

---One value's motion: a curve with a duration, or a spring.
---@class MotionSpec
---@field curve? CurveName|BezierCurve|CurveFunction default 'ease_in_out' (UIView.animate's default curve)
---@field duration? number seconds, 0.001 to 60 (with `curve`)
---@field spring? SpringSpec

---A transition's animation: the height's motion, the backdrop's, and a dismissal's slide.
---@class AnimationSpec: MotionSpec
---@field backdrop? MotionSpec the backdrop's own motion (default: it follows the height's progress)
---@field slide? number pt, 0 to 100000: a dismissal moves down by this much instead of to 0
---@field cross_fade? boolean the sheet goes to its end at once and fades in there (reduce motion's default)

---@alias AnimationEntry AnimationSpec|fun(sheet: SheetView): AnimationSpec

---`animations` as a table keyed by transition; `restore` and `resize` default to `snap`'s.
---@class AnimationTable
---@field present? AnimationEntry
---@field snap? AnimationEntry
---@field restore? AnimationEntry a release back to the detent the drag started from
---@field dismiss? AnimationEntry
---@field resize? AnimationEntry after a resize, a content change or a hot reload

---The accessibility actions offered now: each a detent id or 'dismiss'; false or absent: not offered.
---@class AccessibilityActions
---@field expand? string|false default: the next detent up
---@field collapse? string|false default: the next detent down
---@field dismiss? 'dismiss'|false default: offered when the sheet may be dismissed

---Where a pan may start, as a band inside the sheet's leading edge.
---@class GestureBand
---@field band number pt, 0 to 10000: the band's depth into the sheet
---@field backdrop? boolean whether a pan may also start on the backdrop (default false)

---One detent: an id and exactly one of `height`, `fraction` or `inset`.
---@class DetentSpec
---@field id string unique, non-empty, not 'dismiss'
---@field height? number|'content'|fun(ctx: DetentContext): number? pt, 'content' or a function (nil: off)
---@field fraction? number 0 to 1, of the available height
---@field inset? number pt, 0 to 100000: the available height minus this
---@field max? number pt: the cap of a 'content' height (default: the available height)

---The view behind the sheet (the page that presented it) at one frame: `behind`'s answer. Each key is
---optional.
---@class BehindSpec
---@field scale? number 0 to 10 (default 1): the page's scale, about its top centre
---@field corner_radius? number pt, 0 to 1000 (default 0)
---@field offset? number pt, within 100000 either way (default 0): how far it moves down
---@field dim? number opacity, 0 to 1 (default 0): a black overlay over it

---A release target: an active detent id, 'dismiss', or an explicit height.
---@alias ReleaseTarget string|{ height: number }

---A behaviour file's returned table. Every field is optional: what is missing comes from the native
---default policy, which also decides whenever a callback fails.
---@class Behaviour
---@field name? string free text, ignored by the host
---@field description? string free text, ignored by the host
---@field edge? SheetEdge default 'bottom'
---@field corner_radius? number pt, 0 to 1000 (default 16), for a renderer
---@field grabber? boolean default false, for a renderer
---@field pannable? boolean default true
---@field gesture_area? 'screen'|'sheet'|GestureBand default 'sheet'
---@field backdrop_max? number opacity, 0 to 1 (default 0.3): the default policy's backdrop's full opacity
---@field tap_to_dismiss? boolean|TapRegion|TapRegion[] default 'backdrop' (true: 'backdrop'; false: none)
---@field allow_dismiss? boolean default true: whether the default policy's release rule may dismiss
---@field present_detent? string default: the first active detent in declaration order
---@field largest_undimmed_detent? string the default policy's backdrop stays 0 up to this detent
---@field backdrop_follows_height? boolean default false: transitions ask `backdrop` at every frame's height
---@field prefers_scrolling_expands_when_scrolled_to_edge? boolean default true: the sheet expands first
---@field thresholds? table<string, number> tunable numbers (set {}, --set, sheet tune); six are native
---@field detents? DetentSpec[]|fun(ctx: DetentContext): DetentSpec[] default medium (0.5), large (inset 10)
---@field on_drag? fun(sheet: SheetView, gesture: GestureView): number the height, pt in [0, H]
---@field on_release? fun(sheet: SheetView, gesture: GestureView): ReleaseTarget, string?, AnimationSpec?
---@field backdrop? fun(sheet: SheetView): number? an opacity in [0, 1], or nil to keep the current one (also
---every transition frame with backdrop_follows_height)
---@field on_tap? fun(sheet: SheetView, tap: TapView): 'dismiss'|string|false|nil 'dismiss' or a detent id
---@field on_resize? fun(sheet: SheetView): string? a detent id to go to, or nil to stay
---@field on_state? fun(sheet: SheetView, from: SheetStateName, to: SheetStateName)
---With allow_dismiss = false: a release below the lowest detent or a backdrop tap that does nothing:
---@field on_dismiss_attempt? fun(sheet: SheetView, cause: 'release'|'tap'|'back'|'accessibility')
---@field back? 'collapse'|'dismiss' what back() does by default: 'dismiss' (default) or one detent down
---A detent id, 'dismiss', false (back goes on to the app) or nil for the `back` rule:
---@field on_back? fun(sheet: SheetView): string|false|nil
---The actions offered now (`actions`: the defaults, to change and return), or nil for the defaults:
---@field accessibility? fun(sheet: SheetView, actions: AccessibilityActions): AccessibilityActions?
---@field reduced? AnimationTable the animations under reduce motion (default: a 0.2 s cross-fade)
---@field on_scroll? fun(sheet: SheetView, gesture: GestureView, scroll: ScrollViewState): ScrollOwnerName?
---@field keyboard? KeyboardModeName default 'interactive'
---A detent id, a height (brought into [keyboard, cap]) or nil for the `keyboard` mode:
---@field on_keyboard? fun(sheet: SheetView, keyboard: KeyboardView): string|{height: number}|nil
---@field animations? AnimationTable|fun(sheet: SheetView, transition: TransitionName): AnimationSpec?
---@field behind? fun(sheet: SheetView): BehindSpec? the view behind the sheet, every frame (nil: keep)
