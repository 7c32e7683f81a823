@testable import SheetCore

/// Seed 001, CustomHalfModal, natively: one detent at the content's height `C`.
struct Seed001Policy: SheetPolicy {
  var opacity = 0.7
  var duration = 0.3

  var configuration: SheetConfiguration {
    SheetConfiguration(
      detents: [Detent("content", .content(cap: nil))], gestureArea: .band(28, includesBackdrop: true),
      tapDismissRegions: [.backdrop, .gestureArea], backdropMax: opacity, cornerRadius: 6, grabber: true)
  }

  func contentHeight(_ sheet: SheetSnapshot) -> Double { sheet.height(of: "content") ?? 0 }

  /// `h = C - inset` when the finger is below its start; dragging up changes nothing.
  func dragHeight(_ input: DragInput) throws(ScriptError) -> Double {
    let inset = input.translation
    guard inset > 0 else { return input.height }
    return max(contentHeight(input.sheet) - inset, 0)
  }

  /// `0.7 - 0.7 * inset / C` with `inset = C - h`.
  func backdrop(_ sheet: SheetSnapshot) throws(ScriptError) -> Double? {
    let c = contentHeight(sheet)
    guard c > 0 else { return 0 }
    let inset = c - sheet.height
    return min(max(opacity - opacity * inset / c, 0), 1)
  }

  func release(_ input: ReleaseInput) throws(ScriptError) -> ReleaseDecision {
    let inset = input.translation
    let c = contentHeight(input.sheet)
    if inset > c / 2 {
      return ReleaseDecision(.dismiss, reason: "inset > C / 2", animation: fade(0.3))
    }
    if input.velocity > 2000 {
      return ReleaseDecision(.dismiss, reason: "vy > 2000", animation: fade(0.2))
    }
    return ReleaseDecision(.detent("content"), reason: "restore", animation: fade(0.1))
  }

  func fade(_ d: Double) -> TransitionAnimation {
    TransitionAnimation(height: .curve(.easeInOut, duration: d))
  }

  func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
    -> TransitionAnimation
  {
    fade(transition == .restore ? 0.1 : duration)
  }
}
