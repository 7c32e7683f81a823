import SheetCore

extension SheetDriver {
  /// Appends the events a host call returned to the trace, at the current time. The outcome sink
  /// (``keepsFrames`` false) keeps only the script errors and counts the rest by their bytes, as if kept.
  package mutating func record(_ events: [SheetEvent]) {
    guard recording else { return }
    for event in events {
      if keepsFrames {
        append(TraceEvent(event, time: machine.time, edge: machine.geometry.edge))
        continue
      }
      // the sink: the event described into a buffer it reuses and counted by a bound of its line (see
      // ``boundBytes(of:)``); a script error kept
      scratchFields.removeAll(keepingCapacity: true)
      let name = TraceEvent.describe(event, edge: machine.geometry.edge, into: &scratchFields)
      if name == "script_error" {
        append(TraceEvent(time: machine.time, name: name, fields: scratchFields))
      } else {
        countsBound = true
        count(bytes: Self.boundBytes(ofEvent: name, fields: scratchFields))
      }
    }
  }

  /// Adds a scenario's own event (an expectation, a reload, a print) at the current time.
  /// - Parameters:
  ///   - name: The event's kind.
  ///   - fields: Its fields in order.
  public mutating func note(_ name: String, _ fields: [TraceField]) {
    guard recording else { return }
    append(TraceEvent(time: machine.time, name: name, fields: fields))
  }

  /// Brings the plot's guide lines up to date with the active detents: a detent whose height changed
  /// (or that became inactive) ends its guide now, and a new height starts one.
  package mutating func noteGuides() {
    guard recording, limitReached == nil else { return }
    let now = machine.time
    let detents = machine.detents
    for detent in detents {
      if let open = openGuides[detent.id] {
        if trace.guides[open].height == detent.height { continue }
        trace.guides[open].end = now
      }
      openGuides[detent.id] = trace.guides.count
      trace.guides.append(TraceGuide(id: detent.id, height: detent.height, start: now))
    }
    for (id, open) in openGuides where !detents.contains(where: { $0.id == id }) {
      trace.guides[open].end = now
      openGuides[id] = nil
    }
  }
}

/// The texts of the frames the sink last counted, and the bytes of their line but its numbers.
package struct FrameShape {
  package var state: SheetState?
  package var detent: String?
  package var target: ReleaseTarget?
  package var keyboard = false
  package var scroll = false
  package var behind = false
  package var crossFade = false
  package var bytes = 0
}

/// How much a driver may produce: frames, simulated time and trace size. Reaching one stops the driver
/// (later frames do nothing) and sets ``SheetDriver/limitReached``.
public struct DriverLimits: Sendable, Equatable {
  /// Frames stepped (default 1,000,000).
  public var frames = 1_000_000
  /// Simulated seconds (default 3600).
  public var simulatedTime = 3600.0
  /// Trace entries (default 1,000,000).
  public var traceEntries = 1_000_000
  /// Bytes of the trace as JSON Lines (`sheet run --format jsonl`), kept or only counted (default 64 MiB).
  public var traceBytes = 64 << 20

  /// The defaults above.
  public init() {}
}

extension SheetDriver {
  /// Appends an event to the trace, within the trace limits, counted by its bytes.
  package mutating func append(_ event: TraceEvent) {
    if count(bytes: Self.bytes(of: event)) { trace.entries.append(.event(event)) }
  }

  /// Appends a frame to the trace, within the trace limits, counted by its bytes.
  package mutating func append(_ frame: SheetFrame) {
    if count(bytes: exactBytes(of: frame)) { trace.entries.append(.frame(traceFrame(frame))) }
  }

