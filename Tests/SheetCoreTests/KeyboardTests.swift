import Foundation
import Testing

@testable import SheetCore

/// The keyboard: its motion, each mode's resting heights, hiding, and a drag, a dismissal and
/// a rotation with the keyboard up. Heights are computed by hand from the formulas of
/// ``KeyboardGeometry`` on the reference screen: H = 844, A = 844 - 47 = 797, the standard detents
/// medium = 797 / 2 = 398.5 and large = 797 - 10 = 787, and a 336 pt keyboard (an iPhone's with its
/// suggestion bar).
@Suite struct KeyboardTests {
  /// A machine with `mode` and the given detents (nil: the standard ones), presented and at rest.
  static func presented(
    _ mode: KeyboardMode, detents: [Detent]? = nil, edge: SheetEdge = .bottom
  ) throws -> SheetMachine {
    var configuration = DefaultPolicy.standardConfiguration
    configuration.keyboard = mode
    configuration.edge = edge
    if let detents { configuration.detents = detents }
    var m = try SheetMachine(policy: DefaultPolicy(configuration: configuration), geometry: reference)
    try m.presented()
    return m
  }

  /// Steps at 120 Hz until the sheet and the keyboard are still.
  static func still(_ m: inout SheetMachine, limit: Double = 10) throws {
    var t = 0.0
    while !m.isStill && t < limit {
      try m.step(SheetMachine.defaultFrameInterval)
      t += SheetMachine.defaultFrameInterval
    }
  }

  static let small = [Detent("small", .fixed(200)), Detent("medium", .fixed(300))]

