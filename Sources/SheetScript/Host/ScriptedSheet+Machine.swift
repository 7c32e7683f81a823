import SheetCore

/// What the host API knows about the machine's event buffer.
///
/// Today the machine keeps its events in ``SheetMachine/events``: each input call appends its own (and
/// returns them as a slice), a step appends its own after those of the inputs since the previous step,
/// and the first call after a step empties the buffer. This is the only type, and
/// `ScriptedSheet+Machine.swift` the only file, that depends on that: when `step` returns its frame and
/// events and each input its own, `input(x:_:)`, `stepMachine(_:)` and `collectCreation()` collect what
/// the calls return and this cursor goes.
struct MachineEventCursor {
  /// Whether the last machine call was a step, so that the next call starts a new buffer (its events
  /// start at 0; otherwise they start where the buffer ends now).
  var afterStep = false
}

extension ScriptedSheet {
  /// Applies an input to the machine, then collects the events it recorded, the behaviours' faults and
  /// prints. When the input throws (a bad value) nothing was recorded and nothing is collected.
  /// - Parameters:
  ///   - x: The x of the touch the input carries, if any, for ``Event/x``.
  ///   - body: The machine call.
  /// - Returns: What the call returned.
  /// - Throws: What the call throws (`SheetError`, or nothing).
  @discardableResult
  func input<Result, Failure: Error>(
    x: Double? = nil, _ body: (inout SheetMachine) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let start = cursor.afterStep ? 0 : machine.events.count
    let result = try body(&machine)
    cursor.afterStep = false
    collect(from: start, x: x)
    collectBehaviourOutput()
    return result
  }

  /// Steps the machine, then collects the step's events, the behaviours' faults and prints.
  /// - Parameter dt: The interval, already checked (finite, >= 0).
  /// - Returns: The frame.
  func stepMachine(_ dt: Double) throws(SheetError) -> SheetFrame {
    let start = cursor.afterStep ? 0 : machine.events.count
    let frame = try machine.step(dt)
    cursor.afterStep = true
    collect(from: start, x: nil)
    collectBehaviourOutput()
    return frame
  }

  /// Collects what making the machine recorded (a detent the behaviour could not resolve).
  func collectCreation() {
    collect(from: 0, x: nil)
    cursor.afterStep = false
    collectBehaviourOutput()
  }

  /// Queues the machine's buffered events from `start` on, at the machine's time.
  private func collect(from start: Int, x: Double?) {
    guard machine.events.count > start else { return }  // a steady frame: nothing, and no copy
    let edge = machine.geometry.edge
    for event in machine.events[start...] {
      enqueue(Event(time: machine.time, kind: .sheet(event), x: x, edge: edge))
    }
  }

  /// Queues the faults the behaviours recorded outside policy calls (their detent functions) as
  /// `script_error` events, and their `print`s; promotes a replacement the machine has installed.
  func collectBehaviourOutput() {
    if let next = pendingBehaviour, (machine.policy as? Behaviour) === next {
      collectFaults(of: behaviour)
      behaviour = next
      pendingBehaviour = nil
    }
    collectFaults(of: behaviour)
    if let next = pendingBehaviour { collectFaults(of: next) }
    if !prints.isEmpty {
      for line in prints.take() { enqueue(Event(time: machine.time, kind: .print(line))) }
    }
  }

  private func collectFaults(of behaviour: Behaviour) {
    guard !behaviour.faults.isEmpty else { return }  // no copy of an empty list on a steady frame
    let edge = machine.geometry.edge
    for fault in behaviour.takeFaults() {
      enqueue(
        Event(
          time: machine.time, kind: .sheet(.policyFault(callback: fault.callback, message: fault.message)),
          edge: edge))
    }
  }

  /// Keeps an event for ``drainEvents()``, within ``maximumPendingEvents``.
  func enqueue(_ event: Event) {
    if pending.count < Self.maximumPendingEvents {
      pending.append(event)
    } else {
      droppedEventCount += 1
    }
  }
}
