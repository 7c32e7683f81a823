import Dispatch
import Foundation

/// Polls a file's modification date, size and file number on a private serial queue, for
/// `ScriptedSheet.watchFile(interval:queue:)`, and calls back when they change.
///
/// A file that is missing for a moment (an editor replacing it) is no change; it is one when it comes
/// back different. Everything it keeps is touched on its own queue only.
package final class FileWatcher: @unchecked Sendable {
  /// What identifies a version of the file.
  package struct Stamp: Equatable {
    var modified: Date?
    var size: UInt64?
    var fileNumber: UInt64?
  }

  private let path: String
  private let timer: DispatchSourceTimer
  private var last: Stamp?

  /// Starts polling.
  /// - Parameters:
  ///   - path: The file.
  ///   - interval: Seconds between checks (at least 0.01).
  ///   - changed: Called on the watcher's queue after each change.
  package init(path: String, interval: Double, changed: @escaping @Sendable () -> Void) {
    self.path = path
    let queue = DispatchQueue(label: "SheetScript.ScriptedSheet.FileWatcher")
    timer = DispatchSource.makeTimerSource(queue: queue)
    last = Self.stamp(path)
    let period = max(interval, 0.01)
    timer.schedule(deadline: .now() + period, repeating: period, leeway: .milliseconds(10))
    timer.setEventHandler { [weak self] in
      guard let self, self.check() else { return }
      changed()
    }
    timer.resume()
  }

  deinit { timer.cancel() }

  /// Stops polling (a callback already running finishes).
  package func stop() { timer.cancel() }

  /// Whether the file changed since the last check (runs on the watcher's queue).
  private func check() -> Bool {
    guard let now = Self.stamp(path) else { return false }
    defer { last = now }
    return now != last
  }

  /// The file's stamp, or nil when it cannot be read now.
  package static func stamp(_ path: String) -> Stamp? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
    return Stamp(
      modified: attributes[.modificationDate] as? Date,
      size: (attributes[.size] as? NSNumber)?.uint64Value,
      fileNumber: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
  }
}
