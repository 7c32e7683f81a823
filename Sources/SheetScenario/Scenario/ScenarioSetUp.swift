import SheetCore
import SheetScript

/// How a scenario set its sheet up, as it stood when the sheet was made (its first `present()` or
/// other call that moves it): the screen, the frame rate, the content height and scroll view, the
/// threshold overrides and the behaviour. A host that shows a scenario live (`sheet preview SCENARIO`)
/// starts from it.
public struct ScenarioSetUp: Sendable, Equatable {
  /// The screen.
  public var geometry: SheetGeometry
  /// Frames per second.
  public var fps: Double
  /// The content's intrinsic height, if the scenario gave one.
  public var contentHeight: Double?
  /// The threshold overrides in effect (`set {}`, then the command line's), by name.
  public var overrides: [String: Double]
  /// The behaviour: a preset's name or a file's path (relative to the working directory, as the
  /// scenario resolved it); nil for an inline `behaviour { ... }` or the default policy.
  public var behaviour: String?
  /// The scroll view `content { scroll = { ... } }` described, if any.
  public var scrollView: ScrollView?
  /// The edge `edge '...'` attached the sheet to, replacing the behaviour's; nil: the behaviour's.
  public var edge: SheetEdge?

  /// Creates a set-up.
  /// - Parameters:
  ///   - geometry: The screen.
  ///   - fps: Frames per second.
  ///   - contentHeight: The content height, if any.
  ///   - overrides: Threshold overrides by name.
  ///   - behaviour: A preset's name or a behaviour file's path, or nil.
  ///   - scrollView: The scroll view, if any.
  ///   - edge: The edge the scenario attached the sheet to, if it chose one.
  public init(
    geometry: SheetGeometry, fps: Double, contentHeight: Double?, overrides: [String: Double],
    behaviour: String?, scrollView: ScrollView? = nil, edge: SheetEdge? = nil
  ) {
    self.geometry = geometry
    self.fps = fps
    self.contentHeight = contentHeight
    self.overrides = overrides
    self.behaviour = behaviour
    self.scrollView = scrollView
    self.edge = edge
  }
}

extension ScenarioSession {
  /// The set-up as it stands now, for ``ScenarioResult/setUp``.
  package var currentSetUp: ScenarioSetUp {
    var overrides: [String: Double] = [:]
    for (name, value) in behaviour.effectiveOverrides { overrides[name] = value }
    return ScenarioSetUp(
      geometry: screen.geometry, fps: options.fps ?? screen.fps, contentHeight: screen.contentHeight,
      overrides: overrides, behaviour: behaviour.reference, scrollView: screen.scrollView,
      edge: behaviour.edge)
  }
}
