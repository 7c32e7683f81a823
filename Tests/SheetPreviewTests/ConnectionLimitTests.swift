import Foundation
import Testing

@testable import SheetPreview

/// No client can stall the preview: idle and slow connections time out, connections over the cap and
/// pages over the session cap are answered with the bound they met, and a page loads and drags at
/// once while many bad clients hold their connections.
@Suite(.serialized) struct ConnectionLimitTests {
  /// A started server on a free port with nothing connected (its own first request ended).
  static func server(_ configure: (inout PreviewSetup) -> Void = { _ in }) throws -> PreviewServer {
    let server = try ServerTests.server(configure)
    #expect(server.wait { connections, _, _ in connections == 0 })
    return server
  }

  /// A GET of `path` from the server's own page.
  static func get(_ server: PreviewServer, _ path: String) -> (status: Int, body: String) {
    PreviewClient.http(port: server.port, ServerTests.get(path, host: "127.0.0.1:\(server.port)"))
  }

  @Test func idleAndSlowHeaderConnectionsDoNotStallAPage() throws {
    let server = try Self.server()  // the default limits
    defer { server.stop() }
    let idle = try (0..<50).map { _ in try RawConnection(port: server.port) }
    let slow = try (0..<20).map { _ in try RawConnection(port: server.port) }
    let dripper = Dripper(slow, port: server.port, interval: 0.1)
    defer { dripper.stop() }
    #expect(server.wait { connections, _, _ in connections == 70 })

    let clock = ContinuousClock()
    var files: [(status: Int, body: String)] = []
    let load = clock.measure {
      files = ["/", "/preview.css", "/preview.js"].map { Self.get(server, $0) }
    }
    #expect(files.map(\.status) == [200, 200, 200])
    #expect(files[0].body.contains("<canvas id=\"phone\""))

    let page = try PreviewClient(port: server.port)
    defer { page.close() }
    #expect(page.send("{\"type\":\"hello\",\"t\":1000}"))
    #expect(page.next(type: "frame") != nil)
    #expect(page.send("{\"type\":\"frame\",\"t\":1600}"))  // presented and resting
    #expect(page.next(type: "frame") != nil)
    #expect(page.send("{\"type\":\"touch_down\",\"x\":195,\"y\":460,\"t\":1601}"))
    #expect(page.next(type: "frame") != nil)
    var trips: [Duration] = []
    for index in 1...20 {
      let started = clock.now
      #expect(
        page.send("{\"type\":\"touch_move\",\"x\":195,\"y\":\(460 - 4 * index),\"t\":\(1601 + 8 * index)}"))
      let frame = page.next(type: "frame")
      trips.append(clock.now - started)
      #expect(frame?.contains("\"finger\":true") == true)
    }
    #expect(page.send("{\"type\":\"touch_up\",\"x\":195,\"y\":380,\"t\":1770}"))
    #expect(page.next(type: "frame") != nil)

