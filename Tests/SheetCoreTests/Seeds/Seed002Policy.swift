@testable import SheetCore

/// Seed 002, CustomModalViewController, natively.
struct Seed002Policy: SheetPolicy {
  var defaultHeight = 300.0
  var dismissibleHeight = 200.0
  var opacity = 0.6

  var configuration: SheetConfiguration {
    SheetConfiguration(
      detents: [
        Detent("default", .fixed(defaultHeight)), Detent("max", .custom { $0.geometry.height - 64 }),
      ],
      gestureArea: .screen, tapDismissRegions: [.backdrop], backdropMax: opacity, cornerRadius: 16,
      presentDetent: "default")
  }

  func maximum(_ g: SheetGeometry) -> Double { g.height - 64 }

  /// `newHeight = current - ty`; below the maximum it applies (clamped at 0), else the height stays.
  func dragHeight(_ input: DragInput) throws(ScriptError) -> Double {
    let newHeight = input.startHeight - input.translation
    guard newHeight < maximum(input.geometry) else { return input.height }
    return max(newHeight, 0)
  }

  /// Unchanged while dragging; 0.6 at rest.
  func backdrop(_ sheet: SheetSnapshot) throws(ScriptError) -> Double? {
    sheet.state == .dragging ? nil : opacity
  }

  /// The seed's rules, in order.
  func release(_ input: ReleaseInput) throws(ScriptError) -> ReleaseDecision {
    let down = input.translation > 0
    let newHeight = input.startHeight - input.translation
    let max = maximum(input.geometry)
    if newHeight < dismissibleHeight { return ReleaseDecision(.dismiss, reason: "below 200") }
    if newHeight < defaultHeight { return ReleaseDecision(.detent("default"), reason: "below 300") }
    if newHeight < max && down { return ReleaseDecision(.detent("default"), reason: "down below max") }
    if newHeight > defaultHeight && !down { return ReleaseDecision(.detent("max"), reason: "up above 300") }
    return ReleaseDecision(.height(input.height), reason: "no rule applies")
  }

  func animation(for transition: SheetTransition, _ sheet: SheetSnapshot) throws(ScriptError)
    -> TransitionAnimation
  {
    switch transition {
    case .present:
      TransitionAnimation(
        height: .curve(.easeInOut, duration: 0.3), backdrop: .curve(.easeInOut, duration: 0.4))
    case .dismiss:
      TransitionAnimation(
        height: .curve(.easeInOut, duration: 0.3), backdrop: .curve(.easeInOut, duration: 0.4),
        slide: defaultHeight)
    case .snap, .restore, .resize:
      TransitionAnimation(height: .curve(.easeInOut, duration: 0.4))
    }
  }
}
