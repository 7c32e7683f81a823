import SheetCore
import SheetTrace

/// Where the host API meets its `SheetHost`: every call returns what it did (a step its frame and
/// events, an input its own events), so the sheet collects exactly those, once, in call order, with the
/// behaviours' prints. This file is the only place the sheet calls the host and reads its results.
extension ScriptedSheet {
  /// Applies an input through the host, then queues the events it returned and the behaviours'
  /// prints. When the input throws (a bad value) it changed nothing and nothing is queued.
  /// - Parameters:
  ///   - x: The x of the touch the input carries, if any, for ``Event/x``.
  ///   - body: The host call.
  /// - Throws: What the call throws (`SheetError`, or nothing).
  package func input<Failure: Error>(
    x: Double? = nil, _ body: (inout SheetHost) throws(Failure) -> [SheetEvent]
  )
    throws(Failure)
  {
    collect(try body(&host), x: x)
    collectBehaviourOutput()
  }

  /// A touch call through the host, its events and prints queued; returns what the call answered.
  package func touchInput<Failure: Error>(
    x: Double?, _ body: (inout SheetHost) throws(Failure) -> ([SheetEvent], Bool)
  )
    throws(Failure) -> Bool
  {
    let (events, answer) = try body(&host)
    collect(events, x: x)
    collectBehaviourOutput()
    return answer
  }

  /// Steps the machine, then queues the step's events and the behaviours' prints.
  /// - Parameter dt: The interval, already checked (finite, >= 0).
  /// - Returns: The frame.
  package func stepMachine(_ dt: Double) throws(SheetError) -> SheetFrame {
    let step = try host.step(dt)
    collect(step.events, x: nil)
    collectBehaviourOutput()
    if let gestureRecorder { recordStep(gestureRecorder) }
    return step.frame
  }

  /// Advances to a host timestamp, queuing each step's events and the behaviours' prints as it goes.
  package func advanceHost(to timestamp: Double) throws(SheetError) -> SheetFrame {
    let frame = try host.advance(to: timestamp) { events, machine in
      collect(events, x: nil, machine)
      collectBehaviourOutput(machine)
      gestureRecorder?.stepped(height: machine.height)
    }
    if let gestureRecorder { recordStep(gestureRecorder) }
    return frame
  }

  /// Queues what making the machine met (a detent the behaviour could not resolve).
  package func collectCreation() {
    collect(host.creationEvents(), x: nil)
    collectBehaviourOutput()
  }

  /// Queues a call's events at the machine's time.
  package func collect(_ events: [SheetEvent], x: Double?) {
    guard !events.isEmpty else { return }  // a steady frame: nothing to queue
    collect(events, x: x, host.machine)
  }

  /// Queues a step's events at the time of `machine`, the host's machine as a step left it (lent by
  /// `SheetHost.advance`, which holds the host while it steps).
  package func collect(_ events: [SheetEvent], x: Double?, _ machine: borrowing SheetMachine) {
    guard !events.isEmpty else { return }
    let edge = machine.geometry.edge
    for event in events {
      enqueue(Event(time: machine.time, kind: .sheet(event), x: x, edge: edge))
    }
  }

  /// Queues the behaviours' `print`s and promotes a replacement the machine has installed (a reload
  /// made during a drag waits for the drag to end), with its `reloaded` event.
  package func collectBehaviourOutput() {
    // Passing `host.machine` copies the whole machine (a class's stored property is read, not
    // borrowed, across a call on the same object); two such copies a touch made a dragging host frame
    // 1.37 times a machine frame instead of 1.12 (`sheet bench`, host_frame_ratio).
    guard pendingBehaviour != nil || !prints.isEmpty else { return }
    collectBehaviourOutput(host.machine)
  }

  /// ``collectBehaviourOutput()`` at the time of `machine`, the host's machine as a step left it.
  package func collectBehaviourOutput(_ machine: borrowing SheetMachine) {
    if let next = pendingBehaviour, (machine.policy as? Behaviour) === next {
      behaviour = next
      pendingBehaviour = nil
      enqueue(Event(time: machine.time, kind: .reloaded(file: next.source.name)))
    }
    if !prints.isEmpty {
      for line in prints.take() { enqueue(Event(time: machine.time, kind: .print(line))) }
      droppedEventCount += prints.takeDropped()
    }
  }

  /// Keeps an event for ``drainEvents()``, within ``maximumPendingEvents``.
  package func enqueue(_ event: Event) {
    if pending.count < Self.maximumPendingEvents {
      pending.append(event)
    } else {
      droppedEventCount += 1
    }
  }
}
