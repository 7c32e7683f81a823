import CCivetWeb
import Foundation

/// CivetWeb's callbacks. Each is a C function: it returns a status code, catches every error itself,
/// and never traps on what a client sent.
extension PreviewServer {
  /// The security headers every response carries: the page may load only its own files and talk only
  /// to its own server, and may not be framed.
  static let securityHeaders =
    "Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'\r\n"
    + "X-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\n"
    + "Cache-Control: no-store\r\n"

  /// Writes a whole response (status line, headers, body) and returns the status for CivetWeb, which
  /// writes the status line, the date and the `Connection` header (keep-alive or close, as it will do).
  static func respond(
    _ conn: OpaquePointer, status: Int, contentType: String, body: [UInt8], head: Bool = false
  )
    -> Int32
  {
    guard mg_response_header_start(conn, Int32(status)) == 0 else { return Int32(status) }
    _ = mg_response_header_add(conn, "Content-Type", contentType, -1)
    _ = mg_response_header_add(conn, "Content-Length", String(body.count), -1)
    _ = mg_response_header_add_lines(conn, securityHeaders)
    _ = mg_response_header_send(conn)
    if !head, !body.isEmpty {
      _ = body.withUnsafeBytes { mg_write(conn, $0.baseAddress, $0.count) }
    }
    return Int32(status)
  }

