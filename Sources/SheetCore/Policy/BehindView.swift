/// The view behind the sheet (the page that presented it) as a policy sets it for one frame: how much it
/// is scaled, how round its corners are, how far it is moved down and how dark an overlay covers it.
///
/// iOS page sheets, vaul's `shouldScaleBackground` and Flutter's Cupertino sheet shrink, round, lower
/// and dim the page behind as the sheet comes up; a policy describes that with
/// ``SheetPolicy/behind(_:)``, which the machine asks at every frame (only when the configuration
/// says the policy describes it, ``SheetConfiguration/describesBehind``), and frames and traces carry it.
/// The scale's origin is the view's top centre (Flutter's `Alignment.topCenter`, vaul's `transform-origin:
/// top`); drawing it is the renderer's.
public struct BehindView: Sendable, Equatable {
  /// The view's scale, 1 for its own size; in [0, 10].
  public var scale: Double
  /// Its corner radius in points, in [0, 1000].
  public var cornerRadius: Double
  /// How far it is moved down, in points (negative: up), within ±100,000.
  public var offset: Double
  /// The opacity of the black overlay over it, in [0, 1].
  public var dim: Double

  /// Creates a description; the defaults leave the view as it is.
  /// - Parameters:
  ///   - scale: Scale, 1 = unchanged.
  ///   - cornerRadius: Corner radius, points.
  ///   - offset: Downward offset, points.
  ///   - dim: Overlay opacity.
  public init(scale: Double = 1, cornerRadius: Double = 0, offset: Double = 0, dim: Double = 0) {
    self.scale = scale
    self.cornerRadius = cornerRadius
    self.offset = offset
    self.dim = dim
  }

  /// The view as it is: scale 1, no corner radius, offset or dim.
  public static let identity = BehindView()

  /// Why the numbers cannot be drawn (the first field that is not finite or lies outside its range,
  /// `corner_radius -3; expected [0, 1000]`), or nil when they can.
  public var problem: String? {
    Self.outside("scale", scale, 0, 10) ?? Self.outside("corner_radius", cornerRadius, 0, 1000)
      ?? Self.outside("offset", offset, -100_000, 100_000) ?? Self.outside("dim", dim, 0, 1)
  }

  /// `name value; expected [lo, hi]` when `value` is not finite or lies outside `[lo, hi]`, else nil.
  private static func outside(_ name: String, _ value: Double, _ lo: Double, _ hi: Double) -> String? {
    if value.isFinite && value >= lo && value <= hi { return nil }
    return "\(name) \(Format.general(value)); expected [\(Format.general(lo)), \(Format.general(hi))]"
  }
}
