import CCivetWeb
import Dispatch
import Foundation

/// The `sheet preview` server: CivetWeb serving the embedded page and one WebSocket per page, each
/// page its own `ScriptedSheet` session, on 127.0.0.1 only.
///
/// **What it answers.** `GET /` and the page's own files (``PreviewPage``), and WebSocket handshakes on
/// `/ws`; anything else is a 404, and no path from a request is ever opened (CivetWeb has no document
/// root). A request whose `Host` or `Origin` is not the server itself is refused (``LoopbackPolicy``:
/// DNS rebinding), as is any peer outside 127.0.0.0/8.
///
/// **Bounds.** ``PreviewLimits``: message size, message rate, sessions, timeouts. A client that breaks
/// one loses its own connection (or its messages, for the rate); the others and the server go on.
///
/// **C callbacks.** CivetWeb calls the handlers below on its own threads. They are `@convention(c)`
/// functions that return status codes and catch everything: nothing unwinds through CivetWeb, and no
/// input reaches a `fatalError` or a trap. Each session's sheet is used on its own serial queue.
public final class PreviewServer: @unchecked Sendable {
  /// What sessions start from.
  public let setup: PreviewSetup
  /// The port the server listens on (after ``start(port:)``).
  public private(set) var port = 0
  private var context: OpaquePointer?
  private let lock = NSLock()
  private var connections: [Int: PreviewConnection] = [:]
  private var counters = Counters()

  /// What the server refused or closed, for tests and the log.
  public struct Counters: Sendable, Equatable {
    /// Requests refused for their `Host` or `Origin`.
    public var refusedOrigins = 0
    /// WebSocket handshakes refused because ``PreviewLimits/sessions`` were connected.
    public var refusedSessions = 0
    /// Connections closed for a message over ``PreviewLimits/messageBytes``.
    public var oversized = 0
    /// Messages dropped by the rate limit.
    public var rateLimited = 0
    /// Messages refused as malformed.
    public var malformed = 0
    /// Sessions opened (handshakes accepted).
    public var opened = 0
    /// Sessions closed (the page went away, or the server closed it).
    public var closed = 0
  }

  /// A server for `setup`, not started.
  public init(setup: PreviewSetup) {
    self.setup = setup
  }

  /// The page's address.
  public var url: String { "http://127.0.0.1:\(port)/" }

  /// What was refused or closed so far.
  public var statistics: Counters {
    lock.lock()
    defer { lock.unlock() }
    return counters
  }

