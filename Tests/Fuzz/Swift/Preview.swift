import Dispatch
import Foundation

#if DEBUG  // the preview's session and message parsing are internal: a debug build can test them
  @testable import SheetPreview

  /// Target `preview`: the input is up to 64 of the page's messages, one per line. Each is parsed as
  /// the server parses a WebSocket text frame (`PreviewMessage.parse`, with the server's size limit)
  /// and, when it parses, handled by a fresh session on the `bottom-sheet-vc` preset as the server
  /// handles it (`PreviewSession.handle`); a refused one becomes the error reply the page would get.
  /// Saves go to the process's folder, emptied after every input.
  enum FuzzPreview {
    static let setup = PreviewSetup(behaviour: "bottom-sheet-vc", recordDirectory: FuzzFolder.path)
    static let queue = DispatchQueue(label: "sheet.fuzz.preview")

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard let session = try? PreviewSession(setup: setup, queue: queue) else {
        fatalError("the bottom-sheet-vc preset does not load")
      }
      for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true).prefix(64) {
        line.withUnsafeBytes { raw in
          do throws(PreviewMessageError) {
            _ = session.handle(try PreviewMessage.parse(raw, limit: setup.limits.messageBytes))
          } catch {
            _ = PreviewSession.errorReply(error.message)
          }
        }
      }
      FuzzFolder.clear()
    }
  }
#else
  enum FuzzPreview {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
      fatalError("the preview target needs a debug build (its session is internal)")
    }
  }
#endif
