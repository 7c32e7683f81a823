import SheetScript
import SheetTrace

/// The scenario's notes (expectations, prints, reloads) that the sheet's trace cannot take yet: those
/// made before the sheet exists, which go into its trace when it is made, and those made while a call
/// holds the sheet (an inline behaviour's `print` or `expect`, ``ScenarioSession/withDriver(_:)``), which
/// go in after the call. Each buffer keeps at most the trace's entries limit.
package struct ScenarioNotes {
  /// A note: the event's name and its fields.
  package typealias Note = (String, [TraceField])

  /// The most notes each buffer keeps (the run's trace entries limit).
  package let limit: Int
  /// Expectations and prints noted before the sheet exists, flushed into its trace when it is made.
  private(set) var early: [Note] = []
  /// The trace limit, when the notes kept before the sheet existed reached it.
  private(set) var limitReached: String?
  /// While a call has the sheet, the sheet's time when it began (nil: no call under way).
  private(set) var callTime: Double?
  /// The notes made while a call has the sheet, for its trace after the call.
  private var duringCall: [Note] = []

  /// No notes yet.
  /// - Parameter limit: The most notes each buffer keeps (``ScenarioLimits/traceEntries``).
  package init(limit: Int) {
    self.limit = limit
  }

  /// Keeps a note the sheet cannot take now: for after the call that holds the sheet, or, before the
  /// sheet exists, for its trace (past the limit, the limit is noted instead).
  package mutating func keep(_ name: String, _ fields: [TraceField]) {
    if callTime != nil {  // an inline behaviour's callback, while the sheet is busy in a call
      if duringCall.count < limit { duringCall.append((name, fields)) }
    } else if early.count < limit {
      early.append((name, fields))
    } else {
      limitReached = "the run reached the trace limit (\(limit) entries)"
    }
  }

  /// A call takes the sheet: notes wait until it gives it back.
  /// - Parameter time: The sheet's time when the call began.
  package mutating func beginCall(at time: Double) {
    callTime = time
  }

  /// The call gives the sheet back.
  /// - Returns: The notes made during it, in order, for the sheet's trace (none kept after).
  package mutating func endCall() -> [Note] {
    callTime = nil
    let notes = duringCall
    duringCall = []
    return notes
  }

  /// The notes made before the sheet existed, for the trace of the sheet just made (none kept after).
  package mutating func takeEarly() -> [Note] {
    let notes = early
    early = []
    return notes
  }
}
