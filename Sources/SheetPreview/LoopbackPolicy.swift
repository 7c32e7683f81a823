/// Which requests the preview server answers: only those addressed to itself, by a page it served.
///
/// The server listens on 127.0.0.1 only, but a page from anywhere that the user has open can still
/// make the browser send requests to it, and DNS rebinding can point a foreign name at 127.0.0.1. So
/// every request must name the server itself in `Host` (`127.0.0.1`, `localhost` or `[::1]`, with the
/// server's port or none), and a request that carries an `Origin` (every WebSocket handshake does, as
/// does a cross-site fetch) must come from the server's own origin, `http://` one of those names with
/// its port. A WebSocket handshake without an `Origin` is refused as well: a browser always sends one.
public struct LoopbackPolicy: Sendable, Equatable {
  /// The port the server listens on.
  public var port: Int

  /// The names the server answers to.
  public static let hostNames = ["127.0.0.1", "localhost", "[::1]"]

  /// A policy for a server on `port`.
  public init(port: Int) { self.port = port }

  /// Whether a `Host` header names this server.
  /// - Parameter host: The header's value; nil when the request has none (refused: HTTP/1.1 requires it).
  public func allowsHost(_ host: String?) -> Bool {
    guard let host else { return false }
    let lowered = host.lowercased()
    for name in Self.hostNames {
      if lowered == name || lowered == "\(name):\(port)" { return true }
    }
    return false
  }

  /// Whether an `Origin` header is this server's own.
  /// - Parameters:
  ///   - origin: The header's value; nil when the request has none.
  ///   - required: Whether a request without one is refused (a WebSocket handshake).
  public func allowsOrigin(_ origin: String?, required: Bool) -> Bool {
    guard let origin else { return !required }
    let lowered = origin.lowercased()
    return Self.hostNames.contains { lowered == "http://\($0):\(port)" }
  }

  /// Why a request is refused, or nil when it is allowed.
  /// - Parameters:
  ///   - host: Its `Host` header.
  ///   - origin: Its `Origin` header.
  ///   - webSocket: Whether it is a WebSocket handshake (an `Origin` is then required).
  /// - Returns: The sentence the refusal's body carries.
  public func refusal(host: String?, origin: String?, webSocket: Bool) -> String? {
    if !allowsHost(host) {
      return "refused: Host '\(Self.shown(host))' is not this server (127.0.0.1:\(port))"
    }
    if !allowsOrigin(origin, required: webSocket) {
      return "refused: Origin '\(Self.shown(origin))' is not this server (http://127.0.0.1:\(port))"
    }
    return nil
  }

  /// A header's value for a message, cut and printable.
  static func shown(_ value: String?) -> String {
    guard let value else { return "(none)" }
    let cut = value.prefix(80)
    return String(cut.unicodeScalars.map { $0.value < 0x20 || $0.value > 0x7e ? "?" : Character($0) })
  }
}
