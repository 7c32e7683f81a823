/// Why the machine refused an input: always a bad value, never the state (an input a state cannot take
/// is recorded as ``SheetEvent/ignored(input:state:)`` or ``SheetEvent/queued(input:state:)``, see
/// ``TransitionTable/response(to:in:)``).
public enum SheetError: Error, Sendable, Equatable {
  /// No active detent has this identifier.
  case unknownDetent(String)
  /// A number given to the machine is unusable (NaN, infinite, negative size...).
  case invalidValue(field: String, value: Double)
  /// `present()` found no active detent.
  case noActiveDetent
}

/// Whether a pan is tracked.
public enum PanResponse: Sendable, Equatable {
  /// The sheet follows the pan.
  case tracking
  /// The pan is ignored, and so are its later phases (outside the gesture area, not pannable, or no
  /// sheet to grab in this state); while another pan is tracked, that pan goes on.
  case ignored(reason: String)
}
