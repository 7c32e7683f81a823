import CCivetWeb
import Foundation
import SheetCore
import SheetScript
import Testing

@testable import SheetPreview

/// The server without a browser: CivetWeb's own client plays the page, or a bad client.
@Suite(.serialized) struct ServerTests {
  /// A started server on a free port, with the `system` preset.
  static func server(_ configure: (inout PreviewSetup) -> Void = { _ in }) throws -> PreviewServer {
    var setup = PreviewSetup(behaviour: "system", recordDirectory: NSTemporaryDirectory())
    configure(&setup)
    let server = PreviewServer(setup: setup)
    try server.start(port: 0)
    return server
  }

  @Test func helloGetsTheLayoutAndAFrame() throws {
    let server = try Self.server()
    defer { server.stop() }
    let client = try PreviewClient(port: server.port)
    #expect(client.send("{\"type\":\"hello\",\"t\":1000}"))
    let layout = try #require(client.next(type: "layout"))
    #expect(layout.contains("\"width\":390"))
    #expect(client.next(type: "frame") != nil)
  }
}
