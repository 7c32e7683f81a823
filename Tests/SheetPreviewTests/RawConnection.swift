import Dispatch
import Foundation

/// A bare TCP connection to the server over loopback: a client that sends what it likes when it
/// likes, or nothing at all (an idle or slow client, a WebSocket that never answers a ping).
final class RawConnection: @unchecked Sendable {
  let fd: Int32

  /// Connects to 127.0.0.1:`port`.
  init(port: Int) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      close(fd)
      throw POSIXError(POSIXErrorCode(rawValue: code) ?? .ECONNREFUSED)
    }
  }

  deinit { close(fd) }

  /// Sends bytes; false once the server has closed the connection (never SIGPIPE).
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      == bytes.count
  }

  /// Sends text.
  @discardableResult
  func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// Reads until the server closes the connection, at most `timeout` seconds.
  /// - Returns: What arrived (Latin-1, so a WebSocket frame's bytes survive), or nil if the server had
  ///   not closed by then.
  func readToEnd(timeout: Double = 10) -> String? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
      var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, left) > 0 else { return nil }
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })) }
      bytes += chunk[0..<count]
    }
  }

  /// Whether the connection is still open: nothing has closed it from the server's side.
  var isOpen: Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, 0) > 0 else { return true }
    var byte: UInt8 = 0
    return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
  }

  /// A WebSocket handshake for the server's own page at `port`.
  static func handshake(port: Int) -> String {
    "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
      + "Origin: http://127.0.0.1:\(port)\r\n\r\n"
  }
}

/// Slow-header clients: sends the next byte of a request header that never ends to each connection,
/// one round every `interval` seconds, on its own thread, until stopped.
final class Dripper: @unchecked Sendable {
  private let stopped = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  /// Starts dripping; the first byte goes to every connection before this returns.
  init(_ connections: [RawConnection], port: Int, interval: Double) {
    let header = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Slow: ".utf8)
    for connection in connections { connection.send([header[0]]) }
    let stopped = self.stopped
    let finished = self.finished
    Thread.detachNewThread {
      var sent = 1
      // the pause between rounds is the wait for the stop signal
      while stopped.wait(timeout: .now() + interval) == .timedOut {
        let byte = sent < header.count ? header[sent] : UInt8(ascii: "x")
        sent += 1
        for connection in connections { connection.send([byte]) }
      }
      finished.signal()
    }
  }

  /// Stops dripping and waits for the thread to end.
  func stop() {
    stopped.signal()
    finished.wait()
  }
}
