@testable import SheetCore

/// Seed 004, a bottom sheet with UIViewPropertyAnimator, natively.
struct Seed004Policy: SheetPolicy {
  var configuration: SheetConfiguration {
    SheetConfiguration(detents: [Detent("open", .fixed(300))], gestureArea: .sheet, backdropMax: 1)
  }

  func dragHeight(_ input: DragInput) throws(ScriptError) -> Double {
    min(max(input.startHeight - input.translation, 0), input.geometry.height)
  }

  /// `clamp(h / 300, 0, 1)` while dragging; 1 open, 0 closed.
  func backdrop(_ sheet: SheetSnapshot) throws(ScriptError) -> Double? {
    min(max(sheet.height / 300, 0), 1)
  }

  func release(_ input: ReleaseInput) throws(ScriptError) -> ReleaseDecision {
    input.translation < 150
      ? ReleaseDecision(.detent("open"), reason: "ty < 150") : ReleaseDecision(.dismiss, reason: "ty >= 150")
  }

  func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
    -> TransitionAnimation
  {
    TransitionAnimation(height: .springDuration(duration: 0.3, dampingRatio: 1))
  }
}
