import SheetCore
import Testing

@testable import SheetScript

/// The library presets refuse a threshold outside its range when they load (the helper module's
/// `S.check_ranges` and `S.check_flags`, or a preset's own rule), naming the preset, the threshold and
/// the value; the file is refused whole.
@Suite struct PresetThresholdRangeTests {
  static let rows: [(preset: String, name: String, value: Double, message: String, line: UInt)] = [
    ("gorhom", "stiffness", -1, "gorhom: threshold stiffness = -1.0 is outside [1e-06, 1000000000.0]", #line),
    ("vaul", "handle", 2, "vaul: threshold handle = 2.0 is not 0 or 1", #line),
    (
      "material3", "skip_partially_expanded", 2,
      "material3: threshold skip_partially_expanded = 2.0 is not 0 or 1", #line
    ),
    ("material3", "scrim", 1.5, "material3: threshold scrim = 1.5 is outside [0, 1]", #line),
    ("flutter-draggable", "initial_size", 0.1, "threshold initial_size = 0.1 is outside [0.25, 1.0]", #line),
    (
      "flutter-draggable", "snap_1", 0.1, "threshold snap_1 = 0.1 is not between 0.25 and max_size 1.0", #line
    ),
    ("flutter-draggable", "max_size", 1.5, "threshold max_size = 1.5 is outside [0, 1]", #line),
    (
      "cupertino-sheet", "top_gap", 0.95, "cupertino-sheet: threshold top_gap = 0.95 is outside [0, 0.9]",
      #line
    ),
    ("cupertino-sheet", "open_progress", 1.5, "threshold open_progress = 1.5 is outside [0, 1]", #line),
  ]

  @Test(arguments: rows.indices) func aBadThresholdRefusesThePreset(_ i: Int) throws {
    let row = Self.rows[i]
    do {
      _ = try PresetTest.load(row.preset, overrides: [(row.name, row.value)])
      Issue.record("line \(row.line): \(row.preset) loaded with \(row.name) = \(row.value)")
    } catch let error as BehaviourError {
      #expect(error.description.contains(row.message), "line \(row.line): \(error.description)")
      #expect(error.description.contains("\(row.preset).lua:"), "line \(row.line): \(error.description)")
    }
  }

  /// The defaults load, and the values at a range's ends are accepted.
  @Test func theDefaultsAndTheRangesEndsLoad() throws {
    for name in ["gorhom", "vaul", "material3", "flutter-draggable", "cupertino-sheet"] {
      _ = try PresetTest.load(name)
    }
    _ = try PresetTest.load("cupertino-sheet", overrides: [("top_gap", 0.9), ("open_progress", 0)])
    _ = try PresetTest.load("flutter-draggable", overrides: [("snap_1", 0.5), ("snap_2", 0.75)])
  }
}
