/// A token bucket: `rate` messages a second sustained, `burst` at once. One per client.
struct RateLimiter {
  /// Tokens added per second.
  var rate: Double
  /// The most tokens kept.
  var burst: Double
  private var tokens: Double
  private var last: Double?

  init(rate: Double, burst: Double) {
    self.rate = rate
    self.burst = burst
    tokens = burst
  }

  /// Takes a token at `now` (seconds, a monotonic clock); false when none is left (the message is
  /// dropped).
  mutating func admit(now: Double) -> Bool {
    if let last, now > last { tokens = min(burst, tokens + (now - last) * rate) }
    last = max(last ?? now, now)
    guard tokens >= 1 else { return false }
    tokens -= 1
    return true
  }
}
