import SheetCore
import SheetTrace

extension ScriptedSheet {
  /// Something that happened to a sheet, as ``ScriptedSheet/drainEvents()`` hands it out.
  ///
  /// Printed (``description``) it reads as a line of `sheet run`'s table, `decision target=expanded
  /// reason="..."`; ``jsonLine`` is the line `sheet run --format jsonl` writes for it, byte for byte, a
  /// stable form to log or send.
  public struct Event: Sendable, Equatable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Equatable {
      /// A machine event: a gesture phase, a decision, a state change, an animation, an ignored or
      /// queued input, a settling; `SheetEvent.scriptError(callback:message:)` for a behaviour callback
      /// or detent function that failed (the default policy decided instead).
      case sheet(SheetEvent)
      /// A reload: the file (or name) it loaded, and the error when it did not load (the running
      /// behaviour stays). One that loaded takes over later when a finger holds the sheet
      /// (``reloaded(file:)`` says when).
      case reload(file: String, error: BehaviourError?)
      /// The behaviour that last loaded has taken over: from this event on it makes the decisions. At
      /// once after a reload made while no drag is in progress, else when the drag ends (the release
      /// that ends it is still decided by the version that was running); it follows the other events of
      /// the call it took over in. The file (or name) it was loaded from.
      case reloaded(file: String)
      /// A line the behaviour's `print` wrote (cut to 4096 bytes).
      case print(String)
    }

    /// The sheet's time in seconds when it happened (see ``ScriptedSheet/time``).
    public var time: Double
    /// What happened.
    public var kind: Kind
    /// The x of the touch whose call caused the event (a gesture phase, an ignored pan phase, a tap);
    /// nil otherwise. Not part of ``description`` or ``jsonLine``, which match `sheet run`'s.
    public var x: Double?
    /// The edge the sheet was attached to (a release's `dh_dt` depends on it).
    var edge: SheetEdge

    /// Creates an event.
    init(time: Double, kind: Kind, x: Double? = nil, edge: SheetEdge = .bottom) {
      self.time = time
      self.kind = kind
      self.x = x
      self.edge = edge
    }

    /// Whether it is a script error: a failed callback or detent function (`script_error`), or a reload
    /// that did not load.
    public var isScriptError: Bool {
      switch kind {
      case .sheet(.scriptError): true
      case .reload(_, let error): error != nil
      case .sheet, .reloaded, .print: false
      }
    }

    /// The event as a trace records it: `sheet run`'s name and fields.
    public var trace: TraceEvent {
      switch kind {
      case .sheet(let event):
        return TraceEvent(event, time: time, edge: edge)
      case .reload(let file, nil):
        return TraceEvent(
          time: time, name: "reload",
          fields: [TraceField("ok", .bool(true)), TraceField("file", .string(file))])
      case .reload(let file, let error?):
        return TraceEvent(
          time: time, name: "reload",
          fields: [
            TraceField("ok", .bool(false)), TraceField("file", .string(file)),
            TraceField("message", .string(error.description)),
          ])
      case .reloaded(let file):
        return TraceEvent(time: time, name: "reloaded", fields: [TraceField("file", .string(file))])
      case .print(let text):
        return TraceEvent(time: time, name: "print", fields: [TraceField("text", .string(text))])
      }
    }

    /// One line, `name key=value ...`, as `sheet run`'s table shows the event (without its time).
    public var description: String { Trace.describe(trace) }

    /// The event as one JSON object on one line, without the newline: the line `sheet run --format
    /// jsonl` writes for it (`{"t":0.65,"kind":"event","event":"decision","target":"expanded",...}`).
    public var jsonLine: String {
      var writer = JSONWriter()
      Trace.write(trace, to: &writer)
      var line = writer.text
      line.removeLast()  // the newline
      return line
    }
  }
}
