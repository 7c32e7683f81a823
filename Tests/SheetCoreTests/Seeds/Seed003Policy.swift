@testable import SheetCore

/// Seed 003, a fixed top sheet, natively.
struct Seed003Policy: SheetPolicy {
  var configuration: SheetConfiguration {
    SheetConfiguration(
      edge: .top,
      detents: [
        Detent(
          "content",
          .custom { ctx in
            ctx.contentHeight.map { min($0, ctx.geometry.height - ctx.geometry.safeArea.bottom - 120) }
          })
      ],
      gestureArea: .sheet, pannable: false, tapDismissRegions: [], backdropMax: 0.25, cornerRadius: 14)
  }

  func backdrop(_ sheet: SheetSnapshot) throws(ScriptError) -> Double? { sheet.height > 0 ? 0.25 : 0 }

  func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
    -> TransitionAnimation
  {
    TransitionAnimation(height: .curve(.easeInOut, duration: 0.3))
  }
}
