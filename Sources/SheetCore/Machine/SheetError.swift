/// Why the machine refused an input.
public enum SheetError: Error, Sendable, Equatable {
  /// The input is not allowed in this state (see ``TransitionTable``).
  case illegalTransition(event: String, state: SheetState)
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
  /// The pan is ignored, and so are its later phases.
  case ignored(reason: String)
}
