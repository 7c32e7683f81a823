import SheetCore

/// Where the host API meets the machine, through the `MachineFunnel` the driver uses too: every call
/// returns what it did (a step its frame and events, an input its own events), so the host collects
/// exactly those, once, in call order, with the behaviours' prints. This file is the only place the
/// sheet calls the funnel and touches the machine's results.
extension ScriptedSheet {
  /// Applies an input to the machine, then queues the events it returned and the behaviours' prints.
  /// When the input throws (a bad value) it changed nothing and nothing is queued.
  /// - Parameters:
  ///   - x: The x of the touch the input carries, if any, for ``Event/x``.
  ///   - body: The machine call.
  /// - Returns: The call's events.
  /// - Throws: What the call throws (`SheetError`, or nothing).
  @discardableResult
  func input<Failure: Error>(
    x: Double? = nil, _ body: (inout SheetMachine) throws(Failure) -> [SheetEvent]
  ) throws(Failure) -> [SheetEvent] {
    let wasStill = isStill
    let events = try funnel.input(body)
    if wasStill && !isStill { startsFromStill = true }
    collect(events, x: x)
    collectBehaviourOutput()
    return events
  }

  /// Begins a pan, then queues its events and the behaviours' prints.
  /// - Parameters:
  ///   - x: The touch's x, for ``Event/x``.
  ///   - y: Screen y in points.
  ///   - time: The machine time of the touch.
  /// - Returns: Whether the sheet follows the pan.
  /// - Throws: `SheetError.invalidValue` for a value the machine refuses.
  func beginPan(x: Double, y: Double, time: Double) throws(SheetError) -> PanResponse {
    let wasStill = isStill
    let start = try funnel.panBegan(x: x, y: y, time: time)
    if wasStill && machine.state == .dragging { startsFromStill = true }
    collect(start.events, x: x)
    collectBehaviourOutput()
    return start.response
  }

  /// Steps the machine, then queues the step's events and the behaviours' prints.
  /// - Parameter dt: The interval, already checked (finite, >= 0).
  /// - Returns: The frame.
  func stepMachine(_ dt: Double) throws(SheetError) -> SheetFrame {
    let step = try funnel.step(dt)
    collect(step.events, x: nil)
    collectBehaviourOutput()
    return step.frame
  }

  /// Queues what making the machine met (a detent the behaviour could not resolve): a zero step hands
  /// it over without advancing time.
  func collectCreation() {
    collect(funnel.creationEvents(), x: nil)
    collectBehaviourOutput()
  }

  /// Queues a call's events at the machine's time.
  private func collect(_ events: [SheetEvent], x: Double?) {
    guard !events.isEmpty else { return }  // a steady frame: nothing, and no copy
    let edge = machine.geometry.edge
    for event in events {
      enqueue(Event(time: machine.time, kind: .sheet(event), x: x, edge: edge))
    }
  }

  /// Queues the behaviours' `print`s and promotes a replacement the machine has installed (a reload
  /// made during a drag waits for the drag to end).
  func collectBehaviourOutput() {
    if let next = pendingBehaviour, (machine.policy as? Behaviour) === next {
      behaviour = next
      pendingBehaviour = nil
    }
    if !prints.isEmpty {
      for line in prints.take() { enqueue(Event(time: machine.time, kind: .print(line))) }
      droppedEventCount += prints.takeDropped()
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
