import Foundation
import SheetTrace
import Testing

@testable import SheetPreview

/// A behaviour file's `print` reaches the page: each line is a `print` event in a frame reply, as the
/// sheet's events are, in the order printed.
@Suite struct BehaviourPrintTests {
  @Test func aBehaviourFilesPrintsReachThePagesEvents() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-print-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("maps.lua")
    try """
    print('loaded')
    return {
      detents = { { id = 'low', height = 300 } },
      on_state = function(sheet, from, to) print(from .. ' -> ' .. to) end,
    }
    """.write(to: file, atomically: true, encoding: .utf8)
    let session = try PreviewSession(setup: PreviewSetup(behaviour: file.path, recordDirectory: folder.path))
    var printed: [String] = []
    var messages: [PreviewMessage] = [.hello(t: 1000), .present(t: 1000)]
    messages += (1...60).map { .frame(t: 1000 + Double($0) * 1000 / 60) }  // a second of 60 Hz frames
    for message in messages {
      for reply in session.queue.sync(execute: { session.handle(message) }) {
        guard
          case .object(let object) = try Array(reply.utf8).withUnsafeBytes({
            try JSONValue.read($0, nesting: 64)
          }),
          case .array(let events)? = object["events"]
        else { continue }
        for case .object(let event) in events where event["type"] == .string("print") {
          if case .object(let fields)? = event["fields"], case .string(let text)? = fields["text"] {
            printed.append(text)
          }
        }
      }
    }
    #expect(printed == ["loaded", "hidden -> presenting", "presenting -> resting"])
  }
}
