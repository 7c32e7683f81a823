import Dispatch
import Foundation

/// One page's WebSocket: its session (made when the handshake completes), its rate limit, and the
/// clock the limit reads.
///
/// **Where the work runs.** CivetWeb calls the server's handlers on its own threads, and Debian's
/// libcivetweb gives those a 100 KiB stack (it is built with `USE_STACK_SIZE=102400`; CivetWeb 1.15
/// has no option to change it). Parsing a message, and running the behaviour's Lua, need more than
/// that: a behaviour `sheet run` runs fine overflowed it and killed the whole server. So everything a
/// session does runs on ``queue`` from one of Dispatch's threads (a full-size stack), and the
/// CivetWeb thread waits for it (``perform(_:)``). `queue.sync` would not do: it runs the block on the
/// calling thread.
final class PreviewConnection: @unchecked Sendable {
  /// The session's serial queue: its messages, its file watcher's reloads, and its end.
  let queue = DispatchQueue(label: "sheet.preview.session")
  /// The session, set and read on ``queue`` only.
  private(set) var session: PreviewSession?
  private var limiter: RateLimiter
  /// When the last rate-limit warning went to the page (one a second at most).
  private var lastWarning = -1.0
  /// Whether the connection is being closed: later messages are dropped.
  var closing = false

  init(limits: PreviewLimits) {
    limiter = RateLimiter(rate: limits.messagesPerSecond, burst: limits.messageBurst)
  }

  /// A piece of work handed to ``queue`` and its result.
  private final class Work<Result>: @unchecked Sendable {
    let body: () -> Result
    var result: Result?
    let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping () -> Result) { self.body = body }
  }

  /// Runs `body` on ``queue``, on one of Dispatch's threads, and returns its result once it has run.
  /// Never called on ``queue`` itself.
  /// - Parameters:
  ///   - fallback: The result if `body` produced none (it always does; no force unwrap).
  ///   - body: The work.
  func perform<Result>(otherwise fallback: Result, _ body: @escaping () -> Result) -> Result {
    let work = Work(body)
    queue.async {
      work.result = work.body()
      work.done.signal()
    }
    work.done.wait()
    return work.result ?? fallback
  }

  /// Starts the session, on ``queue``.
  /// - Returns: Why it could not start, or nil.
  func open(setup: PreviewSetup) -> PreviewError? {
    perform(otherwise: PreviewError("the session did not start")) { () -> PreviewError? in
      do throws(PreviewError) {
        self.session = try PreviewSession(setup: setup, queue: self.queue)
        return nil
      } catch {
        return error
      }
    }
  }

  /// Ends the session: its file watch stops and it is released, on ``queue``.
  func end() {
    perform(otherwise: ()) {
      self.session?.sheet.stopWatching()
      self.session = nil
    }
  }

  /// Takes a message against the rate limit.
  /// - Returns: Whether it is admitted, and whether the page should be warned now.
  func admit() -> (admitted: Bool, warn: Bool) {
    let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    if limiter.admit(now: now) { return (true, false) }
    let warn = now - lastWarning >= 1
    if warn { lastWarning = now }
    return (false, warn)
  }
}
