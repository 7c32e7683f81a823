import SheetCore

extension ScriptedSheet {
  /// What a sheet is made with besides its behaviour: the screen, the content's height, threshold
  /// overrides, the callbacks' deadline and, optionally, the edge the sheet is attached to.
  ///
  /// The screen and the content height are checked when the configuration is made, so a sheet made
  /// with one never fails for them; the overrides are checked when the behaviour loads (each must be a
  /// threshold the behaviour declares, within its range).
  public struct Configuration: Sendable, Equatable {
    /// The screen (its edge is replaced by the behaviour's).
    public internal(set) var geometry: SheetGeometry
    /// The content's intrinsic height in points, for `content` detents; nil when the content has none.
    public internal(set) var contentHeight: Double?
    /// Threshold values that replace the behaviour's (`dismiss_velocity = 1800`), applied to every
    /// version ``ScriptedSheet/reload()`` loads too.
    public var overrides: [String: Double]
    /// Seconds of wall-clock time one call into the behaviour may run before it is stopped as a script
    /// error (default 0.5; 0 turns the deadline off, for a build run under a debugger or a sanitizer,
    /// where the budget of instructions still ends a runaway loop).
    public internal(set) var callbackDeadline: Double
    /// The edge the sheet is attached to, replacing the behaviour's own `edge` (nil: the behaviour's),
    /// for every version ``ScriptedSheet/reload()`` loads too: a side sheet is `.leading` (the screen's
    /// left edge) or `.trailing` (its right edge). See ``Behaviour/attach(to:)``.
    public var edge: SheetEdge?

    /// The reference screen (390 x 844, safe area 47 / 34), no content height, no overrides, the
    /// 0.5 s callback deadline.
    public static let standard = Configuration(
      checked: .reference, contentHeight: nil, overrides: [:], callbackDeadline: 0.5)

    /// Creates a configuration.
    /// - Parameters:
    ///   - geometry: The screen (default: the reference screen).
    ///   - contentHeight: The content's intrinsic height, if any.
    ///   - overrides: Threshold values by name.
    ///   - callbackDeadline: Seconds one callback may run (default 0.5; 0: no deadline).
    ///   - edge: The edge the sheet is attached to (nil: the behaviour's).
    /// - Throws: `SheetError.invalidValue(field:value:)` for a screen `SheetLimits.check(_:)` refuses (a
    ///   view not laid out yet has a zero size), a negative or non-finite content height, or a
    ///   `callbackDeadline` outside [0, 60] seconds.
    public init(
      geometry: SheetGeometry = .reference, contentHeight: Double? = nil, overrides: [String: Double] = [:],
      callbackDeadline: Double = 0.5, edge: SheetEdge? = nil
    ) throws(SheetError) {
      try SheetLimits.check(geometry)
      if let contentHeight { try SheetLimits.check(contentHeight: contentHeight) }
      guard callbackDeadline >= 0 && callbackDeadline <= 60 else {
        throw .invalidValue(field: "callbackDeadline", value: callbackDeadline)
      }
      self.init(
        checked: geometry, contentHeight: contentHeight, overrides: overrides,
        callbackDeadline: callbackDeadline)
      self.edge = edge
    }

    private init(
      checked geometry: SheetGeometry, contentHeight: Double?, overrides: [String: Double],
      callbackDeadline: Double
    ) {
      self.geometry = geometry
      self.contentHeight = contentHeight
      self.overrides = overrides
      self.callbackDeadline = callbackDeadline
    }
  }
}
