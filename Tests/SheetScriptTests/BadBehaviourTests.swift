import SheetCore
import SheetTrace
import Testing

@testable import SheetScenario
@testable import SheetScript

/// Behaviour files that must be refused at load time with a message naming the file, the line, the field
/// path and the bad value (and, for unknown names, the nearest known one).
@Suite struct BadBehaviourTests {
  /// A file whose line 3 holds `field` (lines 1-2 are a comment and `return {`).
  static func file(_ field: String) -> String {
    "-- bad.lua: a test file\nreturn {\n  \(field),\n  name = 'bad',\n}\n"
  }

  /// Each row: the offending line 3 and the fragments the error must contain besides `bad.lua:3`.
  static let rows: [(field: String, fragments: [String], line: UInt)] = [
    ("edge = 'left'", ["'edge'", "'left'", "'bottom', 'top'"], #line),
    ("edge = 3", ["'edge'", "3"], #line),
    ("corner_radius = 'round'", ["'corner_radius'", "'round'"], #line),
    ("grabber = 1", ["'grabber'", "1", "true or false"], #line),
    ("pannable = 'yes'", ["'pannable'", "'yes'", "true or false"], #line),
    ("allow_dismiss = {}", ["'allow_dismiss'", "a table"], #line),
    ("backdrop_max = 1.5", ["'backdrop_max'", "1.5"], #line),
    ("backdrop_max = 0/0", ["'backdrop_max'", "nan"], #line),
    ("present_detent = 7", ["'present_detent'", "7"], #line),
    ("gesture_area = 'everywhere'", ["'gesture_area'", "'everywhere'"], #line),
    ("gesture_area = { band = 'wide' }", ["'gesture_area.band'", "'wide'"], #line),
    ("tap_to_dismiss = 42", ["'tap_to_dismiss'", "42"], #line),
    ("thresholds = { dismiss_velocity = 'fast' }", ["'thresholds.dismiss_velocity'", "'fast'"], #line),
    ("thresholds = { 1, 2 }", ["'thresholds'", "a table"], #line),
    // The thresholds the default policy reads lie in their ranges.
    (
      "thresholds = { spring_damping = -1 }",
      ["'thresholds.spring_damping' is -1", "expected a number in [0.2, 2]"], #line
    ),
    ("thresholds = { spring_damping = 1e-9 }", ["'thresholds.spring_damping' is 1e-09", "[0.2, 2]"], #line),
    ("thresholds = { spring_response = 0 }", ["'thresholds.spring_response' is 0", "[0.01, 2] s"], #line),
    ("thresholds = { projection_rate = 1 }", ["'thresholds.projection_rate' is 1", "[0.9, 0.9999]"], #line),
    ("thresholds = { rubber_band = -0.55 }", ["'thresholds.rubber_band' is -0.55", "[0, 1]"], #line),
    ("thresholds = { redirect_progress = 2 }", ["'thresholds.redirect_progress' is 2", "[0, 1]"], #line),
    ("thresholds = { allows_skipping = 0.5 }", ["'thresholds.allows_skipping' is 0.5", "0 or 1"], #line),
    // Of two bad thresholds, the first in name order is named.
    (
      "thresholds = { zeta = 'x', rubber_band = 2, alpha = 1, spring_damping = 9 }",
      ["'thresholds.rubber_band' is 2", "[0, 1]"], #line
    ),
    (
      "animations = { snap = { curve = 'linear', duration = 0 } }", ["'animations.snap.duration' is 0"],
      #line
    ),
    (
      "animations = { snap = { spring = { damping_ratio = 1, response = 0 } } }",
      ["'animations.snap.spring.response' is 0"], #line
    ),
    (
      "animations = { snap = { spring = { damping_ratio = -1, response = 0.3 } } }",
      ["'animations.snap.spring.damping_ratio' is -1"], #line
    ),
    ("on_drag = 5", ["'on_drag'", "5"], #line),
    ("on_release = 'nearest'", ["'on_release'", "'nearest'"], #line),
    ("backdrop = true", ["'backdrop'", "true"], #line),
    ("detents = 500", ["'detents'", "500"], #line),
    ("detents = { { id = 'a', height = -1 } }", ["'detents[1].height'", "-1"], #line),
    ("detents = { { id = 'a', height = 'tall' } }", ["'detents[1].height'", "'tall'"], #line),
    ("detents = { { id = 'a', fraction = 2 } }", ["'detents[1].fraction'", "2"], #line),
    ("detents = { { id = 3, height = 100 } }", ["'detents[1].id'", "3"], #line),
    ("detents = { { id = 'a', height = 1 }, { id = 'a', height = 2 } }", ["'detents[2].id'", "'a'"], #line),
    ("detents = { { id = 'dismiss', height = 1 } }", ["'detents[1].id'", "'dismiss'"], #line),
    ("detents = { { id = 'a' } }", ["'detents[1]'", "exactly one of height"], #line),
    (
      "animations = { snap = { curve = 'bouncy', duration = 0.3 } }",
      ["'animations.snap.curve'", "'bouncy'"], #line
    ),
    (
      "animations = { snap = { curve = 'linear', duration = -1 } }", ["'animations.snap.duration'", "-1"],
      #line
    ),
    ("animations = { snap = { spring = 3 } }", ["'animations.snap.spring'", "3"], #line),
    ("animations = { present = 'fast' }", ["'animations.present'", "'fast'"], #line),
    ("animations = { snap = { duration = 0.3, backdrop = 1 } }", ["'animations.snap.backdrop'", "1"], #line),
    ("animations = 12", ["'animations'", "12"], #line),
    // Backdrop_follows_height, the spring forms and options, function curves.
    ("backdrop_follows_height = 1", ["'backdrop_follows_height'", "1", "true or false"], #line),
    (
      "animations = { snap = { spring = { stiffness = 0, damping = 10 } } }",
      ["'animations.snap.spring.stiffness' is 0", "0.001...1000000"], #line
    ),
    (
      "animations = { snap = { spring = { stiffness = 100 } } }",
      ["'animations.snap.spring.damping' is nil"], #line
    ),
    (
      "animations = { snap = { spring = { stiffness = 100, damping = 10, mass = -3 } } }",
      ["'animations.snap.spring.mass' is -3"], #line
    ),
    (
      "animations = { snap = { spring = { stiffness = 100, damping = 10, response = 0.3 } } }",
      ["'animations.snap.spring.response' is 0.3", "one form", "{ stiffness =, damping =, mass = }"], #line
    ),
    (
      "animations = { snap = { spring = { duration = 0.5, bounce = 1 } } }",
      ["'animations.snap.spring.bounce' is 1", "-0.99...0.99"], #line
    ),
    (
      "animations = { snap = { spring = { bounce = 0.2 } } }",
      ["'animations.snap.spring.duration' is nil"], #line
    ),
    (
      "animations = { snap = { spring = { duration = 0.5, bounce = 0.2, damping_ratio = 1 } } }",
      ["'animations.snap.spring.damping_ratio' is 1", "{ duration =, bounce = }"], #line
    ),
    (
      "animations = { snap = { spring = { preset = 'wobbly' } } }",
      ["'animations.snap.spring.preset' is 'wobbly'", "'smooth', 'snappy', 'bouncy'"], #line
    ),
    (
      "animations = { snap = { spring = { preset = 'snappy', bounce = 0.5 } } }",
      ["'animations.snap.spring.bounce' is 0.5", "{ preset =, duration = }"], #line
    ),
    (
      "animations = { snap = { spring = { duration = 0.3, response = 0.3 } } }",
      ["'animations.snap.spring.response' is 0.3", "{ duration =, damping_ratio = }"], #line
    ),
    ("behind = 3", ["'behind'", "3", "a function"], #line),
    (
      "animations = { snap = { spring = { response = 0.4, stepped = 1 } } }",
      ["'animations.snap.spring.stepped' is 1", "true or false"], #line
    ),
    (
      "animations = { snap = { spring = { response = 0.4, stepped = true, rest_speed = 2 } } }",
      ["'animations.snap.spring.rest_speed' is 2", "a stepped spring rests by rest_distance alone"], #line
    ),
    (
      "animations = { snap = { spring = { response = 0.3, velocity_fraction = 11 } } }",
      ["'animations.snap.spring.velocity_fraction' is 11", "0...10"], #line
    ),
    (
      "animations = { snap = { spring = { response = 0.3, rest_distance = 0 } } }",
      ["'animations.snap.spring.rest_distance' is 0"], #line
    ),
    (
      "animations = { snap = { spring = { response = 0.3, rest_speed = -1 } } }",
      ["'animations.snap.spring.rest_speed' is -1"], #line
    ),
    (
      "animations = { snap = { spring = { response = 0.3, clamp = 'yes' } } }",
      ["'animations.snap.spring.clamp' is 'yes'", "true or false"], #line
    ),
    (
      "animations = { snap = { spring = { response = 0.3, clamps = true } } }",
      ["'animations.snap.spring.clamps'", "did you mean 'clamp'"], #line
    ),
    (
      "animations = { snap = { curve = function(t) return t + 0.5 end, duration = 0.3 } }",
      ["'animations.snap.curve' is a function with f(0) = 0.5 and f(1) = 1.5", "f(0) = 0 and f(1) = 1"], #line
    ),
    (
      "animations = { snap = { curve = function(t) return t * t * 0.9 end, duration = 0.3 } }",
      ["'animations.snap.curve' is a function with f(0) = 0 and f(1) = 0.9"], #line
    ),
    (
      "animations = { snap = { curve = function(t) return 0/0 end, duration = 0.3 } }",
      ["'animations.snap.curve' is a function with f(0) = nan"], #line
    ),
    (
      "animations = { snap = { curve = function(t) error('no ease') end, duration = 0.3 } }",
      ["'animations.snap.curve' is a function that fails", "no ease"], #line
    ),
    (
      "animations = { snap = { curve = function(t) return 'x' end, duration = 0.3 } }",
      ["'animations.snap.curve' is a function that fails"], #line
    ),
    (
      "animations = { snap = { curve = function(t) return t end } }",
      ["'animations.snap'", "a curve with a duration"], #line
    ),
    (
      "animations = { snap = { duration = 0.3, backdrop = { curve = function(t) return 2 * t end, duration = 1 } } }",
      ["'animations.snap.backdrop.curve' is a function with f(0) = 0 and f(1) = 2"], #line
    ),
    // Unknown names, with the nearest known one.
    ("on_relase = function() end", ["'on_relase'", "did you mean 'on_release'"], #line),
    // Of two unknown fields, the first in name order is named.
    ("zz_top = 1, on_relase = function() end, edgy = 'top'", ["'edgy'", "did you mean 'edge'"], #line),
    ("corner_radios = 4", ["'corner_radios'", "did you mean 'corner_radius'"], #line),
    ("detents = { { id = 'a', hieght = 1 } }", ["'detents[1].hieght'", "did you mean 'height'"], #line),
    ("animations = { snapp = { duration = 1 } }", ["'animations.snapp'", "did you mean 'snap'"], #line),
    (
      "animations = { snap = { duraton = 1 } }", ["'animations.snap.duraton'", "did you mean 'duration'"],
      #line
    ),
    // The scroll view's field and callback.
    ("on_scrol = function() end", ["'on_scrol'", "did you mean 'on_scroll'"], #line),
    (
      "prefers_scrolling_expands_when_scroled_to_edge = false",
      ["did you mean 'prefers_scrolling_expands_when_scrolled_to_edge'"], #line
    ),
    (
      "prefers_scrolling_expands_when_scrolled_to_edge = 1",
      ["'prefers_scrolling_expands_when_scrolled_to_edge'", "1", "true or false"], #line
    ),
    ("on_scroll = 'sheet'", ["'on_scroll'", "'sheet'", "a function"], #line),
  ]

  /// The error loading `source` gives, as text; `nil` when it loads.
  static func loadError(_ source: BehaviourSource, overrides: [(name: String, value: Double)] = []) -> String?
  {
    do {
      _ = try Behaviour.load(source, overrides: overrides)
      return nil
    } catch {
      return error.description
    }
  }

  static func loadError(_ text: String) -> String? { loadError(BehaviourSource(name: "bad.lua", text: text)) }

  @Test(arguments: rows.indices) func loadErrorNamesFileLineFieldAndValue(_ i: Int) throws {
    let row = Self.rows[i]
    let message = try #require(Self.loadError(Self.file(row.field)), "row at line \(row.line) loaded")
    let missing = (["bad.lua:3:"] + row.fragments).filter { !message.contains($0) }
    #expect(missing.isEmpty, "row at line \(row.line): \(message) lacks \(missing)")
  }

  static let syntaxErrors: [(text: String, line: Int, source: UInt)] = [
    ("return {\n  edge = 'top',\n  corner_radius = = 3,\n}\n", 3, #line),
    ("return {\n  on_drag = function(s, g)\n    return g.start_height +\n  end,\n}\n", 4, #line),
    ("-- fine\n\n\nreturn { edge = 'top' ", 4, #line),
  ]

  @Test(arguments: syntaxErrors.indices) func syntaxErrorsNameTheLine(_ i: Int) {
    let row = Self.syntaxErrors[i]
    let message = Self.loadError(row.text) ?? "(loaded)"
    #expect(message.contains("bad.lua:\(row.line):"), "row at line \(row.source): \(message)")
  }

  @Test func runtimeErrorWhileLoadingAndNonTableResult() {
    let cases = [
      ("local x = nil\nreturn x.y\n", "bad.lua:2:"), ("return 42\n", "expected the file to return a table"),
    ]
    for (text, fragment) in cases {
      let message = Self.loadError(text) ?? "(loaded)"
      #expect(message.contains(fragment), "\(message)")
    }
  }

  @Test func unknownThresholdOverrideSuggestsTheNearest() throws {
    let source = try #require(Presets.source(named: "bottom-sheet-vc"))
    let message = Self.loadError(source, overrides: [("dismiss_velocty", 10)]) ?? "(loaded)"
    #expect(message.contains("bottom-sheet-vc.lua") && message.contains("'dismiss_velocty'"), "\(message)")
    #expect(message.contains("did you mean 'dismiss_velocity'"), "\(message)")
    // A known name is applied: vy 1200 now dismisses.
    var driver = try SheetDriver(
      policy: try Behaviour.load(source, overrides: [("dismiss_velocity", 1000)]),
      geometry: PresetTest.reference)
    try driver.presentAndSettle()
    try driver.drag(DragGesture(dy: -10, duration: 0.1, velocity: 1200))
    #expect(driver.last("decision")?["target"]?.text == "dismiss")
  }
}
