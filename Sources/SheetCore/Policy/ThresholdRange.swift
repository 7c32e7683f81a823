/// The documented range of a tunable number: a closed interval of finite numbers, or a flag (0 or 1).
public struct ThresholdRange: Sendable, Equatable, CustomStringConvertible {
  /// The smallest value accepted.
  public let lowerBound: Double
  /// The largest value accepted.
  public let upperBound: Double
  /// Whether only the two bounds are accepted (a flag: 0 = false, 1 = true).
  public let isFlag: Bool

  /// Creates an interval range.
  /// - Parameter bounds: The finite values accepted, both ends included.
  public init(_ bounds: ClosedRange<Double>) {
    lowerBound = bounds.lowerBound
    upperBound = bounds.upperBound
    isFlag = false
  }

  private init(flag: Void) {
    lowerBound = 0
    upperBound = 1
    isFlag = true
  }

  /// 0 (false) or 1 (true), nothing between.
  public static let flag = ThresholdRange(flag: ())

  /// Whether `value` is finite and in the range (for a flag: exactly 0 or 1).
  /// - Parameter value: The value.
  /// - Returns: `true` when it is accepted.
  public func contains(_ value: Double) -> Bool {
    guard value.isFinite else { return false }
    if isFlag { return value == 0 || value == 1 }
    return value >= lowerBound && value <= upperBound
  }

  /// `[0.2, 2]`, or `0 or 1` for a flag.
  public var description: String {
    isFlag ? "0 or 1" : "[\(Format.general(lowerBound)), \(Format.general(upperBound))]"
  }
}

/// A threshold value refused before it reached the default policy: its name, the value and the range it
/// must lie in.
public struct ThresholdError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The threshold's name (`spring_damping`).
  public var name: String
  /// The value refused.
  public var value: Double
  /// The range it must lie in; nil for a threshold the default policy does not read (a behaviour's own),
  /// which only has to be finite.
  public var range: ThresholdRange?
  /// The range's unit (`s`), empty for a dimensionless one.
  public var unit: String

  /// Creates the error.
  /// - Parameters:
  ///   - name: The threshold's name.
  ///   - value: The value refused.
  ///   - range: Its range, nil when only finiteness is required.
  ///   - unit: The range's unit.
  public init(name: String, value: Double, range: ThresholdRange?, unit: String = "") {
    self.name = name
    self.value = value
    self.range = range
    self.unit = unit
  }

  /// What a value must be: `a number in [0.01, 2] s`, `0 or 1`, `a finite number`.
  public var expected: String {
    guard let range else { return "a finite number" }
    if range.isFlag { return "0 or 1" }
    return "a number in \(range)" + (unit.isEmpty ? "" : " \(unit)")
  }

  /// `threshold 'spring_response' is 0; expected a number in [0.01, 2] s`.
  public var description: String {
    "threshold '\(name)' is \(Format.general(value)); expected \(expected)"
  }
}
