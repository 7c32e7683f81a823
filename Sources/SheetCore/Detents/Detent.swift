/// A named resting height of the sheet, computed by a resolver.
public struct Detent: Sendable {
  /// The detent's identifier ("medium", "normal", ...).
  public var id: String
  /// How its height is computed.
  public var resolver: DetentResolver

  /// Creates a detent.
  /// - Parameters:
  ///   - id: The identifier.
  ///   - resolver: How its height is computed.
  public init(_ id: String, _ resolver: DetentResolver) {
    self.id = id
    self.resolver = resolver
  }
}

/// A detent's identifier and its height under the current geometry and content.
public struct ResolvedDetent: Sendable, Equatable {
  /// The detent's identifier.
  public var id: String
  /// Its height in points: in `(0, H]` once the core has checked it (``DetentResolution/check(_:in:)``);
  /// as computed when a policy returns it from ``SheetPolicy/detents(in:)``.
  public var height: Double

  /// Creates a resolved detent.
  /// - Parameters:
  ///   - id: The identifier.
  ///   - height: The height in points.
  public init(id: String, height: Double) {
    self.id = id
    self.height = height
  }
}
