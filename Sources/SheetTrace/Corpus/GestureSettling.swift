import SheetCore

/// What a release did, measured the same way by the host API's recording and by the replay: where the
/// sheet was sent (the release's target), how long it took from the lift to be still, and how far it
/// travelled past its final height.
public struct GestureSettling: Sendable, Equatable {
  /// The release's target, as ``GestureRecord/Outcome/end`` names it.
  public let end: String
  /// The sheet's time at the lift, seconds.
  public let releaseTime: Double
  /// The sheet's height at the lift, points.
  public let releaseHeight: Double
  /// The lowest and highest heights since the lift, points.
  public private(set) var lowest, highest: Double

  /// Starts measuring a release, right after the lift's call returned.
  /// - Parameters:
  ///   - machine: The machine after the lift.
  ///   - time: The lift's time on the sheet's clock.
  public init(after machine: SheetMachine, at time: Double) {
    end = Self.end(of: machine)
    releaseTime = time
    releaseHeight = machine.height
    lowest = machine.height
    highest = machine.height
  }

  /// Where a released sheet goes: its target's name (`ReleaseTarget.name`: a detent's id, `dismiss`,
  /// `height N`), or, with no target, `dismiss` for a sheet out and its detent for one at rest.
  /// - Parameter machine: The machine after the lift.
  /// - Returns: The name.
  public static func end(of machine: SheetMachine) -> String {
    if let target = machine.target { return target.name }
    if machine.state == .dismissed || machine.state == .hidden || machine.state == .dismissing {
      return "dismiss"
    }
    return machine.detent ?? ReleaseTarget.height(machine.height).name
  }

  /// Notes the height after a frame.
  /// - Parameter height: Points.
  public mutating func observe(_ height: Double) {
    lowest = min(lowest, height)
    highest = max(highest, height)
  }

  /// The outcome once the sheet is still (`settled`), or as it stood when another input came first.
  /// - Parameters:
  ///   - machine: The machine now.
  ///   - settled: Whether it is still.
  /// - Returns: The outcome; settle time and overshoot only when it settled.
  public func outcome(_ machine: SheetMachine, settled: Bool) -> GestureRecord.Outcome {
    guard settled else { return GestureRecord.Outcome(end: end, settle: nil, overshoot: nil) }
    let final = machine.height
    return GestureRecord.Outcome(
      end: end, settle: max(0, machine.time - releaseTime),
      overshoot: Self.overshoot(final: final, from: releaseHeight, lowest: lowest, highest: highest))
  }

  /// Overshoot, points: how far past its final height the sheet went on the side it travelled toward
  /// (up past it when it rose, down past it when it fell; either side when it ended where it was
  /// released).
  public static func overshoot(final: Double, from release: Double, lowest: Double, highest: Double) -> Double
  {
    let past = max(0, highest - final)
    let short = max(0, final - lowest)
    return final > release ? past : final < release ? short : max(past, short)
  }
}