  /// Counts an entry of `bytes` toward the trace limits, as ``append(_:)`` does whether or not the
  /// entry is kept (the outcome sink counts the frames and events it drops).
  /// - Returns: Whether the entry goes into the trace.
  @discardableResult @inline(__always)
  package mutating func count(bytes: Int) -> Bool {
    if closing {
      entryCount += 1
      return true
    }
    guard limitReached == nil else { return false }
    traceBytes += bytes
    if entryCount >= limits.traceEntries {
      reachLimit("the trace limit (\(limits.traceEntries) entries)")
      return false
    } else if traceBytes > limits.traceBytes {
      if countsBound { limitUndecided = true }
      reachLimit("the trace-size limit (\(limits.traceBytes) bytes)")
      return false
    }
    entryCount += 1
    return true
  }

  /// Stops the driver at a limit.
  package mutating func reachLimit(_ limit: String) {
    if limitReached == nil { limitReached = "the run reached \(limit)" }
  }

  /// A machine frame as the trace records it (with the keyboard's column once one was shown).
  package func traceFrame(_ frame: SheetFrame) -> TraceFrame {
    var record = TraceFrame(
      time: frame.time, state: frame.state, detent: frame.detent, target: frame.target, height: frame.height,
      backdrop: frame.backdrop, velocity: frame.velocity, index: frame.detentIndex,
      keyboard: keyboardShown ? frame.keyboard : nil,
      scroll: frame.scrollOffset, behind: frame.behind)
    record.crossFade = frame.crossFade
    return record
  }