  /// Sessions connected now.
  public var sessionCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return connections.count
  }

  /// Starts listening on 127.0.0.1.
  /// - Parameter port: The port, 1...65535, or 0 for a free one (``port`` tells which).
  /// - Throws: `PreviewError` when the port is taken or the server cannot start.
  public func start(port requested: Int) throws(PreviewError) {
    guard context == nil else { return }
    guard (0...65_535).contains(requested) else {
      throw PreviewError("port \(requested) is not in 0...65535")
    }
    PreviewServer.initializeLibrary
    let limits = setup.limits
    let options: [(String, String)] = [
      ("listening_ports", "127.0.0.1:\(requested)"),
      ("num_threads", String(limits.sessions + 8)),
      ("access_control_list", "-0.0.0.0/0,+127.0.0.0/8"),
      ("request_timeout_ms", String(limits.timeoutSeconds * 1000)),
      ("websocket_timeout_ms", String(limits.timeoutSeconds * 1000)),
      ("enable_websocket_ping_pong", "yes"),
      ("max_request_size", "16384"),
      ("enable_keep_alive", "no"),
      ("tcp_nodelay", "1"),
      ("enable_directory_listing", "no"),
      ("decode_url", "yes"),
    ]
    // The options as C's null-terminated array of strings, freed once CivetWeb has read them.
    let strings = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: options.count * 2 + 1)
    var index = 0
    for (name, value) in options {
      strings[index] = UnsafePointer(strdup(name))
      strings[index + 1] = UnsafePointer(strdup(value))
      index += 2
    }
    strings[index] = nil
    defer {
      for i in 0..<index { free(UnsafeMutableRawPointer(mutating: strings[i])) }
      strings.deallocate()
    }
    let callbacks = UnsafeMutablePointer<mg_callbacks>.allocate(capacity: 1)
    callbacks.initialize(to: mg_callbacks())
    callbacks.pointee.log_message = { _, _ in 1 }  // CivetWeb's own messages: not printed (1 = handled)
    defer { callbacks.deallocate() }
    let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: 256)
    errorText.initialize(repeating: 0, count: 256)
    defer { errorText.deallocate() }
    var initData = mg_init_data(callbacks: callbacks, user_data: nil, configuration_options: strings)
    var errorData = mg_error_data(code: nil, text: errorText, text_buffer_size: 256)
    guard let started = mg_start2(&initData, &errorData) else {
      let message = String(cString: errorText)
      throw PreviewError(
        "cannot listen on 127.0.0.1:\(requested): \(message.isEmpty ? "CivetWeb refused to start" : message)")
    }
    context = started
    var ports = [mg_server_port](repeating: mg_server_port(), count: 4)
    let count = mg_get_server_ports(started, Int32(ports.count), &ports)
    port = count > 0 ? Int(ports[0].port) : requested
    // CivetWeb's threads hold the server while it runs: retained here, released by stop() once every
    // thread has ended
    let me = Unmanaged.passRetained(self).toOpaque()
    mg_set_request_handler(started, "/", PreviewServer.requestHandler, me)
    mg_set_websocket_handler(
      started, "/ws", PreviewServer.connectHandler, PreviewServer.readyHandler, PreviewServer.dataHandler,
      PreviewServer.closeHandler, me)
  }

  /// Stops the server: every connection is closed and every session ends. A started server runs (and
  /// is kept) until this is called.
  public func stop() {
    guard let context else { return }
    mg_stop(context)
    self.context = nil
    defer { Unmanaged.passUnretained(self).release() }  // the threads' hold, taken by start(port:)
    lock.lock()
    let ended = connections
    connections.removeAll()
    lock.unlock()
    for connection in ended.values { connection.end() }
  }

  /// CivetWeb's process-wide set-up, once.
  static let initializeLibrary: Void = {
    _ = mg_init_library(0)
  }()

  /// The policy for this server's port.
  var policy: LoopbackPolicy { LoopbackPolicy(port: port) }

  func count(_ update: (inout Counters) -> Void) {
    lock.lock()
    update(&counters)
    lock.unlock()
  }

  func connection(for conn: OpaquePointer?) -> PreviewConnection? {
    guard let conn else { return nil }
    lock.lock()
    defer { lock.unlock() }
    return connections[Int(bitPattern: UnsafeRawPointer(conn))]
  }

  /// Registers a session for a new connection unless ``PreviewLimits/sessions`` are connected.
  func admitSession(for conn: OpaquePointer) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    let key = Int(bitPattern: UnsafeRawPointer(conn))
    guard connections.count < setup.limits.sessions else {
      counters.refusedSessions += 1
      return false
    }
    connections[key] = PreviewConnection(limits: setup.limits)
    counters.opened += 1
    return true
  }

  func removeConnection(for conn: OpaquePointer?) -> PreviewConnection? {
    guard let conn else { return nil }
    lock.lock()
    defer { lock.unlock() }
    let removed = connections.removeValue(forKey: Int(bitPattern: UnsafeRawPointer(conn)))
    if removed != nil { counters.closed += 1 }
    return removed
  }

  /// The header's value, if the request has it.
  static func header(_ conn: OpaquePointer?, _ name: String) -> String? {
    guard let conn, let value = mg_get_header(conn, name) else { return nil }
    return String(cString: value)
  }
}
