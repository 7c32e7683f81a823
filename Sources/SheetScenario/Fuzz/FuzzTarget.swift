import SheetCore
import SheetScript

/// What `sheet fuzz` drives and how: the behaviour, the screen, the properties it checks and the
/// bounds of its runs.
package struct FuzzTarget: Sendable {
  /// The behaviour's text and name.
  package var source: BehaviourSource
  /// How a written finding names the behaviour: a preset's name, or the file's path relative to the
  /// finding's folder (set by `sheet fuzz` when it writes the finding).
  package var reference: String
  /// The screen every run starts on.
  package var screen = SheetGeometry.reference
  /// The edge the behaviour is attached to, as a scenario's `edge` call attaches it (nil: the
  /// behaviour's own).
  package var edge: SheetEdge?
  /// Frames per second.
  package var fps = 120.0
  /// The most steps a run makes before its closing rest.
  package var maximumSteps = 40
  /// The properties not checked (an exemption a preset's documentation gives its reason for).
  package var exempt: Set<FuzzProperty> = []
  /// The author's properties, if any.
  package var properties: FuzzPropertiesFile?

  /// The most steps `--steps` may ask for.
  package static let largestSteps = 1000

  /// A target over a behaviour.
  /// - Parameters:
  ///   - source: The behaviour.
  ///   - reference: Its name in a written finding.
  package init(source: BehaviourSource, reference: String) {
    self.source = source
    self.reference = reference
  }

  /// Whether a property is checked.
  package func checks(_ property: FuzzProperty) -> Bool { !exempt.contains(property) }
}

/// A file of the author's properties: `property('name', function(sheet) ... end)` calls.
package struct FuzzPropertiesFile: Sendable, Equatable {
  /// The name its messages use (its path as given).
  package var name: String
  /// Its Lua text.
  package var text: String

  /// A file of properties.
  package init(name: String, text: String) {
    self.name = name
    self.text = text
  }
}

/// How a fuzz run ended.
package enum FuzzVerdict: Sendable, Equatable {
  /// Every step ran and every property held.
  case passed
  /// A property failed.
  case failed(FuzzFailure)
  /// The run could not go on (a call the sheet refused, a `settle()` with a finger down): as a scenario
  /// it ends with that error, which is no property's.
  case stopped(String)
}

/// A property that failed, and where.
package struct FuzzFailure: Sendable, Equatable {
  /// The property.
  package var property: FuzzProperty
  /// What was seen, in words.
  package var detail: String
  /// The index of the step it failed at.
  package var step: Int
}