    // Every frame came back (each within PreviewClient's guard), so nothing stalled the page; how fast
    // is a figure, not a check here: printed, and measured by `sheet preview --bench` on a quiet machine
    // (no wall-clock limit in a test: a build beside the tests must not decide it).
    let sorted = trips.sorted()
    let median = (sorted[9] + sorted[10]) / 2
    let ms = { (duration: Duration) in
      String(
        format: "%.3f ms",
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15)
    }
    print(
      "preview with 50 idle and 20 slow-header connections held: page load \(ms(load)) (/, preview.css, "
        + "preview.js); drag round trip over \(trips.count): median \(ms(median)), best \(ms(sorted[0])), "
        + "worst \(ms(sorted[sorted.count - 1]))"
    )
    // the bad clients were held all along: none was closed, and all still count
    #expect(idle.allSatisfy { $0.isOpen } && slow.allSatisfy { $0.isOpen })
    #expect(server.connectionCount == 71)
    #expect(server.statistics.refusedConnections == 0)
  }

  @Test func aConnectionOverTheCapIsAnswered503AtOnce() throws {
    let server = try Self.server {
      $0.limits.connections = 3
      $0.limits.spareWorkers = 2
    }
    defer { server.stop() }
    var held = try (0..<3).map { _ in try RawConnection(port: server.port) }
    #expect(server.wait { connections, _, _ in connections == 3 })
    let full = "all 3 connections the preview serves are open: try again when one closes\n"
    // a request over the cap
    #expect(Self.get(server, "/") == (503, full))
    // connections that send nothing, more of them than the spare threads: each is answered and closed
    // without waiting for a request or a time-out
    for _ in 0..<6 {
      let quiet = try RawConnection(port: server.port)
      let answer = try #require(quiet.readToEnd())
      #expect(answer.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(answer)")
      #expect(answer.hasSuffix("\r\n\r\n" + full), "\(answer)")
    }
    #expect(server.statistics.refusedConnections == 7)
    #expect(held.allSatisfy { $0.isOpen })
    held.removeAll()
    #expect(server.wait { connections, _, _ in connections == 0 })
    #expect(Self.get(server, "/").status == 200)
  }

  @Test func aPageOverTheSessionCapIsAnsweredWhy() throws {
    let server = try Self.server()  // the default four sessions
    defer { server.stop() }
    let full = "four previews are open: close one"
    #expect(Self.get(server, "/session") == (200, "a preview is free\n"))
    var pages = try (0..<4).map { _ in try PreviewClient(port: server.port) }
    #expect(server.wait { _, sessions, _ in sessions == 4 })
    // the fifth page's handshake is answered, not just closed
    let fifth = try RawConnection(port: server.port)
    #expect(fifth.send(RawConnection.handshake(port: server.port)))
    let answer = try #require(fifth.readToEnd())
    #expect(answer.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(answer)")
    #expect(answer.hasSuffix("\r\n\r\n" + full + "\n"), "\(answer)")
    // and what the page asks when its WebSocket was refused
    #expect(Self.get(server, "/session") == (503, full + "\n"))
    #expect(server.statistics.refusedSessions == 1)
    pages.removeLast().close()
    #expect(server.wait { _, sessions, _ in sessions == 3 })
    #expect(Self.get(server, "/session").status == 200)
    #expect(PreviewLimits().sessionsFullMessage == full)
  }

  @Test func idleSlowKeptAliveAndQuietConnectionsTimeOut() throws {
    let server = try Self.server {
      $0.limits.requestTimeoutMilliseconds = 200
      $0.limits.keepAliveTimeoutMilliseconds = 200
      $0.limits.webSocketTimeoutMilliseconds = 100
    }
    defer { server.stop() }
    // a connection that never sends a byte
    let idle = try RawConnection(port: server.port)
    #expect(idle.readToEnd() != nil)
    // one that sends its header a byte at a time and never ends it
    let slow = try RawConnection(port: server.port)
    let dripper = Dripper([slow], port: server.port, interval: 0.02)
    #expect(slow.readToEnd() != nil)
    dripper.stop()
    // one kept alive after a response, that sends no second request
    let kept = try RawConnection(port: server.port)
    #expect(kept.send("GET /session HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n"))
    let response = try #require(kept.readToEnd())
    #expect(response.hasPrefix("HTTP/1.1 200 OK\r\n") && response.contains("Connection: keep-alive\r\n"))
    // a WebSocket that never answers the server's pings
    let quiet = try RawConnection(port: server.port)
    #expect(quiet.send(RawConnection.handshake(port: server.port)))
    let frames = try #require(quiet.readToEnd())
    #expect(frames.hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"))
    #expect(frames.contains("\u{89}\u{00}"))  // a ping, empty
    #expect(server.wait { connections, sessions, _ in connections == 0 && sessions == 0 })
  }
}
