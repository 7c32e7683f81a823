import Foundation
import SheetScript
import Testing

@testable import SheetPreview

/// What a page sends, or the behaviour a page runs, never runs on CivetWeb's own threads: Debian's
/// libcivetweb gives them a 100 KiB stack (`USE_STACK_SIZE=102400`: `pthread_attr_setstacksize` with
/// 0x19000 in `mg_start_thread_with_id`), which a JSON message nested 30 deep, or a behaviour that
/// `sheet run` runs fine, overflowed: the whole server died of SIGSEGV.
@Suite(.serialized) struct WorkerStackTests {
  @Test func aDeeplyNestedMessageIsRefusedAndTheServerGoesOn() throws {
    let server = try ServerTests.server()
    defer { server.stop() }
    let client = try PreviewClient(port: server.port)
    #expect(client.send("{\"type\":\"hello\",\"t\":1000}"))
    #expect(client.next(type: "frame") != nil)
    let depth = 3000  // 6 KB: under the size limit
    let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(client.send("{\"type\":\"frame\",\"t\":1100,\"x\":\(nested)}"))
    let error = client.next(type: "error") ?? "(none)"
    #expect(error.contains("nested deeper than \(PreviewMessage.nesting)"), "\(error)")
    #expect(client.send("{\"type\":\"frame\",\"t\":1200}"))
    #expect(client.next(type: "frame") != nil)
    #expect(!client.isClosed)
  }

  /// The `system` preset, with a recursion 180 C calls deep (pcall in pcall) when it loads: within
  /// Lua's own limit of 200 and well within a main thread's stack.
  static func deepBehaviour() throws -> String {
    let folder = NSTemporaryDirectory() + "sheet-worker-stack-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let system = try #require(Presets.source(named: "system")?.text)
    let deep =
      "local function deep(n) if n == 0 then return 0 end local _, v = pcall(deep, n - 1) return v end\n"
      + "deep(180)\n"
    let path = folder + "/deep.lua"
    try (deep + system).write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func aBehaviourThatRecursesDeeplyRunsInAPage() throws {
    let path = try Self.deepBehaviour()
    let server = try ServerTests.server { $0.behaviour = path }
    defer { server.stop() }
    let client = try PreviewClient(port: server.port)
    #expect(client.send("{\"type\":\"hello\",\"t\":1000}"))
    #expect(client.next(type: "layout")?.contains("\"behaviour\":\"deep.lua\"") == true)
    #expect(client.next(type: "frame") != nil)
    #expect(!client.isClosed)
  }
}
