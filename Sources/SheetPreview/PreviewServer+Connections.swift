import CCivetWeb
import Foundation

/// The connection cap (``PreviewLimits/connections``): CivetWeb's callbacks for a connection's start and
/// end, and the refusal of one over the cap.
///
/// CivetWeb gives each connection a worker thread until it closes and has no cap of its own: over
/// ``PreviewLimits/connections`` the start callback answers `503` with
/// ``PreviewLimits/connectionsFullMessage`` on the socket itself and shuts it down, so CivetWeb reads
/// the end of the stream at once and frees the (spare) thread, whether the client sent a request or
/// nothing. The connection is marked (its user data, ``refusedMark``) so that no handler serves a request
/// that had already arrived.
///
/// **Which socket.** CivetWeb hands out neither the socket nor, before a request is read, the
/// connection's request information (`mg_get_request_info` answers NULL then), although the peer's
/// address and port are already in it. Where that information lies in CivetWeb's connection is learned
/// from CivetWeb itself, `mg_get_request_info` during a request (``start(port:)`` makes one), and read
/// there; the socket is the one of this process connected from the server's port to that peer.
extension PreviewServer {
  /// The user data of a connection refused for the cap: a mark, never dereferenced.
  static var refusedMark: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 1) }

  /// Whether CivetWeb's connection was refused for the cap.
  static func isRefused(_ conn: OpaquePointer?) -> Bool {
    mg_get_user_connection_data(conn) == refusedMark
  }

  /// The server whose connection this is (the context's user data, set by ``start(port:)``).
  static func server(of conn: OpaquePointer?) -> PreviewServer? {
    guard let data = mg_get_user_data(mg_get_context(conn)) else { return nil }
    return Unmanaged<PreviewServer>.fromOpaque(data).takeUnretainedValue()
  }

  /// A connection starts (a worker thread took it, before its request is read): counted in, or refused
  /// over the cap. Returns 0, as CivetWeb requires.
  static let openHandler:
    @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32 =
      { conn, data in
        guard let conn, let server = server(of: conn), !server.admitConnection() else { return 0 }
        data?.pointee = refusedMark
        if let peer = server.peer(of: conn) {
          refuse(localPort: server.port, peer: peer, text: server.setup.limits.connectionsFullMessage)
        }
        return 0
      }

  /// A connection ends (CivetWeb is closing it): counted out, unless it was refused.
  static let endHandler: @convention(c) (OpaquePointer?) -> Void = { conn in
    guard let conn, !isRefused(conn), let server = server(of: conn) else { return }
    server.endConnection()
  }

  /// Notes where CivetWeb keeps a connection's request information, from a connection being served.
  func learnRequestInfo(_ conn: OpaquePointer) {
    guard requestInfoOffset == nil, let info = mg_get_request_info(conn) else { return }
    requestInfoOffset = UnsafeRawPointer(info) - UnsafeRawPointer(conn)
  }

  /// The peer's address and port of a connection whose request is not read yet, once
  /// ``learnRequestInfo(_:)`` has seen one.
  func peer(of conn: OpaquePointer) -> (host: String, port: Int)? {
    guard let offset = requestInfoOffset else { return nil }
    let info = UnsafeRawPointer(conn).advanced(by: offset).assumingMemoryBound(to: mg_request_info.self)
    let host = withUnsafeBytes(of: info.pointee.remote_addr) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    return (host, Int(info.pointee.remote_port))
  }

  /// Answers `503` with `text` on the socket from `localPort` to `peer` and shuts it down both ways.
  static func refuse(localPort: Int, peer: (host: String, port: Int), text: String) {
    guard let fd = socket(localPort: localPort, peer: peer.host, peerPort: peer.port) else { return }
    sendOnce(fd, closingResponse(status: 503, reason: "Service Unavailable", text: text))
    _ = shutdown(fd, Int32(SHUT_RDWR))
  }

  /// The descriptor of this process's TCP socket from 127.0.0.1 at `localPort` to `peer` at
  /// `peerPort`: CivetWeb hands out no socket, so the open descriptors are looked through (`/proc/self/fd`,
  /// `/dev/fd` elsewhere).
  static func socket(localPort: Int, peer: String, peerPort: Int) -> Int32? {
    guard let folder = opendir("/proc/self/fd") ?? opendir("/dev/fd") else { return nil }
    defer { closedir(folder) }
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard let fd = Int32(name), fd > 2 else { continue }
      if let local = address(fd, getsockname), local.port == localPort,
        let remote = address(fd, getpeername), remote.port == peerPort, remote.host == peer
      {
        return fd
      }
    }
    return nil
  }

  /// A socket's own or peer IPv4 address (`getsockname`, `getpeername`) as text and port; nil for any
  /// other socket (the server listens on 127.0.0.1 only).
  static func address(
    _ fd: Int32, _ read: (Int32, UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32
  ) -> (host: String, port: Int)? {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let found = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { read(fd, $0, &length) }
    }
    guard found == 0, address.sin_family == sa_family_t(AF_INET) else { return nil }
    var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
    guard inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(text.count)) != nil else { return nil }
    return (PreviewClient.cText(text), Int(UInt16(bigEndian: address.sin_port)))
  }
}

/// Writes `bytes` to a socket once, never raising SIGPIPE (a refusal's few hundred bytes fit an empty
/// socket's buffer; a peer already gone gets nothing).
private func sendOnce(_ fd: Int32, _ bytes: [UInt8]) {
  #if os(Linux)
    let flags = Int32(MSG_NOSIGNAL)
  #else
    let flags: Int32 = 0
  #endif
  _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
}
