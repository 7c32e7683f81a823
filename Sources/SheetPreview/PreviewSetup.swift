import SheetCore
import SheetScript

/// What every page session starts from: the behaviour, the thresholds set from outside it, the screen,
/// the frame rate, the content height and scroll view, the scenario the replay view plays, and where
/// recordings go.
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
  /// The scroll view inside the content, if any (the page draws its rows, scrolled).
  public var scrollView: ScrollView?
  /// The scenario the replay view plays, if one was given.
  public var scenario: String?
  /// The folder recordings are saved in (the server names the files, `recording-N.lua`).
  public var recordDirectory: String
  /// The behaviours the compare view offers: the presets, and the behaviour itself.
  public var compareBehaviours: [String]
  /// The server's bounds.
  public var limits: PreviewLimits
  /// The edge the sheet is attached to in place of the behaviour's (a scenario's `edge`); nil: the
  /// behaviour's.
  public var edge: SheetEdge?

  /// Creates a set-up.
  /// - Parameters:
  ///   - behaviour: A preset's name or a behaviour file's path.
  ///   - overrides: Threshold overrides.
  ///   - geometry: The screen (default: the reference screen, 390 x 844, safe area 47 / 34).
  ///   - fps: Frames per second.
  ///   - contentHeight: The content height, if any.
  ///   - scrollView: The scroll view, if any.
  ///   - scenario: The scenario for the replay view.
  ///   - recordDirectory: Where recordings are saved.
  ///   - limits: The server's bounds.
  public init(
    behaviour: String, overrides: [String: Double] = [:], geometry: SheetGeometry = .reference,
    fps: Double = 120, contentHeight: Double? = nil, scrollView: ScrollView? = nil, scenario: String? = nil,
    recordDirectory: String = ".", limits: PreviewLimits = PreviewLimits()
  ) {
    self.behaviour = behaviour
    self.overrides = overrides
    self.geometry = geometry
    self.fps = fps
    self.contentHeight = contentHeight
    self.scrollView = scrollView
    self.scenario = scenario
    self.recordDirectory = recordDirectory
    self.limits = limits
    var offered = Presets.catalogue.map(\.name)
    if !offered.contains(behaviour) { offered.insert(behaviour, at: 0) }
    compareBehaviours = offered
  }

  /// The scroll view `sheet preview` shows when its scenario describes none: a list of 30 rows of 44 pt
  /// (UIKit's default row height) below a 32 pt header that holds the grabber, so a drag that starts
  /// on the list hands off between the sheet and the list as Apple's sheets do.
  public static let defaultScrollView = ScrollView(contentHeight: 30 * 44, top: 32)

  /// Whether the behaviour is a preset (else a file).
  public var isPreset: Bool {
    !behaviour.contains("/") && !behaviour.hasSuffix(".lua") && Presets.source(named: behaviour) != nil
  }

  /// A sheet running the behaviour with these overrides, screen, content height and scroll view, hidden.
  /// - Parameter overrides: The overrides to load with (default: the set-up's).
  /// - Throws: `PreviewError` for a screen or scroll view the sheet refuses or a behaviour that does not
  ///   load.
  func makeSheet(overrides: [String: Double]? = nil) throws(PreviewError) -> ScriptedSheet {
    let configuration: ScriptedSheet.Configuration
    do throws(SheetError) {
      configuration = try ScriptedSheet.Configuration(
        geometry: geometry, contentHeight: contentHeight, overrides: overrides ?? self.overrides, edge: edge)
    } catch {
      throw PreviewError("screen refused: \(error)")
    }
    let sheet: ScriptedSheet
    do throws(BehaviourError) {
      sheet =
        isPreset
        ? try ScriptedSheet(preset: behaviour, configuration: configuration)
        : try ScriptedSheet(file: behaviour, configuration: configuration)
    } catch {
      throw PreviewError(error.description)
    }
    do throws(SheetError) {
      if let scrollView { try sheet.setScrollView(scrollView) }
    } catch {
      throw PreviewError("scroll view refused: \(error)")
    }
    return sheet
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
