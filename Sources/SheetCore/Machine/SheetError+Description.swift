/// A ``SheetError`` in words: what was refused, the value, and what the field accepts
/// (`invalid touch y nan (not a number); expected a finite number within ±1000000 pt`).
extension SheetError: CustomStringConvertible {
  /// The error as a sentence naming the field and the value in words.
  public var description: String { description(naming: Self.words(for:)) }

  /// The error as a sentence, with the field named as `name` gives it (a scenario names the machine's
  /// `geometry.safeArea.top` by its own word, `safe_top`).
  /// - Parameter name: The field's name for the reader, from the machine's.
  /// - Returns: The sentence.
  public func description(naming name: (String) -> String) -> String {
    switch self {
    case .unknownDetent(let id): "unknown or inactive detent '\(id)'"
    case .noActiveDetent: "the behaviour has no active detent on this screen"
    case .invalidValue(let field, let value):
      "invalid \(name(field)) \(Self.words(for: value))"
        + (Self.accepted[field].map { "; expected \($0)" } ?? "")
    }
  }

  /// A value in words: `nan (not a number)`, `inf (infinite)`, else the number (`-3`, `1e+07`).
  static func words(for value: Double) -> String {
    if value.isNaN { return "nan (not a number)" }
    if value.isInfinite { return Format.general(value) + " (infinite)" }
    return Format.general(value)
  }

  /// The machine's field names in words.
  static func words(for field: String) -> String {
    fieldWords[field] ?? field
  }

  private static let fieldWords = [
    "geometry.width": "screen width", "geometry.height": "screen height",
    "geometry.safeArea.top": "top safe-area inset", "geometry.safeArea.bottom": "bottom safe-area inset",
    "contentHeight": "content height", "keyboard.height": "keyboard height",
    "keyboard.duration": "keyboard animation duration", "x": "touch x", "y": "touch y",
    "offset": "scroll offset", "time": "touch time", "velocity": "release velocity",
    "velocityX": "horizontal release velocity", "dt": "frame interval", "frameInterval": "frame interval",
    "timestamp": "timestamp", "finger": "finger number", "scroll.contentHeight": "scroll content height",
    "scroll.top": "scroll view top", "scroll.height": "scroll view height",
  ]

  /// What each field accepts (``SheetLimits``' checks), for the sentence's end.
  private static let accepted: [String: String] = {
    let coordinate = "a finite number within ±\(Format.general(SheetLimits.maximumCoordinate)) pt"
    let extent = "a finite number of points in (0, \(Format.general(SheetLimits.maximumScreenExtent))]"
    let inset =
      "a finite number of points in [0, \(Format.general(SheetLimits.maximumInset))], below the screen height"
    let speed = "a finite number within ±\(Format.general(SheetLimits.maximumVelocity)) pt/s"
    let scrollExtent = "a finite number of points in [0, \(Format.general(SheetLimits.maximumScreenExtent))]"
    return [
      "geometry.width": extent, "geometry.height": extent, "geometry.safeArea.top": inset,
      "geometry.safeArea.bottom": inset, "contentHeight": "a finite number of points, 0 or more",
      "keyboard.height": "a finite number of points from 0 to the screen height",
      "keyboard.duration":
        "a finite number of seconds in [0, \(Format.general(SheetLimits.maximumKeyboardDuration))]",
      "x": coordinate, "y": coordinate, "offset": coordinate, "time": "a finite number of seconds",
      "velocity": speed, "velocityX": speed, "dt": "a finite number of seconds, 0 or more",
      "frameInterval": "a finite number of seconds above 0",
      "timestamp": "a finite number of seconds within ±\(Format.general(SheetHost.maximumTimestamp))",
      "finger": "a whole number in \(SheetLimits.fingers.lowerBound)...\(SheetLimits.fingers.upperBound)",
      "scroll.contentHeight":
        "a finite number of points in [0, \(Format.general(SheetLimits.maximumCoordinate))]",
      "scroll.top": scrollExtent, "scroll.height": scrollExtent,
    ]
  }()
}
