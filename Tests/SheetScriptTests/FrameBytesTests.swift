import Testing

@testable import SheetCore
@testable import SheetScript

/// The outcome sink counts a frame by the size its text would have, taking the last frame's size while
/// the machine's detent and target were not set: the count must be the one worked out afresh for every
/// frame.
@Suite struct FrameBytesTests {
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

  /// Each row sets the detent, the target, both or neither (a frame that only moves the time), and the
  /// size read then is the one worked out afresh.
  @Test func theRememberedSizeIsTheSizeWorkedOutAfresh() throws {
    var driver = try SheetDriver(policy: DefaultPolicy(), geometry: SheetGeometry(width: 390, height: 844))
    for (index, (detent, target, line)) in Self.sequence.enumerated() {
      for sets in 0..<4 {  // neither, the detent, the target, both
        if sets & 1 != 0 {
          _ = driver.host.input { machine in
            machine.detent = detent
            return []
          }
        }
        if sets & 2 != 0 {
          _ = driver.host.input { machine in
            machine.target = target
            return []
          }
        }
        let machine = driver.machine
        #expect(
          driver.frameBytes()
            == SheetDriver.estimatedFrameBytes(detent: machine.detent, target: machine.target),
          "line \(line), row \(index), sets \(sets)")
      }
    }
  }

  /// Every setting of the detent or the target moves the revision, also to the value it held.
  @Test func settingTheDetentOrTheTargetMovesTheRevision() throws {
    var driver = try SheetDriver(policy: DefaultPolicy(), geometry: SheetGeometry(width: 390, height: 844))
    var last = driver.machine.textRevision
    for (detent, target, line) in Self.sequence {
      _ = driver.host.input { machine in
        machine.detent = detent
        return []
      }
      #expect(driver.machine.textRevision != last, "line \(line)")
      last = driver.machine.textRevision
      _ = driver.host.input { machine in
        machine.target = target
        return []
      }
      #expect(driver.machine.textRevision != last, "line \(line)")
      last = driver.machine.textRevision
    }
  }
}
