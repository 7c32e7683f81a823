import Dispatch
import Foundation

/// One page's WebSocket: its session (made when the handshake completes), its rate limit, and the
/// clock the limit reads.
final class PreviewConnection: @unchecked Sendable {
  private(set) var session: PreviewSession?
  private var limiter: RateLimiter
  /// When the last rate-limit warning went to the page (one a second at most).
  private var lastWarning = -1.0
  /// Whether the connection is being closed: later messages are dropped.
  var closing = false

  init(limits: PreviewLimits) {
    limiter = RateLimiter(rate: limits.messagesPerSecond, burst: limits.messageBurst)
  }

  /// Starts the session.
  func open(setup: PreviewSetup) throws(PreviewError) {
    session = try PreviewSession(setup: setup)
  }

  /// Ends the session: its file watch stops, on its queue.
  func end() {
    guard let session else { return }
    session.queue.sync { session.sheet.stopWatching() }
    self.session = nil
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
