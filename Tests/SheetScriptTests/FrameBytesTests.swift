import Testing

@testable import SheetCore
@testable import SheetScript

/// The outcome sink counts a frame by the size its text would have, taking the last frame's size when
/// the detent and target are the same: the count must be the one worked out afresh for every frame.
@Suite struct FrameBytesTests {
  static func frame(_ detent: String?, _ target: ReleaseTarget?) -> SheetFrame {
    SheetFrame(
      time: 0, state: .resting, detent: detent, target: target, height: 0, velocity: 0, backdrop: 0)
  }

  /// A sequence that repeats, changes and returns to detents and targets, long names (strings in
  /// storage of their own) and heights (a target whose text is made) included.
  static let sequence: [(String?, ReleaseTarget?, UInt)] = [
    (nil, nil, #line), (nil, nil, #line), ("medium", nil, #line), ("medium", nil, #line),
    ("medium", .detent("large"), #line), ("medium", .detent("large"), #line), (nil, .dismiss, #line),
    (nil, .height(420.5), #line), (nil, .height(420.5), #line), (nil, .height(-0.0), #line),
    (nil, .height(0.0), #line), ("a detent with a name longer than fifteen bytes", nil, #line),
    (String("a detent with a name longer than fifteen bytes".reversed()), nil, #line),
    ("a detent with a name longer than fifteen bytes", .detent("another long detent name here"), #line),
    ("large", .detent("medium"), #line), ("medium", .detent("large"), #line), (nil, nil, #line),
  ]

  @Test func theRememberedSizeIsTheSizeWorkedOutAfresh() throws {
    var driver = try SheetDriver(policy: DefaultPolicy(), geometry: SheetGeometry(width: 390, height: 844))
    for (detent, target, line) in Self.sequence {
      let frame = Self.frame(detent, target)
      #expect(
        driver.frameBytes(frame) == SheetDriver.estimatedFrameBytes(detent: detent, target: target),
        "line \(line)")
    }
  }

  /// Among values alive together, equal bits are equal values; the same values read from two frames
  /// give the same bits.
  @Test func equalBitsAreEqualDetentsAndTargets() throws {
    for (detent, target, line) in Self.sequence {
      let bits = try #require(Self.frame(detent, target).textBits, "line \(line)")
      #expect(Self.frame(detent, target).textBits == bits, "line \(line)")
      for (other, otherTarget, _) in Self.sequence where Self.frame(other, otherTarget).textBits == bits {
        #expect(other == detent && otherTarget == target, "line \(line)")
      }
    }
  }
}
