/// Resolves a configuration's detents against a context.
public enum DetentResolution {
  /// The active detents and the problems found while resolving them.
  public struct Result: Sendable, Equatable {
    /// Active detents, ascending by height (declaration order among equal heights).
    public var ascending: [ResolvedDetent]
    /// Active detents in declaration order.
    public var declared: [ResolvedDetent]
    /// One message per resolver that returned a non-finite value (the detent is then inactive).
    public var problems: [String]
  }

  /// Resolves every detent; nil, non-finite or non-positive heights make a detent inactive, heights above
  /// the screen height are clamped to it.
  /// - Parameters:
  ///   - detents: The configured detents.
  ///   - context: The screen, available height and content height.
  /// - Returns: The active detents in both orders and any problems.
  public static func resolve(_ detents: [Detent], in context: DetentContext) -> Result {
    var declared: [ResolvedDetent] = []
    var problems: [String] = []
    for detent in detents {
      guard let raw = detent.resolver.rawHeight(in: context) else { continue }
      guard raw.isFinite else {
        problems.append("detent '\(detent.id)' resolved to \(raw)")
        continue
      }
      guard raw > 0 else { continue }
      declared.append(ResolvedDetent(id: detent.id, height: min(raw, context.geometry.height)))
    }
    let ascending = declared.enumerated().sorted { lhs, rhs in
      lhs.element.height != rhs.element.height
        ? lhs.element.height < rhs.element.height : lhs.offset < rhs.offset
    }.map(\.element)
    return Result(ascending: ascending, declared: declared, problems: problems)
  }
}