  /// Each row: a mode and detents, the keyboard shown at rest at the first detent; where the sheet rests
  /// (height, detent) by hand, and after the keyboard hides (the first detent's own height).
  static let shown:
    [(
      mode: KeyboardMode, detents: [Detent]?, keyboard: Double, height: Double, detent: String?, back: Double,
      line: UInt
    )] = [
      // interactive keeps medium: 398.5 + 336 = 734.5
      (.interactive, nil, 336, 734.5, "medium", 398.5, #line),
      // extend goes to large, lifted: min(787 + 336, 797) = 797
      (.extend, nil, 336, 797, "large", 398.5, #line),
      // extend over fixed detents: the largest, 300 + 336 = 636
      (.extend, small, 336, 636, "medium", 200, #line),
      // fill: the cap, max(A, K) = 797, an explicit height
      (.fill, small, 336, 797, nil, 200, #line),
      // none: 398.5 >= 336 stays
      (.none, nil, 336, 398.5, "medium", 398.5, #line),
      // none: a 200 pt detent under a 336 keyboard rises to its top edge
      (.none, small, 336, 336, "small", 200, #line),
      // interactive over fixed detents: 200 + 336 = 536
      (.interactive, small, 336, 536, "small", 200, #line),
      // a keyboard above the available height: the cap is the keyboard, 820; the sheet rests on it
      (.interactive, nil, 820, 820, "medium", 398.5, #line),
      // a keyboard of 500: 398.5 + 500 = 898.5 is cut to the cap 797
      (.interactive, nil, 500, 797, "medium", 398.5, #line),
    ]

  @Test(arguments: shown.indices) func eachModeRestsWhereItsFormulaSays(_ i: Int) throws {
    let row = Self.shown[i]
    var m = try Self.presented(row.mode, detents: row.detents)
    let first = m.declaredDetents[0].id
    try m.setKeyboard(height: row.keyboard, duration: 0.25)
    try Self.still(&m)
    #expect(m.state == .resting, "line \(row.line)")
    #expect(close(m.height, row.height), "line \(row.line): \(m.height)")
    #expect(m.detent == row.detent, "line \(row.line)")
    #expect(m.keyboard.height == row.keyboard, "line \(row.line)")
    #expect(m.invariantViolation == nil, "line \(row.line)")
    try m.setKeyboard(height: 0, duration: 0.25)
    try Self.still(&m)
    #expect(m.detent == first && close(m.height, row.back), "line \(row.line): \(m.height)")
    #expect(m.keyboard.height == 0 && m.invariantViolation == nil, "line \(row.line)")
  }

  /// The placement formulas, by hand (bottom and top sheets).
  static let placements:
    [(
      edge: SheetEdge, mode: KeyboardMode, keyboard: Double, detent: Double, placed: Double, floor: Double,
      cap: Double, line: UInt
    )] = [
      (.bottom, .interactive, 336, 398.5, 734.5, 336, 797, #line),
      (.bottom, .interactive, 0, 844, 844, 0, 844, #line),  // no keyboard: unchanged, even above A
      (.bottom, .fill, 336, 844, 797, 336, 797, #line),  // min(844 + 336, 797)
      (.bottom, .none, 336, 844, 844, 336, 844, #line),  // none: up to the screen's top
      (.bottom, .none, 336, 120, 336, 336, 844, #line),
      (.bottom, .extend, 844, 100, 844, 844, 844, #line),  // a full-screen keyboard: on its top edge
      (.top, .interactive, 336, 787, 508, 0, 508, #line),  // H - K = 844 - 336
      (.top, .none, 336, 398.5, 398.5, 0, 508, #line),
      (.top, .fill, 844, 398.5, 0, 0, 0, #line),  // no room: inactive
    ]

  @Test(arguments: placements.indices) func placementFormulas(_ i: Int) {
    let row = Self.placements[i]
    var g = reference
    g.edge = row.edge
    let place = KeyboardGeometry(geometry: g, keyboard: row.keyboard, mode: row.mode)
    #expect(place.placed(row.detent) == row.placed, "line \(row.line)")
    #expect(place.floor == row.floor && place.cap == row.cap, "line \(row.line)")
  }

  /// The contract's spring in the core's terms, by hand: ζ = 500 / (2 √3000), T = 2π / √(1000 / 3), and
  /// the time its envelope reaches 1/1000, ln(1000) / (ω0 (ζ − √(ζ² − 1))).
  @Test func theKeyboardSpringInTheCoresTerms() {
    #expect(close(SheetKeyboard.dampingRatio, 4.564354645876384, 1e-12))
    #expect(close(SheetKeyboard.response, 2 * Double.pi / (1000 / 3.0).squareRoot(), 1e-15))
    #expect(close(SheetKeyboard.response, 0.34414, 1e-5))
    let zeta = 500 / (2 * 3000.0.squareRoot())
    let rate = (1000 / 3.0).squareRoot() * (zeta - (zeta * zeta - 1).squareRoot())
    #expect(close(SheetKeyboard.naturalDuration, log(1000) / rate, 1e-12))
    #expect(close(SheetKeyboard.naturalDuration, 3.4119, 1e-4))
    #expect(SheetKeyboard.motion(duration: 0) == .curve(.linear, duration: 0))
  }

  /// The keyboard's height over a 0.25 s show, frame by frame, against the overdamped closed form of the
  /// documented model (ω0 = ln(1000) / (0.25 k(ζ)), from rest), computed here independently; it ends at
  /// 336 at 0.25 s. An interactive sheet rides on it: h − K stays 398.5 on every frame.
  @Test func theKeyboardFollowsTheTimeScaledSpringAndTheSheetRidesOnIt() throws {
    var m = try Self.presented(.interactive)
    try m.setKeyboard(height: 336, duration: 0.25)
    let zeta = SheetKeyboard.dampingRatio
    let root = (zeta * zeta - 1).squareRoot()
    let omega = log(1000) / (0.25 * (zeta - root))
    let r1 = -omega * (zeta - root)
    let r2 = -omega * (zeta + root)
    let c2 = -r1 / (r2 - r1)
    let c1 = 1 - c2
    var t = 0.0
    var done = false
    for frame in 1...40 {
      let step = try m.step(1.0 / 120)
      t += 1.0 / 120
      let remaining = c1 * exp(r1 * t) + c2 * exp(r2 * t)
      let speed = 336 * abs(c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t))
      // the motion ends at 0.25 s, or earlier within 0.5 pt and 1 pt/s (the core's height tolerances)
      done = done || frame >= 30 || (336 * remaining <= 0.5 && speed <= 1)
      let expected = done ? 336 : 336 * (1 - remaining)
      #expect(close(step.keyboard, expected, 1e-9), "frame \(frame): \(step.keyboard) vs \(expected)")
      #expect(close(step.height - step.keyboard, 398.5, 0.5), "frame \(frame)")
      if frame == 12 {
        #expect(close(step.keyboard / 336, 1 - remaining, 1e-12) && step.keyboard > 0.93 * 336)
      }
    }
    #expect(m.isStill && m.height == 734.5 && m.keyboard.height == 336)
  }

  /// A drag with the keyboard up works among the lifted detents: a slow drag up from medium (734.5)
  /// goes to large (797), a drag down past medium's lifted height back to medium; a fast flick down
  /// dismisses, and the keyboard stays up (the host hides it).
  @Test func aDragWithTheKeyboardUpUsesTheLiftedDetents() throws {
    var m = try Self.presented(.interactive)
    try m.setKeyboard(height: 336, duration: 0.25)
    try Self.still(&m)
    // top edge at 844 - 734.5 = 109.5; drag up 40 pt slowly
    let events = try m.drag(from: 120, to: 80, duration: 0.4, release: 0)
    #expect(events.lastDecision?.target == .detent("large"))
    try Self.still(&m)
    #expect(m.detent == "large" && m.height == 797)
    try m.drag(from: 60, to: 140, duration: 0.4, release: 0)  // 797 - 80 = 717, nearer 734.5
    try Self.still(&m)
    #expect(m.detent == "medium" && m.height == 734.5)
    try m.drag(from: 120, to: 200, duration: 0.05, release: 3000)
    try Self.still(&m)
    #expect(m.state == .dismissed && m.height == 0 && m.keyboard.height == 336)
    try m.present()
    try Self.still(&m)
    #expect(m.detent == "medium" && m.height == 734.5)
    // the user chose large with the keyboard up: hiding returns there
    try m.snap(to: "large")
    try Self.still(&m)
    try m.setKeyboard(height: 0)
    try Self.still(&m)
    #expect(m.detent == "large" && m.height == 787)
  }

  /// A rotation with the keyboard up: the detents are placed on the new screen (a sheet taller than the
  /// new screen is cut to it at once, as without a keyboard), then the host reports the landscape keyboard. Landscape 844 x 390, safe top 0: A = 390,
  /// medium 195; with 336: min(195 + 336, 390) = 390; with a 162 keyboard: 195 + 162 = 357.
  @Test func aRotationWithTheKeyboardUp() throws {
    var m = try Self.presented(.interactive)
    try m.setKeyboard(height: 336, duration: 0.25)
    try Self.still(&m)
    let landscape = SheetGeometry(width: 844, height: 390, safeArea: SafeArea(top: 0, bottom: 21))
    try m.resize(landscape)
    try Self.still(&m)
    #expect(m.detent == "medium" && m.height == 390)
    try m.setKeyboard(height: 162, duration: 0.25)
    try Self.still(&m)
    #expect(m.detent == "medium" && m.height == 357)
    // a screen shorter than the keyboard cuts it to the screen
    try m.resize(SheetGeometry(width: 300, height: 150))
    #expect(m.keyboard.height == 150 && m.keyboard.targetHeight == 150)
    try Self.still(&m)
    #expect(m.invariantViolation == nil && m.height == 150)
  }

  /// Bad values are refused, naming the field, and change nothing.
  static let bad: [(height: Double, duration: Double, field: String, line: UInt)] = [
    (.nan, 0.25, "keyboard.height", #line),
    (-1, 0.25, "keyboard.height", #line),
    (845, 0.25, "keyboard.height", #line),
    (300, -0.1, "keyboard.duration", #line),
    (300, .infinity, "keyboard.duration", #line),
    (300, 10.5, "keyboard.duration", #line),
  ]

  @Test(arguments: bad.indices) func badKeyboardValuesAreRefused(_ i: Int) throws {
    let row = Self.bad[i]
    var m = try Self.presented(.interactive)
    let before = m.frame
    do throws(SheetError) {
      try m.setKeyboard(height: row.height, duration: row.duration)
      Issue.record("line \(row.line): not refused")
    } catch {
      guard case .invalidValue(let field, _) = error else {
        Issue.record("line \(row.line): \(error)")
        return
      }
      #expect(field == row.field, "line \(row.line)")
    }
    #expect(m.frame == before && m.keyboard == SheetKeyboard(), "line \(row.line)")
  }

  /// A policy's keyboard target: a detent is used, a height is brought into [K, cap], a dismissal or an
  /// inactive detent is refused (a fault, then the mode decides).
  struct Asking: SheetPolicy {
    var configuration = DefaultPolicy.standardConfiguration
    var answer: ReleaseTarget?
    func keyboardTarget(_ keyboard: SheetKeyboard, _ sheet: SheetSnapshot) throws(ScriptError)
      -> ReleaseTarget?
    {
      keyboard.isVisible ? answer : nil
    }
  }

  static let asked: [(answer: ReleaseTarget?, height: Double, faults: Int, line: UInt)] = [
    (.detent("large"), 797, 0, #line),
    (.height(100), 336, 0, #line),  // brought up to the keyboard's top
    (.height(844), 797, 0, #line),  // brought down to the cap
    (.dismiss, 734.5, 1, #line),  // refused: interactive keeps medium
    (.detent("nowhere"), 734.5, 1, #line),
    (.height(-5), 734.5, 1, #line),
    (nil, 734.5, 0, #line),
  ]

  @Test(arguments: asked.indices) func aPolicyChoosesWhereTheKeyboardPutsTheSheet(_ i: Int) throws {
    let row = Self.asked[i]
    var m = try SheetMachine(policy: Asking(answer: row.answer), geometry: reference)
    try m.presented()
    let events = try m.setKeyboard(height: 336)
    try Self.still(&m)
    #expect(close(m.height, row.height), "line \(row.line): \(m.height)")
    #expect(events.faults.count == row.faults, "line \(row.line): \(events.faults)")
    #expect(m.invariantViolation == nil, "line \(row.line)")
  }
}
