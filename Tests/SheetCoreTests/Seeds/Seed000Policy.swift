@testable import SheetCore

/// Seed 000, BottomSheetViewController, natively. The seed positions the sheet
/// by `c = E - h` from the safe-area top, `E` = the available height.
struct Seed000Policy: SheetPolicy {
  var defaultHeight = 500.0
  var dimmedAlpha = 0.4
  var minTop = 40.0
  var pannable = true

  var configuration: SheetConfiguration {
    let (dh, top) = (defaultHeight, minTop)
    return SheetConfiguration(
      detents: [
        Detent("normal", .custom { $0.availableHeight - dh > 0 ? dh : $0.availableHeight - top }),
        Detent("expanded", .custom { $0.availableHeight - top }),
      ],
      gestureArea: .screen, pannable: pannable, tapDismissRegions: [.backdrop], backdropMax: dimmedAlpha,
      cornerRadius: 16, grabber: pannable, presentDetent: "normal")
  }

  /// `dim(c)`: `dimmedAlpha` above `full = (E - defaultHeight) / 2`, 0 below `none = E`, linear between.
  func dim(_ c: Double, e: Double) -> Double {
    let full = (e - defaultHeight) / 2
    let none = e
    if c < full { return dimmedAlpha }
    if c > none { return 0 }
    return dimmedAlpha * (1 - (c - full) / (none - full))
  }

  /// `c = c0 + ty` while it stays below `minTop`'s line, else the last `c`.
  func dragHeight(_ input: DragInput) throws(ScriptError) -> Double {
    let e = input.geometry.availableHeight
    let c0 = e - input.startHeight
    guard c0 + input.translation > minTop else { return input.height }
    return min(max(e - (c0 + input.translation), 0), input.geometry.height)
  }

  func backdrop(_ sheet: SheetSnapshot) throws(ScriptError) -> Double? {
    dim(sheet.geometry.availableHeight - sheet.height, e: sheet.geometry.availableHeight)
  }

  /// `vy > 1500` dismisses; else the nearest of `[minTop, E - defaultHeight, E]` (unclamped; first wins).
  func release(_ input: ReleaseInput) throws(ScriptError) -> ReleaseDecision {
    if input.velocity > 1500 { return ReleaseDecision(.dismiss, reason: "vy > 1500") }
    let e = input.geometry.availableHeight
    let c = e - input.height
    let i = Formulas.nearest(c, in: [minTop, e - defaultHeight, e]) ?? 2
    let target: [ReleaseTarget] = [.detent("expanded"), .detent("normal"), .dismiss]
    return ReleaseDecision(target[i], reason: "nearest")
  }

  func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
    -> TransitionAnimation
  {
    TransitionAnimation(height: .curve(transition == .dismiss ? .easeIn : .easeOut, duration: 0.25))
  }

  func resizeTarget(_ sheet: SheetSnapshot) throws(ScriptError) -> String? { "normal" }
}
