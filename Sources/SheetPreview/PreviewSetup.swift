import SheetCore
import SheetScript

/// What every page session starts from: the behaviour, the thresholds set from outside it, the screen,
/// the frame rate, the content height, the scenario the replay view plays, and where recordings go.
public struct PreviewSetup: Sendable {
  /// The behaviour: a preset's name or a `.lua` file's path.
  public var behaviour: String
  /// Threshold overrides (`--set`, and a scenario's `set {}`), by name.
  public var overrides: [String: Double]
  /// The screen.
  public var geometry: SheetGeometry
  /// Frames per second the sheet is stepped at (whole, 1...240).
  public var fps: Double
  /// The content's intrinsic height, if any.
  public var contentHeight: Double?
  /// The scenario the replay view plays, if one was given.
  public var scenario: String?
  /// The folder recordings are saved in (the server names the files, `recording-N.lua`).
  public var recordDirectory: String
  /// The behaviours the compare view offers: the presets, and the behaviour itself.
  public var compareBehaviours: [String]
  /// The server's bounds.
  public var limits: PreviewLimits

  /// Creates a set-up.
  /// - Parameters:
  ///   - behaviour: A preset's name or a behaviour file's path.
  ///   - overrides: Threshold overrides.
  ///   - geometry: The screen (default: the reference screen, 390 x 844, safe area 47 / 34).
  ///   - fps: Frames per second.
  ///   - contentHeight: The content height, if any.
  ///   - scenario: The scenario for the replay view.
  ///   - recordDirectory: Where recordings are saved.
  ///   - limits: The server's bounds.
  public init(
    behaviour: String, overrides: [String: Double] = [:], geometry: SheetGeometry = .reference,
    fps: Double = 120, contentHeight: Double? = nil, scenario: String? = nil, recordDirectory: String = ".",
    limits: PreviewLimits = PreviewLimits()
  ) {
    self.behaviour = behaviour
    self.overrides = overrides
    self.geometry = geometry
    self.fps = fps
    self.contentHeight = contentHeight
    self.scenario = scenario
    self.recordDirectory = recordDirectory
    self.limits = limits
    var offered = Presets.catalogue.map(\.name)
    if !offered.contains(behaviour) { offered.insert(behaviour, at: 0) }
    compareBehaviours = offered
  }

  /// Whether the behaviour is a preset (else a file).
  public var isPreset: Bool {
    !behaviour.contains("/") && !behaviour.hasSuffix(".lua") && Presets.source(named: behaviour) != nil
  }

  /// A sheet running the behaviour with these overrides, screen and content height, hidden.
  /// - Parameter overrides: The overrides to load with (default: the set-up's).
  /// - Throws: `PreviewError` for a screen the sheet refuses or a behaviour that does not load.
  func makeSheet(overrides: [String: Double]? = nil) throws(PreviewError) -> ScriptedSheet {
    let configuration: ScriptedSheet.Configuration
    do throws(SheetError) {
      configuration = try ScriptedSheet.Configuration(
        geometry: geometry, contentHeight: contentHeight, overrides: overrides ?? self.overrides)
    } catch {
      throw PreviewError("screen refused: \(error)")
    }
    do throws(BehaviourError) {
      return isPreset
        ? try ScriptedSheet(preset: behaviour, configuration: configuration)
        : try ScriptedSheet(file: behaviour, configuration: configuration)
    } catch {
      throw PreviewError(error.description)
    }
  }
}

extension PreviewSetup {
  /// Checks that a session can start: the screen is accepted and the behaviour loads with the
  /// overrides.
  /// - Throws: `PreviewError` naming the file, line, field and value.
  public func check() throws(PreviewError) {
    _ = try makeSheet()
  }
}
