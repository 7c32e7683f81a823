import Testing

@testable import SheetCore

/// The machine refuses impossible numbers at its edge (screens, intervals, touches, velocities),
/// so no frame ever carries NaN or infinity.
@Suite struct EdgeValidationTests {
  /// The field and value of the `invalidValue` error `body` throws, or nil when it throws nothing (or
  /// another error).
  static func refusal(_ body: () throws(SheetError) -> Void) -> (field: String, value: Double)? {
    do throws(SheetError) {
      try body()
    } catch .invalidValue(let field, let value) {
      return (field, value)
    } catch {
      return nil
    }
    return nil
  }

  /// Whether two numbers are the same, NaN included.
  static func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }

  /// Whether every number of the frame is finite and the height and backdrop are in range.
  static func isSound(_ frame: SheetFrame, on geometry: SheetGeometry) -> Bool {
    frame.time.isFinite && frame.height.isFinite && frame.backdrop.isFinite && frame.velocity.isFinite
      && frame.height >= 0 && frame.height <= geometry.height && frame.backdrop >= 0 && frame.backdrop <= 1
  }

  static func screen(
    width: Double = 390, height: Double = 844, top: Double = 47, bottom: Double = 34
  ) -> SheetGeometry {
    SheetGeometry(width: width, height: height, safeArea: SafeArea(top: top, bottom: bottom))
  }

  /// Each row: a screen the machine must refuse, the field and value it names.
  static let badScreens: [(geometry: SheetGeometry, field: String, value: Double, line: UInt)] = [
    (screen(width: .nan), "geometry.width", .nan, #line),
    (screen(width: .infinity), "geometry.width", .infinity, #line),
    (screen(width: -390), "geometry.width", -390, #line),
    (screen(width: 0), "geometry.width", 0, #line),
    (screen(width: 100_001), "geometry.width", 100_001, #line),
    (screen(height: .nan), "geometry.height", .nan, #line),
    (screen(height: -.infinity), "geometry.height", -.infinity, #line),
    (screen(height: -1), "geometry.height", -1, #line),
    (screen(height: 1e300), "geometry.height", 1e300, #line),
    (screen(top: .nan), "geometry.safeArea.top", .nan, #line),
    (screen(top: -1), "geometry.safeArea.top", -1, #line),
    (screen(top: 10_001), "geometry.safeArea.top", 10_001, #line),
    (screen(bottom: .infinity), "geometry.safeArea.bottom", .infinity, #line),
    (screen(bottom: -0.5), "geometry.safeArea.bottom", -0.5, #line),
    // Insets must leave a positive available height, whichever edge the sheet is attached to.
    (screen(height: 844, top: 844), "geometry.safeArea.top", 844, #line),
    (screen(height: 500, bottom: 600), "geometry.safeArea.bottom", 600, #line),
  ]

  @Test(arguments: badScreens.indices) func initAndResizeRefuseAnImpossibleScreen(_ i: Int) throws {
    let row = Self.badScreens[i]
    let made = Self.refusal { () throws(SheetError) in
      _ = try SheetMachine(policy: DefaultPolicy(), geometry: row.geometry)
    }
    #expect(made?.field == row.field, "line \(row.line): \(String(describing: made))")
    #expect(made.map { Self.same($0.value, row.value) } == true, "line \(row.line)")
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: reference)
    try m.presented()
    let resized = Self.refusal { () throws(SheetError) in try m.resize(row.geometry) }
    #expect(resized?.field == made?.field, "line \(row.line): resize refuses it the same way")
    #expect(m.geometry == reference && m.state == .resting, "line \(row.line)")
  }

  @Test func theLargestScreenIsAccepted() throws {
    let largest = Self.screen(width: 100_000, height: 100_000, top: 10_000, bottom: 10_000)
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: largest)
    try m.presented()
    #expect(m.state == .resting && Self.isSound(m.frame, on: largest))
  }

  /// Each row: a content height the machine must refuse.
  static let badContent: [(value: Double, line: UInt)] = [
    (.nan, #line), (.infinity, #line), (-.infinity, #line), (-1, #line),
  ]

  @Test(arguments: badContent.indices) func initRefusesAnImpossibleContentHeight(_ i: Int) {
    let row = Self.badContent[i]
    let made = Self.refusal { () throws(SheetError) in
      _ = try SheetMachine(policy: DefaultPolicy(), geometry: reference, contentHeight: row.value)
    }
    #expect(made?.field == "contentHeight", "line \(row.line)")
    #expect(made.map { Self.same($0.value, row.value) } == true, "line \(row.line)")
  }

  /// Each row: an interval `step` must refuse.
  static let badIntervals: [(dt: Double, line: UInt)] = [
    (.nan, #line), (-1, #line), (-1e-9, #line), (.infinity, #line), (-.infinity, #line),
  ]

  @Test(arguments: badIntervals.indices) func stepRefusesAnImpossibleInterval(_ i: Int) throws {
    let row = Self.badIntervals[i]
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: reference)
    try m.present()
    _ = try m.step(SheetMachine.defaultFrameInterval)
    let before = m.frame
    let refused = Self.refusal { () throws(SheetError) in _ = try m.step(row.dt) }
    #expect(refused?.field == "dt", "line \(row.line)")
    #expect(refused.map { Self.same($0.value, row.dt) } == true, "line \(row.line)")
    #expect(m.frame == before, "line \(row.line): a refused step changes nothing")
  }

  /// Each row: an interval and how far one step of it advances the clock.
  static let longIntervals: [(dt: Double, advance: Double, line: UInt)] = [
    (1e308, 1, #line),
    (.greatestFiniteMagnitude, 1, #line),
    (3600, 1, #line),
    (1, 1, #line),
    (0.25, 0.25, #line),
    (0, 0, #line),
  ]

  @Test(arguments: longIntervals.indices) func aLongStepAdvancesAtMostOneSecond(_ i: Int) throws {
    let row = Self.longIntervals[i]
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: reference)
    try m.present()
    for n in 1...3 {
      let frame = try m.step(row.dt).frame
      #expect(frame.time == row.advance * Double(n), "line \(row.line)")
      #expect(Self.isSound(frame, on: reference), "line \(row.line): \(frame)")
    }
  }

  /// Each row: an input with a number the machine must refuse, the field it names.
  static let badInputs: [(name: String, field: String, line: UInt)] = [
    ("panBegan y 1e300", "y", #line),
    ("panBegan y -1000001", "y", #line),
    ("panBegan time nan", "time", #line),
    ("panChanged y 1e300", "y", #line),
    ("panChanged y nan", "y", #line),
    ("panChanged time inf", "time", #line),
    ("panEnded y 1e300", "y", #line),
    ("panEnded velocity 1e7", "velocity", #line),
    ("panEnded velocity -inf", "velocity", #line),
    ("panEnded time nan", "time", #line),
    ("panCancelled y -1e300", "y", #line),
    ("panCancelled time -inf", "time", #line),
    ("tap y 1e300", "y", #line),
    ("tap y nan", "y", #line),
  ]

  static func input(_ name: String, on m: inout SheetMachine) throws(SheetError) {
    switch name {
    case "panBegan y 1e300": try m.panBegan(y: 1e300)
    case "panBegan y -1000001": try m.panBegan(y: -1_000_001)
    case "panBegan time nan": try m.panBegan(y: 500, time: .nan)
    case "panChanged y 1e300": try m.panChanged(y: 1e300)
    case "panChanged y nan": try m.panChanged(y: .nan)
    case "panChanged time inf": try m.panChanged(y: 450, time: .infinity)
    case "panEnded y 1e300": try m.panEnded(y: 1e300)
    case "panEnded velocity 1e7": try m.panEnded(y: 450, velocity: 1e7)
    case "panEnded velocity -inf": try m.panEnded(y: 450, velocity: -.infinity)
    case "panEnded time nan": try m.panEnded(y: 450, time: .nan)
    case "panCancelled y -1e300": try m.panCancelled(y: -1e300)
    case "panCancelled time -inf": try m.panCancelled(y: 450, time: -.infinity)
    case "tap y 1e300": try m.tap(y: 1e300)
    default: try m.tap(y: .nan)
    }
  }

  @Test(arguments: badInputs.indices, [false, true])
  func inputsRefuseImpossibleNumbers(_ i: Int, ignored: Bool) throws {
    let row = Self.badInputs[i]
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: reference)
    try m.presented()
    // A pan in progress for the later phases: tracked (on the sheet) or ignored (on the backdrop).
    if !row.name.hasPrefix("panBegan") && !row.name.hasPrefix("tap") {
      try m.panBegan(y: ignored ? 10 : 500)
      try m.panChanged(y: ignored ? 20 : 480)
    }
    let before = m.frame
    let refused = Self.refusal { () throws(SheetError) in try Self.input(row.name, on: &m) }
    #expect(refused?.field == row.field, "line \(row.line): \(String(describing: refused))")
    #expect(m.frame == before, "line \(row.line): a refused input changes nothing")
  }

  @Test func theLargestNumbersAreAccepted() throws {
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: reference)
    try m.presented()
    try m.panBegan(y: 500)
    try m.panChanged(y: SheetLimits.maximumCoordinate)
    try m.panEnded(y: -SheetLimits.maximumCoordinate, velocity: -SheetLimits.maximumVelocity)
    #expect(Self.isSound(m.frame, on: reference))
    m.runToRest()
    #expect(m.state == .resting && Self.isSound(m.frame, on: reference))
  }

  /// Each row: two pan samples `gap` seconds apart moving `dy` points, and the frame velocity's magnitude
  /// after them (the estimator's slope clamped to 1e6 pt/s; samples closer than its conditioning floor
  /// count as one instant, 0).
  static let jumps: [(gap: Double, dy: Double, speed: Double, line: UInt)] = [
    (1e-12, 1e5, 0, #line),
    (1e-12, -1e5, 0, #line),
    (1e-8, 1e5, 1e6, #line),
    (1e-8, -1e5, 1e6, #line),
    (1e-3, 1e5, 1e6, #line),
    (1e-3, 500, 5e5, #line),
  ]

  @Test(arguments: jumps.indices) func aJumpBetweenCloseSamplesGivesAFiniteClampedVelocity(_ i: Int) throws {
    let row = Self.jumps[i]
    var m = try SheetMachine(policy: DefaultPolicy(), geometry: reference)
    var frames: [SheetFrame] = []
    try m.present()
    while m.state != .resting { frames.append(try m.step(SheetMachine.defaultFrameInterval).frame) }
    try m.panBegan(y: 500, time: m.time)
    try m.panChanged(y: 500 + row.dy, time: m.time + row.gap)
    frames.append(m.frame)
    frames.append(try m.step(SheetMachine.defaultFrameInterval).frame)
    let speed = abs(m.velocity)
    #expect(close(speed, row.speed, 1e-6 * max(1, row.speed)), "line \(row.line): \(m.velocity)")
    #expect(speed <= SheetLimits.maximumVelocity, "line \(row.line)")
    for event in try m.panEnded(y: 500 + row.dy) {
      if case .release(let v, _) = event {
        #expect(abs(v) <= SheetLimits.maximumVelocity, "line \(row.line)")
      }
    }
    frames.append(m.frame)
    var elapsed = 0.0
    while m.state != .resting && m.state != .dismissed && elapsed < 10 {
      frames.append(try m.step(SheetMachine.defaultFrameInterval).frame)
      elapsed += SheetMachine.defaultFrameInterval
    }
    #expect(m.state == .resting || m.state == .dismissed, "line \(row.line): still \(m.state)")
    for frame in frames {
      #expect(Self.isSound(frame, on: reference), "line \(row.line): \(frame)")
    }
  }
}
