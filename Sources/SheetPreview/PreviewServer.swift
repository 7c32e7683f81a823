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
/// **Bounds.** ``PreviewLimits``: message size, message rate, sessions, connections, time-outs, saves. A
/// client that breaks one loses its own connection (or its messages, for the rate), or is answered
/// `503` with the bound it met; the others and the server go on. No client can hold every worker
/// thread: connections over ``PreviewLimits/connections`` are refused at once by a spare one
/// (``PreviewLimits``, "Connections and threads").
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
  /// Guards the sessions, the open connections and the counters; broadcast when they change.
  private let lock = NSCondition()
  private var connections: [Int: PreviewConnection] = [:]
  private var openConnections = 0
  /// Where CivetWeb keeps a connection's request information, bytes from the connection's start
  /// (learned from CivetWeb during a request: ``learnRequestInfo(_:)``).
  private var requestInfoOffsetValue: Int?
  private var counters = Counters()

  /// What the server refused or closed, for tests and the log.
  public struct Counters: Sendable, Equatable {
    /// Requests refused for their `Host` or `Origin`.
    public var refusedOrigins = 0
    /// WebSocket handshakes refused because ``PreviewLimits/sessions`` were connected.
    public var refusedSessions = 0
    /// Connections refused because ``PreviewLimits/connections`` were open.
    public var refusedConnections = 0
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

  /// Connections open now, of every kind, as ``PreviewLimits/connections`` counts them.
  public var connectionCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return openConnections
  }

  /// Where CivetWeb keeps a connection's request information, once learned.
  var requestInfoOffset: Int? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return requestInfoOffsetValue
    }
    set {
      lock.lock()
      requestInfoOffsetValue = newValue
      lock.unlock()
    }
  }

  /// Waits until `condition` holds of the open connections, the sessions and the counters, at most
  /// `timeout` seconds: what a test awaits instead of polling.
  /// - Returns: Whether it held in time.
  func wait(
    timeout: Double = 5, until condition: (_ connections: Int, _ sessions: Int, _ counters: Counters) -> Bool
  ) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    lock.lock()
    defer { lock.unlock() }
    while !condition(openConnections, connections.count, counters) {
      if !lock.wait(until: deadline) { return condition(openConnections, connections.count, counters) }
    }
    return true
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
      ("num_threads", String(limits.connections + limits.spareWorkers)),
      ("connection_queue", String(limits.acceptQueue)),
      ("listen_backlog", String(limits.listenBacklog)),
      ("access_control_list", "-0.0.0.0/0,+127.0.0.0/8"),
      ("request_timeout_ms", String(limits.requestTimeoutMilliseconds)),
      ("enable_keep_alive", "yes"),
      ("keep_alive_timeout_ms", String(limits.keepAliveTimeoutMilliseconds)),
      ("websocket_timeout_ms", String(limits.webSocketTimeoutMilliseconds)),
      ("enable_websocket_ping_pong", "yes"),
      ("max_request_size", String(limits.requestBytes)),
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
    callbacks.pointee.init_connection = PreviewServer.openHandler
    callbacks.pointee.connection_close = PreviewServer.endHandler
    defer { callbacks.deallocate() }
    let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: 256)
    errorText.initialize(repeating: 0, count: 256)
    defer { errorText.deallocate() }
    // CivetWeb's threads hold the server while it runs (the context's user data and the handlers'):
    // retained here, released by stop() once every thread has ended, or here if it does not start
    let me = Unmanaged.passRetained(self).toOpaque()
    var initData = mg_init_data(callbacks: callbacks, user_data: me, configuration_options: strings)
    var errorData = mg_error_data(code: nil, text: errorText, text_buffer_size: 256)
    guard let started = mg_start2(&initData, &errorData) else {
      Unmanaged<PreviewServer>.fromOpaque(me).release()
      let message = String(cString: errorText)
      throw PreviewError(
        "cannot listen on 127.0.0.1:\(requested): \(message.isEmpty ? "CivetWeb refused to start" : message)")
    }
    context = started
    var ports = [mg_server_port](repeating: mg_server_port(), count: 4)
    let count = mg_get_server_ports(started, Int32(ports.count), &ports)
    port = count > 0 ? Int(ports[0].port) : requested
    mg_set_request_handler(started, "/", PreviewServer.requestHandler, me)
    mg_set_websocket_handler(
      started, "/ws", PreviewServer.connectHandler, PreviewServer.readyHandler, PreviewServer.dataHandler,
      PreviewServer.closeHandler, me)
    // one request of its own, so the connection cap can tell whom to refuse before any client has sent
    // one (``learnRequestInfo(_:)``)
    _ = PreviewClient.http(
      port: port, "GET /session HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
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
    lock.broadcast()
    lock.unlock()
  }

  /// Counts a new connection in unless ``PreviewLimits/connections`` are open.
  func admitConnection() -> Bool {
    lock.lock()
    defer {
      lock.broadcast()
      lock.unlock()
    }
    guard openConnections < setup.limits.connections else {
      counters.refusedConnections += 1
      return false
    }
    openConnections += 1
    return true
  }

  /// Counts a connection out.
  func endConnection() {
    lock.lock()
    openConnections -= 1
    lock.broadcast()
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
    defer {
      lock.broadcast()
      lock.unlock()
    }
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
    defer {
      lock.broadcast()
      lock.unlock()
    }
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
