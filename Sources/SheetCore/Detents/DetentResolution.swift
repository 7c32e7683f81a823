/// Resolves a configuration's detents against a context, and checks the detents a policy resolved.
public enum DetentResolution {
  /// The active detents and the problems found while checking them.
  public struct Result: Sendable, Equatable {
    /// Active detents, ascending by height (declaration order among equal heights).
    public var ascending: [ResolvedDetent]
    /// Active detents in declaration order.
    public var declared: [ResolvedDetent]
    /// One reason per detent refused (a non-finite height, a repeated id), worded to follow the name of
    /// the callback that returned it: `returned nan for detent 'b'; expected a finite height`.
    public var problems: [String]
  }

  /// Runs the configured resolvers and keeps what they return, unchecked: the default
  /// ``SheetPolicy/detents(in:)``.
  /// - Parameters:
  ///   - detents: The configured detents.
  ///   - context: The screen, available height and content height.
  /// - Returns: The detents whose resolver returned a height (nil leaves one out), in declaration order.
  public static func heights(_ detents: [Detent], in context: DetentContext) -> [ResolvedDetent] {
    var result: [ResolvedDetent] = []
    result.reserveCapacity(detents.count)
    for detent in detents {
      guard let height = detent.resolver.rawHeight(in: context) else { continue }
      result.append(ResolvedDetent(id: detent.id, height: height))
    }
    return result
  }

  /// Checks the detents a policy resolved: the one place their heights are checked. A non-finite height
  /// or a repeated id is a problem (that detent is left out); a height `<= 0` makes the detent inactive;
  /// a height above the screen is clamped to it.
  /// - Parameters:
  ///   - detents: Heights as the policy computed them, in declaration order.
  ///   - context: The screen they were resolved for.
  /// - Returns: The active detents in both orders and the problems.
  public static func check(_ detents: [ResolvedDetent], in context: DetentContext) -> Result {
    var declared: [ResolvedDetent] = []
    declared.reserveCapacity(detents.count)
    var problems: [String] = []
    for (index, detent) in detents.enumerated() {
      guard detent.height.isFinite else {
        problems.append(
          "returned \(Format.general(detent.height)) for detent '\(detent.id)'; expected a finite height")
        continue
      }
      if detents[..<index].contains(where: { $0.id == detent.id }) {
        problems.append("returned detent '\(detent.id)' twice; the first is kept")
        continue
      }
      guard detent.height > 0 else { continue }
      declared.append(ResolvedDetent(id: detent.id, height: min(detent.height, context.geometry.extent)))
    }
    let ascending = declared.enumerated().sorted { lhs, rhs in
      lhs.element.height != rhs.element.height
        ? lhs.element.height < rhs.element.height : lhs.offset < rhs.offset
    }.map(\.element)
    return Result(ascending: ascending, declared: declared, problems: problems)
  }

  /// Resolves and checks configured detents: ``check(_:in:)`` of ``heights(_:in:)``.
  /// - Parameters:
  ///   - detents: The configured detents.
  ///   - context: The screen, available height and content height.
  /// - Returns: The active detents in both orders and any problems.
  public static func resolve(_ detents: [Detent], in context: DetentContext) -> Result {
    check(heights(detents, in: context), in: context)
  }
}