  /// A plain-text response.
  static func respond(_ conn: OpaquePointer, status: Int, text: String, head: Bool = false) -> Int32 {
    respond(
      conn, status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8),
      head: head)
  }

  /// A whole plain-text response that closes the connection, as bytes: what a connection over the cap
  /// and a WebSocket handshake over the session cap are answered (CivetWeb's response calls serve
  /// neither).
  static func closingResponse(status: Int, reason: String, text: String) -> [UInt8] {
    let body = Array((text + "\n").utf8)
    var head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/plain; charset=utf-8\r\n"
    head += "Content-Length: \(body.count)\r\nConnection: close\r\n" + securityHeaders + "\r\n"
    return Array(head.utf8) + body
  }

  /// Every HTTP request: the page's files for GET and HEAD from this server itself, and `/session`
  /// (whether a page may connect: `200`, or `503` with ``PreviewLimits/sessionsFullMessage``, which
  /// the page shows when its WebSocket was refused); nothing else.
  static let requestHandler: mg_request_handler = { conn, data in
    guard let conn, let data else { return 0 }
    let server = Unmanaged<PreviewServer>.fromOpaque(data).takeUnretainedValue()
    server.learnRequestInfo(conn)
    if isRefused(conn) {
      return respond(conn, status: 503, text: server.setup.limits.connectionsFullMessage)
    }
    guard let info = mg_get_request_info(conn) else {
      return respond(conn, status: 400, text: "bad request")
    }
    let method = info.pointee.request_method.map { String(cString: $0) } ?? ""
    let path = info.pointee.local_uri.map { String(cString: $0) } ?? ""
    if let refusal = server.policy.refusal(
      host: header(conn, "Host"), origin: header(conn, "Origin"), webSocket: false)
    {
      server.count { $0.refusedOrigins += 1 }
      return respond(conn, status: 403, text: refusal)
    }
    guard method == "GET" || method == "HEAD" else {
      return respond(conn, status: 405, text: "only GET and HEAD")
    }
    if path == "/session" {
      let limits = server.setup.limits
      return server.sessionCount < limits.sessions
        ? respond(conn, status: 200, text: "a preview is free", head: method == "HEAD")
        : respond(conn, status: 503, text: limits.sessionsFullMessage, head: method == "HEAD")
    }
    guard let file = PreviewPage.file(at: path) else {
      return respond(conn, status: 404, text: "not found (the preview serves only its own page)")
    }
    return respond(conn, status: 200, contentType: file.contentType, body: file.bytes, head: method == "HEAD")
  }

  /// A WebSocket handshake: accepted (0) only from this server's own page, while sessions are free;
  /// over ``PreviewLimits/sessions`` it is answered `503` with ``PreviewLimits/sessionsFullMessage``.
  static let connectHandler: mg_websocket_connect_handler = { conn, data in
    guard let conn, let data else { return 1 }
    let server = Unmanaged<PreviewServer>.fromOpaque(data).takeUnretainedValue()
    let mutable = OpaquePointer(UnsafeRawPointer(conn))
    guard !isRefused(mutable) else { return 1 }
    if server.policy.refusal(
      host: header(mutable, "Host"), origin: header(mutable, "Origin"), webSocket: true) != nil
    {
      server.count { $0.refusedOrigins += 1 }
      return 1
    }
    guard server.admitSession(for: mutable) else {
      // CivetWeb's response calls refuse a WebSocket request: the whole response, written as bytes
      let refusal = closingResponse(
        status: 503, reason: "Service Unavailable", text: server.setup.limits.sessionsFullMessage)
      _ = refusal.withUnsafeBytes { mg_write(mutable, $0.baseAddress, $0.count) }
      return 1
    }
    return 0
  }

  /// The handshake completed: the session starts (a behaviour that no longer loads is an error
  /// message, and the connection closes).
  static let readyHandler: mg_websocket_ready_handler = { conn, data in
    guard let conn, let data else { return }
    let server = Unmanaged<PreviewServer>.fromOpaque(data).takeUnretainedValue()
    guard let connection = server.connection(for: conn) else { return }
    if let error = connection.open(setup: server.setup) {
      connection.closing = true
      send(conn, PreviewSession.errorReply(error.message))
      send(conn, "", opcode: Int32(MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE))
    }
  }

  /// A WebSocket frame. Returns 1 to keep the connection, 0 to close it: a message over the size
  /// limit, a fragmented or binary one, or a close.
  static let dataHandler: mg_websocket_data_handler = { conn, flags, bytes, length, data in
    guard let conn, let data else { return 0 }
    let server = Unmanaged<PreviewServer>.fromOpaque(data).takeUnretainedValue()
    guard let connection = server.connection(for: conn), !connection.closing else { return 0 }
    let opcode = flags & 0x0f
    switch opcode {
    case Int32(MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE): return 0
    case Int32(MG_WEBSOCKET_OPCODE_PING), Int32(MG_WEBSOCKET_OPCODE_PONG): return 1
    default: break
    }
    let limit = server.setup.limits.messageBytes
    guard length <= limit else {
      server.count { $0.oversized += 1 }
      send(conn, PreviewSession.errorReply("message of \(length) bytes; at most \(limit): closing"))
      return 0
    }
    guard flags & 0x80 != 0, opcode == Int32(MG_WEBSOCKET_OPCODE_TEXT) else {
      server.count { $0.malformed += 1 }
      send(conn, PreviewSession.errorReply("only whole text messages (JSON) are accepted: closing"))
      return 0
    }
    let admission = connection.admit()
    guard admission.admitted else {
      server.count { $0.rateLimited += 1 }
      if admission.warn {
        let rate = Int(server.setup.limits.messagesPerSecond)
        send(
          conn, PreviewSession.errorReply("too many messages (at most \(rate) a second): some were dropped"))
      }
      return 1
    }
    // the message's bytes are CivetWeb's until this returns: copied for the session's queue, where
    // it is parsed and handled (CivetWeb's thread has too small a stack; see PreviewConnection)
    let text = Array(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : length))
    let replies = connection.perform(otherwise: [String]?.none) { () -> [String]? in
      guard let session = connection.session else { return nil }
      let parsed = text.withUnsafeBytes { buffer -> Result<PreviewMessage, PreviewMessageError> in
        do throws(PreviewMessageError) {
          return .success(try PreviewMessage.parse(buffer, limit: limit))
        } catch {
          return .failure(error)
        }
      }
      switch parsed {
      case .success(let message):
        return session.handle(message)
      case .failure(let error):
        server.count { $0.malformed += 1 }
        return [PreviewSession.errorReply(error.message)]
      }
    }
    guard let replies else { return 0 }
    for reply in replies where !send(conn, reply) { return 0 }
    return 1
  }

  /// The connection closed (the page went away, mid-drag or not): its session ends.
  static let closeHandler: mg_websocket_close_handler = { conn, data in
    guard let conn, let data else { return }
    let server = Unmanaged<PreviewServer>.fromOpaque(data).takeUnretainedValue()
    server.removeConnection(for: OpaquePointer(UnsafeRawPointer(conn)))?.end()
  }

  /// Sends a text message; false when the connection is gone.
  @discardableResult
  static func send(_ conn: OpaquePointer, _ text: String, opcode: Int32 = Int32(MG_WEBSOCKET_OPCODE_TEXT))
    -> Bool
  {
    var text = text
    return text.withUTF8 { bytes in
      mg_websocket_write(
        conn, opcode, bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
        bytes.count) >= 0
    }
  }
}
