/// The bounds that keep one page, or one bad client, from growing the server or starving the others.
///
/// Each number bounds something a client controls: how much it may send at once and how often, how
/// many may connect, how long the server waits for a slow one, how much a reply may carry and how much a
/// page may save. Each says where its default comes from.
///
/// **Connections and threads.** CivetWeb serves each connection on one worker thread for as long as
/// the connection lasts, a page's WebSocket included. The server runs ``connections`` plus
/// ``spareWorkers`` threads and holds at most ``connections`` connections: the next one is answered
/// `503` at once by a spare thread and closed, so idle or slow clients can never hold every thread, and a
/// request either is served at once or is told why not. Every connection that holds a thread is closed
/// by one of the time-outs, but for the open pages' WebSockets (at most ``sessions``), which answer the
/// server's pings.
public struct PreviewLimits: Sendable, Equatable {
  /// The largest message a client may send, bytes (the largest real one, a threshold change, is under
  /// 200). A larger one closes that client's connection; the server goes on.
  public var messageBytes = 8 * 1024
  /// Messages a client may send per second, sustained (a 1000 Hz mouse with its coalesced moves and a
  /// 240 Hz display's frame requests stay under it).
  public var messagesPerSecond = 2000.0
  /// Messages a client may send in a burst above the sustained rate.
  public var messageBurst = 1000.0
  /// Pages connected at once; another is refused at its handshake with `503` and
  /// ``sessionsFullMessage``, which the page shows (it asks `/session` why it could not connect).
  public var sessions = 4
  /// Connections open at once, of every kind: the pages' WebSockets, requests being read or answered,
  /// idle and slow ones. The next connection is answered `503` with ``connectionsFullMessage`` at once
  /// and closed, never queued. A page uses at most seven at once (a browser opens up to six to one host
  /// while it loads the files, and the WebSocket), so the four pages need 28; the rest, 100, is room for
  /// idle and slow clients until their time-outs close them.
  public var connections = 128
  /// Worker threads beyond ``connections`` (CivetWeb's `num_threads` is their sum): they answer the
  /// connections over the cap, each in well under a millisecond (one write and a shutdown), so a burst
  /// of refusals is answered by a few threads in turn.
  public var spareWorkers = 8
  /// Accepted connections that may wait for a free worker thread (CivetWeb's `connection_queue`,
  /// whose own default is 20); with the spare threads one waits only while a refusal is being written.
  public var acceptQueue = 32
  /// Connections the kernel completes and holds before the server accepts them (`listen`'s backlog,
  /// CivetWeb's `listen_backlog`): twice ``connections``, for a burst of connections faster than the
  /// accepting thread.
  public var listenBacklog = 256
  /// The longest request header, bytes (CivetWeb's `max_request_size`, its own default); a longer one
  /// is refused. A browser's request for the page is under 1 KiB.
  public var requestBytes = 16 * 1024
  /// Milliseconds a new connection has to send its whole request header; an idle connection, or one
  /// sending its header slowly, is closed then (CivetWeb's `request_timeout_ms`). A browser sends its
  /// header at once, within a millisecond over loopback; 10 s leaves a debugger's pause or a loaded
  /// machine far inside it.
  public var requestTimeoutMilliseconds = 10_000
  /// Milliseconds a connection kept alive after a response may wait for its next whole request header
  /// before it is closed (CivetWeb's `keep_alive_timeout_ms`). A browser asks for the page's next file
  /// within milliseconds of the last; CivetWeb's own default is 500.
  public var keepAliveTimeoutMilliseconds = 2_000
  /// Milliseconds a page's WebSocket may stay quiet before the server pings it (CivetWeb's
  /// `websocket_timeout_ms`; a visible page sends a frame request on every animation frame, a hidden
  /// one nothing). A browser answers pings by itself, so an open page stays connected, hidden or not; a
  /// client that answers none is pinged six times and closed at the seventh quiet period (70 s at the
  /// default).
  public var webSocketTimeoutMilliseconds = 10_000
  /// Frames one message may step (a page that was hidden catches up over several messages).
  public var framesPerMessage = 240
  /// Frames a replay or comparison sends to the page, per run.
  public var replayFrames = 20_000
  /// Lines a recording may hold before it refuses more inputs (about an hour of dragging).
  public var recordingLines = 200_000
  /// Gestures a recording keeps for its corpus (`recording-N.jsonl`, saved beside the scenario), about
  /// 2 KB each; later ones are counted and dropped.
  public var recordingGestures = 2_000
  /// Recordings one page may save (its session's quota): a take a minute for most of an hour. A save
  /// beyond it is refused with a message that names the quota; nothing is written.
  public var savesPerSession = 50
  /// Bytes one page's saved recordings may hold together (its session's quota). A recording at its
  /// ``recordingLines`` takes up to about 10 MB (a touch's line is about 50 bytes, a `wait`'s 15), so
  /// the quota holds six full ones, or ``savesPerSession`` of up to 1.3 MB. A save that would pass it is refused with a
  /// message that names its size and the quota; nothing is written.
  public var savedBytesPerSession = 64 * 1024 * 1024
  /// Times one page may write its thresholds into the behaviour file (its session's quota): a write is
  /// one rename of a file of at most 4 MiB (`ThresholdWriter.maximumBytes`), so the quota bounds what a
  /// page can make the disk do to 400 MiB; a write a minute for over an hour and a half of tuning. A write
  /// beyond it is refused with a message that names the quota; nothing is written.
  public var writesPerSession = 100

  /// The defaults above.
  public init() {}
}

extension PreviewLimits {
  /// What a connection over ``connections`` is answered.
  public var connectionsFullMessage: String {
    "all \(connections) connections the preview serves are open: try again when one closes"
  }

  /// What a page over ``sessions`` is answered, and shows: with the default four sessions, "four
  /// previews are open: close one".
  public var sessionsFullMessage: String {
    sessions == 1 ? "one preview is open: close it" : "\(Self.spelled(sessions)) previews are open: close one"
  }

  /// A count in words up to twelve, in digits beyond.
  static func spelled(_ count: Int) -> String {
    let words = [
      "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    ]
    return words.indices.contains(count) ? words[count] : String(count)
  }
}
