/// How a detent's height is computed from a ``DetentContext``.
public enum DetentResolver: Sendable {
  /// A fixed height in points.
  case fixed(Double)
  /// A fraction of the available height (0.5 = half).
  case fraction(Double)
  /// The available height minus this inset in points.
  case insetFromTop(Double)
  /// The content's height, capped at `cap` (nil = the available height); inactive without a content height.
  case content(cap: Double?)
  /// A custom function; returning nil makes the detent inactive (as Apple's custom detents do).
  case custom(@Sendable (DetentContext) -> Double?)

  /// Computes the raw height, before the core's checks.
  /// - Parameter context: The screen, available height and content height.
  /// - Returns: A height in points, or nil when the detent is inactive.
  public func rawHeight(in context: DetentContext) -> Double? {
    switch self {
    case .fixed(let h): return h
    case .fraction(let f): return f * context.availableHeight
    case .insetFromTop(let inset): return context.availableHeight - inset
    case .content(let cap):
      guard let content = context.contentHeight else { return nil }
      return min(content, cap ?? context.availableHeight)
    case .custom(let resolve): return resolve(context)
    }
  }
}
