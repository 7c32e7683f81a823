/// The bounds that keep one page, or one bad client, from growing the server or starving the others.
///
/// Each number bounds something a client controls: how much it may send at once and how often, how
/// many may connect, how long the server waits for a slow one, and how much a reply may carry.
public struct PreviewLimits: Sendable, Equatable {
  /// The largest message a client may send, bytes (the largest real one, a threshold change, is under
  /// 200). A larger one closes that client's connection; the server goes on.
  public var messageBytes = 8 * 1024
  /// Messages a client may send per second, sustained (a 1000 Hz mouse with its coalesced moves and a
  /// 240 Hz display's frame requests stay under it).
  public var messagesPerSecond = 2000.0
  /// Messages a client may send in a burst above the sustained rate.
  public var messageBurst = 1000.0
  /// Clients connected at once; another is refused at its handshake.
  public var sessions = 4
  /// Seconds the server waits for a request's headers or a quiet WebSocket before closing it.
  public var timeoutSeconds = 30
  /// Frames one message may step (a page that was hidden catches up over several messages).
  public var framesPerMessage = 240
  /// Frames a replay or comparison sends to the page, per run.
  public var replayFrames = 20_000
  /// Lines a recording may hold before it refuses more inputs (about an hour of dragging).
  public var recordingLines = 200_000

  /// The defaults above.
  public init() {}
}