  /// The bytes of a frame's line but its numbers: its keys and punctuation (`Trace.write`'s layout, whose
  /// lines the kept runs' counts are checked against in OutcomeSinkTests) and its texts (state, detent,
  /// target), counted by the one writer when they change and kept while they stay.
  package mutating func textBytes(of frame: SheetFrame) -> Int {
    let scroll = frame.scrollOffset != nil
    let behind = frame.behind != nil
    let crossFade = frame.crossFade != nil
    if frameShape.state != frame.state || frameShape.keyboard != keyboardShown || frameShape.scroll != scroll
      || frameShape.behind != behind || frameShape.crossFade != crossFade || frameShape.detent != frame.detent
      || frameShape.target != frame.target
    {
      let texts =
        JSONWriter.length(of: frame.state.rawValue) + JSONWriter.length(of: frame.detent)
        + JSONWriter.length(of: frame.target?.name)
      let keys =
        #"{"t":,"kind":"frame","state":,"detent":,"target":,"height":,"backdrop":,"dh_dt":,"index":}"#
      let layout =
        keys.utf8.count + 1
        + (keyboardShown ? #","keyboard":"#.utf8.count : 0) + (scroll ? #","scroll":"#.utf8.count : 0)
        + (behind ? JSONWriter.behindLayoutBytes : 0) + (crossFade ? JSONWriter.crossFadeLayoutBytes : 0)
      frameShape = FrameShape(
        state: frame.state, detent: frame.detent, target: frame.target, keyboard: keyboardShown,
        scroll: scroll, behind: behind, crossFade: crossFade, bytes: layout + texts)
    }
    return frameShape.bytes
  }

  /// At least the bytes a frame's line adds to the trace's JSON Lines, for the sink, which counts every
  /// frame of every run and writes none: its texts exactly (``textBytes(of:)``) and each number as its
  /// longest (below 10^15: a sign, 16 digits, the point and its decimals). A run whose bound reaches the
  /// trace-size limit is run again keeping its frames (``limitUndecided``), which counts every byte.
  /// (Counting each frame's numbers exactly made a tune run 13 % more instructions and
  /// `sweep_run_ratio` 1.51 against 1.30.)
  package mutating func boundBytes(of frame: SheetFrame) -> Int {
    let large = 1e15
    guard abs(frame.time) < large, abs(frame.height) < large, abs(frame.backdrop) < large,
      abs(frame.velocity) < large, abs(frame.detentIndex) < large, abs(frame.keyboard) < large,
      abs(frame.scrollOffset ?? 0) < large,
      abs(frame.behind?.offset ?? 0) < large, abs(frame.crossFade?.from ?? 0) < large
    else { return exactBytes(of: frame) }
    let longest = (18 + 6) + (18 + 4) + (18 + 5) + (18 + 3) + (18 + TraceFrame.indexDecimals)
    // the view behind's scale, radius and dim lie in their ranges (the core refuses others): 4 numbers
    let behindLongest = (18 + 5) + (18 + 4) + (18 + 4) + (18 + 5)
    return textBytes(of: frame) + longest + (keyboardShown ? 18 + 4 : 0)
      + (frame.scrollOffset != nil ? 18 + 4 : 0) + (frame.behind != nil ? behindLongest : 0)
      + (frame.crossFade != nil ? (18 + 4) + (18 + 5) : 0)  // the progress lies in [0, 1]
  }

  /// The bytes a frame's line adds to the trace's JSON Lines: its texts (``textBytes(of:)``) and its
  /// numbers' lengths. (Counting each whole line made a kept run's frames 2.5 times the instructions.)
  package mutating func exactBytes(of frame: SheetFrame) -> Int {
    // the numbers as `Trace.write(_:keyboard:to:)` writes them (a kept run's bytes are checked against
    // its JSON Lines, OutcomeSinkTests)
    var bytes =
      textBytes(of: frame) + TraceNumber.formattedLength(frame.time, decimals: 6)
      + TraceNumber.formattedLength(frame.height, decimals: 4)
      + TraceNumber.formattedLength(frame.backdrop, decimals: 5)
      + TraceNumber.formattedLength(frame.velocity, decimals: 3)
      + TraceNumber.formattedLength(frame.detentIndex, decimals: TraceFrame.indexDecimals)
    if keyboardShown { bytes += TraceNumber.formattedLength(frame.keyboard, decimals: 4) }
    if let scroll = frame.scrollOffset { bytes += TraceNumber.formattedLength(scroll, decimals: 4) }
    if let behind = frame.behind {
      let d = JSONWriter.behindDecimals
      bytes +=
        TraceNumber.formattedLength(behind.scale, decimals: d.scale)
        + TraceNumber.formattedLength(behind.cornerRadius, decimals: d.cornerRadius)
        + TraceNumber.formattedLength(behind.offset, decimals: d.offset)
        + TraceNumber.formattedLength(behind.dim, decimals: d.dim)
    }
    if let fade = frame.crossFade {
      let d = JSONWriter.crossFadeDecimals
      bytes +=
        TraceNumber.formattedLength(fade.from, decimals: d.from)
        + TraceNumber.formattedLength(fade.progress, decimals: d.progress)
    }
    return bytes
  }

  /// At least the bytes of an event's line: `{"t":…,"kind":"event","event":"name"` and each field's key
  /// and value, a string as if every byte took a six-byte escape and a number as its longest (a sign,
  /// 16 digits, the point and 6 decimals; a larger one, or text such as `"nan"`, as its own length).
  package static func boundBytes(ofEvent name: String, fields: [TraceField]) -> Int {
    let head = #"{"t":,"kind":"event","event":""}"#.utf8.count + 24 + 6 * name.utf8.count + 1  // + newline
    return fields.reduce(head) { total, field in
      let value: Int
      switch field.value {
      case .number(let number):
        value = abs(number) < 1e15 ? 24 : TraceNumber.format(number, decimals: 6).utf8.count + 2
      case .integer: value = 20
      case .string(let text): value = 2 + 6 * text.utf8.count
      case .bool: value = 5
      case .null: value = 4
      }
      return total + 1 + 2 + 6 * field.key.utf8.count + 1 + value  // `,"key":value`
    }
  }

  /// The bytes an event's line adds to the trace's JSON Lines, counted by the one writer.
  package static func bytes(of event: TraceEvent) -> Int {
    var writer = JSONWriter(counting: true)
    Trace.write(event, to: &writer)
    return writer.count
  }
}
