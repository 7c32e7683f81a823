import CCivetWeb
import Foundation

/// A WebSocket client of the preview server over loopback, through CivetWeb's own client: what the
/// benchmark and the server's tests use to play a page (or a bad client) without a browser.
public final class PreviewClient: @unchecked Sendable {
  private var conn: OpaquePointer?
  private let inbox = Inbox()

  /// What CivetWeb's client thread delivers: it outlives the client (the thread may call the close
  /// handler after ``close()`` returns), held by the thread until its close handler has run.
  final class Inbox: @unchecked Sendable {
    let condition = NSCondition()
    var received: [String] = []
    var closed = false

    func deliver(_ text: String) {
      condition.lock()
      received.append(text)
      condition.signal()
      condition.unlock()
    }

    func markClosed() {
      condition.lock()
      closed = true
      condition.broadcast()
      condition.unlock()
    }
  }

  /// Connects to `ws://127.0.0.1:PORT/ws` with the given `Origin`.
  /// - Parameters:
  ///   - port: The server's port.
  ///   - origin: The `Origin` header (a page of the server's own sends `http://127.0.0.1:PORT`).
  /// - Throws: `PreviewError` when the handshake fails (a refused origin, no free session).
  public init(port: Int, origin: String? = nil) throws(PreviewError) {
    PreviewServer.initializeLibrary
    // retained for the client thread; its close handler, the thread's last call, releases it
    let held = Unmanaged.passRetained(inbox)
    let me = held.toOpaque()
    var error = [CChar](repeating: 0, count: 256)
    let origin = origin ?? "http://127.0.0.1:\(port)"
    conn = mg_connect_websocket_client(
      "127.0.0.1", Int32(port), 0, &error, error.count, "/ws", origin, PreviewClient.dataHandler,
      PreviewClient.closeHandler, me)
    guard conn != nil else {
      held.release()
      throw PreviewError("handshake refused: \(PreviewClient.cText(error))")
    }
    Self.disableNagle(towards: port)
  }

  /// Sets TCP_NODELAY on this process's sockets connected to `port` on loopback, as a browser sets it
  /// on its WebSocket: CivetWeb's client writes a frame's header and payload separately, and with
  /// Nagle's algorithm the payload would wait for the server's delayed ACK (about 40 ms). CivetWeb
  /// does not hand out its client's socket, so the process's open descriptors are looked through.
  static func disableNagle(towards port: Int) {
    for fd in Int32(3)..<Int32(1024) {
      var address = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let found = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
      }
      guard found == 0, address.sin_family == sa_family_t(AF_INET),
        Int(UInt16(bigEndian: address.sin_port)) == port
      else { continue }
      var on: Int32 = 1
      _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }
  }

  deinit {
    close()
  }

  /// Sends a text message.
  /// - Returns: Whether it was written.
  @discardableResult
  public func send(_ text: String) -> Bool {
    guard let conn else { return false }
    var text = text
    return text.withUTF8 { bytes in
      mg_websocket_client_write(
        conn, Int32(MG_WEBSOCKET_OPCODE_TEXT),
        bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, bytes.count) >= 0
    }
  }

  /// Sends a frame of raw bytes with any opcode (a test's bad client).
  @discardableResult
  public func send(bytes: [UInt8], opcode: Int32) -> Bool {
    guard let conn else { return false }
    return bytes.withUnsafeBytes {
      mg_websocket_client_write(conn, opcode, $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count)
        >= 0
    }
  }

  /// Waits for the next message, at most `timeout` seconds.
  /// - Returns: The message, or nil on a time-out or a closed connection with nothing left.
  public func next(timeout: Double = 5) -> String? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    inbox.condition.lock()
    defer { inbox.condition.unlock() }
    while inbox.received.isEmpty && !inbox.closed {
      if !inbox.condition.wait(until: deadline) { break }
    }
    return inbox.received.isEmpty ? nil : inbox.received.removeFirst()
  }

  /// Waits for a message whose `"type"` is `type`, dropping the others; nil on a time-out.
  public func next(type: String, timeout: Double = 5) -> String? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    let marker = "{\"type\":\"\(type)\""
    while let message = next(timeout: max(0, deadline.timeIntervalSinceNow)) {
      if message.hasPrefix(marker) { return message }
    }
    return nil
  }

  /// Whether the server closed the connection.
  public var isClosed: Bool {
    inbox.condition.lock()
    defer { inbox.condition.unlock() }
    return inbox.closed
  }

  /// Waits until the server closes the connection, at most `timeout` seconds.
  public func waitForClose(timeout: Double = 5) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    inbox.condition.lock()
    defer { inbox.condition.unlock() }
    while !inbox.closed {
      if !inbox.condition.wait(until: deadline) { break }
    }
    return inbox.closed
  }

  /// Closes the connection.
  public func close() {
    guard let conn else { return }
    // a close frame first: the server closes its side, and the client's reading thread ends at once
    _ = mg_websocket_client_write(conn, Int32(MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE), nil, 0)
    _ = waitForClose(timeout: 1)
    self.conn = nil
    mg_close_connection(conn)
  }

  private static let dataHandler: mg_websocket_data_handler = { _, flags, bytes, length, data in
    guard let data else { return 0 }
    let client = Unmanaged<Inbox>.fromOpaque(data).takeUnretainedValue()
    let opcode = flags & 0x0f
    if opcode == Int32(MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE) {
      client.markClosed()
      return 0
    }
    guard opcode == Int32(MG_WEBSOCKET_OPCODE_TEXT) else { return 1 }
    let buffer = UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : length)
    client.deliver(String(decoding: buffer, as: UTF8.self))
    return 1
  }

  /// A C buffer's text up to its first zero.
  static func cText(_ buffer: [CChar]) -> String {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static let closeHandler: mg_websocket_close_handler = { _, data in
    guard let data else { return }
    Unmanaged<Inbox>.fromOpaque(data).takeRetainedValue().markClosed()  // the thread's last call
  }

  /// Sends one HTTP request as it is (a request line, headers and the blank line) and returns the
  /// response's status code and body: a test's client with a `Host` and `Origin` of its choosing.
  /// - Parameters:
  ///   - port: The server's port.
  ///   - request: The whole request.
  /// - Returns: The status (0 when no response came) and the body's text.
  public static func http(port: Int, _ request: String) -> (status: Int, body: String) {
    PreviewServer.initializeLibrary
    var error = [CChar](repeating: 0, count: 256)
    guard let conn = sheet_cw_download("127.0.0.1", Int32(port), &error, error.count, request) else {
      return (0, PreviewClient.cText(error))
    }
    defer { mg_close_connection(conn) }
    let status = mg_get_response_info(conn).map { Int($0.pointee.status_code) } ?? 0
    var body: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while body.count < 4_000_000 {
      let count = chunk.withUnsafeMutableBytes { mg_read(conn, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      body.append(contentsOf: chunk[0..<Int(count)])
    }
    return (status, String(decoding: body, as: UTF8.self))
  }
}

extension PreviewClient {
  /// Whether an HTTP connection to `host:port` opens at all: nil when it is refused (nothing
  /// listens there), else the status of a `GET /`.
  public static func httpHost(_ host: String, port: Int) -> Int? {
    PreviewServer.initializeLibrary
    var error = [CChar](repeating: 0, count: 256)
    let request = "GET / HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n"
    guard let conn = sheet_cw_download(host, Int32(port), &error, error.count, request) else { return nil }
    defer { mg_close_connection(conn) }
    return mg_get_response_info(conn).map { Int($0.pointee.status_code) } ?? 0
  }
}
