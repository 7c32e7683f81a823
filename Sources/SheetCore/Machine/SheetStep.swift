/// What one ``SheetHost/step(_:)`` did: the frame to draw and the events the step caused, in order
/// (a transition finishing, a state change, a script error).
///
/// The frame's fields read through the step too: `step.height` is `step.frame.height`.
@dynamicMemberLookup
public struct SheetStep: Sendable, Equatable {
  /// The sheet after the step.
  public var frame: SheetFrame
  /// The events the step caused; empty on most frames (an empty array, which allocates nothing).
  public var events: [SheetEvent]

  /// Creates a step's result.
  /// - Parameters:
  ///   - frame: The sheet after the step.
  ///   - events: The events the step caused.
  public init(frame: SheetFrame, events: [SheetEvent]) {
    self.frame = frame
    self.events = events
  }

  /// A field of ``frame``.
  /// - Parameter keyPath: The frame's field.
  /// - Returns: Its value.
  public subscript<Value>(dynamicMember keyPath: KeyPath<SheetFrame, Value>) -> Value {
    frame[keyPath: keyPath]
  }
}

/// What ``SheetHost/touchDown(finger:x:y:time:)`` did: whether the pan is tracked, and the events it caused.
public struct PanStart: Sendable, Equatable {
  /// Whether the sheet follows the pan.
  public var response: PanResponse
  /// The events the call caused (`.gesture(.began, y:)` and the state change when tracked; an
  /// ``SheetEvent/ignoredGesture(reason:)`` or ``SheetEvent/ignored(input:state:)`` when not).
  public var events: [SheetEvent]

  /// Creates the result.
  /// - Parameters:
  ///   - response: Whether the pan is tracked.
  ///   - events: The events the call caused.
  public init(response: PanResponse, events: [SheetEvent]) {
    self.response = response
    self.events = events
  }

  /// Whether the sheet follows the pan.
  public var isTracking: Bool { response == .tracking }
}
