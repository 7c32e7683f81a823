/// Where a sheet may rest while the keyboard is up: the formulas that keep it off the keyboard and
/// below the screen's top. Heights are the sheet's visible extent from its edge, in points, as
/// everywhere in the core; the keyboard rises from the screen's bottom edge.
///
/// Bottom sheet, keyboard `K > 0`, available height `A = H − safeTop`:
/// - the cap is `max(A, K)`: the sheet's top edge stays below the safe area, unless the keyboard itself
///   reaches higher (then the sheet rests on the keyboard's top edge, which is on screen: `K <= H`);
/// - `interactive`, `extend`, `fill` lift every detent onto the keyboard: `min(d + K, cap)` (the space
///   above the keyboard is the sheet's screen, shrunk by `K`), so a 398.5 pt detent over a 336 pt
///   keyboard rests at 734.5, and the 787 pt one at the cap, 797;
/// - `none` leaves a detent where it is unless the keyboard would cover it: `max(d, K)`;
/// - a sheet at an explicit height rests in `[K, cap]` (`none`: `[K, H]`); `fill` rests at the cap.
///
/// Top sheet (hanging from the top edge, its leading edge at `y = h`): every mode caps a detent at the
/// keyboard's top, `min(d, H − K)`; a detent left with no room (`H − K <= 0`) is inactive; explicit
/// heights rest in `[0, H − K]`; `fill` rests at `H − K`.
///
/// Side sheet (`leading`, `trailing`): the keyboard rises across the sheet's axis, so it takes no room
/// along it; the sheet rests as without a keyboard.
///
/// With `K = 0` nothing changes: detents keep their heights and explicit heights their `[0, H]` range.
public struct KeyboardGeometry: Sendable, Equatable {
  /// The screen.
  public var geometry: SheetGeometry
  /// The keyboard's height above the screen's bottom edge, points, in `[0, H]`.
  public var keyboard: Double
  /// The configuration's mode.
  public var mode: KeyboardMode

  /// Creates the placement for a screen and a keyboard.
  /// - Parameters:
  ///   - geometry: The screen (its edge says which formulas apply).
  ///   - keyboard: The keyboard's height in points.
  ///   - mode: The mode.
  public init(geometry: SheetGeometry, keyboard: Double, mode: KeyboardMode) {
    self.geometry = geometry
    self.keyboard = keyboard
    self.mode = mode
  }

  /// Whether the keyboard takes any room along the sheet's axis (never for a side sheet).
  public var isActive: Bool { keyboard > 0 && !geometry.edge.isHorizontal }

  /// Whether the mode lifts detents onto the keyboard (bottom sheets: all but ``KeyboardMode/none``).
  var lifts: Bool { mode != .none }

  /// The highest a sheet rests: bottom `max(A, K)` when the mode lifts, else `H`; top `H − K`.
  public var cap: Double {
    guard isActive else { return geometry.extent }
    if geometry.edge == .top { return max(geometry.height - keyboard, 0) }
    return lifts ? max(geometry.availableHeight, keyboard) : geometry.height
  }

  /// The lowest a sheet on screen rests: bottom `K` (its top edge on the keyboard's), top 0.
  public var floor: Double {
    isActive && geometry.edge == .bottom ? min(keyboard, geometry.height) : 0
  }

  /// A resolved detent's height while the keyboard is up (see the type's formulas); 0 or less means the
  /// detent has no room and is inactive.
  /// - Parameter d: The detent's height without the keyboard, in `(0, H]`.
  /// - Returns: Its height with the keyboard, points.
  public func placed(_ d: Double) -> Double {
    guard isActive else { return d }
    if geometry.edge == .top { return min(d, geometry.height - keyboard) }
    return lifts ? min(d + keyboard, cap) : max(d, keyboard)
  }

  /// An explicit height (a release's, a behaviour's) brought into `[floor, cap]`.
  /// - Parameter h: The height in points.
  /// - Returns: The height the sheet may rest at.
  public func clamped(_ h: Double) -> Double {
    Formulas.clamp(h, floor, max(floor, cap))
  }

  /// The part of a sheet of height `h` the keyboard leaves uncovered, points: a bottom sheet's top edge
  /// is `h` above the screen's bottom, the keyboard's `k`, so `max(0, h − k)`; a top sheet hangs down to
  /// `y = h` and the keyboard starts at `y = H − k`, so `max(0, min(h, H − k))`. With `k = 0`, and for a side sheet, `h`. The
  /// scroll view's frame is laid out in this height (UIKit's `keyboardLayoutGuide`: a list pinned to
  /// the keyboard's top edge).
  /// - Parameters:
  ///   - h: The sheet's height, points, in `[0, H]`.
  ///   - k: The keyboard's height (as it animates), points, in `[0, H]`.
  ///   - geometry: The screen.
  /// - Returns: Points, in `[0, h]`.
  public static func uncovered(sheetHeight h: Double, keyboard k: Double, geometry: SheetGeometry) -> Double {
    if geometry.edge.isHorizontal { return h }
    if geometry.edge == .top { return max(0, min(h, geometry.height - k)) }
    return max(0, h - k)
  }

  /// The height `fill` rests at: the cap.
  public var fillHeight: Double { max(floor, cap) }
}
