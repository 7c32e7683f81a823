import Foundation

/// Runs work that goes deep, such as a whole scenario run for the replay and compare views, on a thread
/// of its own with a large stack, and waits for it.
///
/// CivetWeb's worker threads, which carry every message, have smaller stacks than a process's main
/// thread. A scenario run (its Lua states, the scenario coroutine, the machine's inputs) nested inside
/// a WebSocket callback overflowed one, and the process died with SIGSEGV, without a backtrace.
/// `sheet run` does the same work on the main thread's 8 MiB.
enum LargeStack {
  /// The stack of the thread the work runs on: 64 MiB, 8 times the main thread's.
  static let stackSize = 64 << 20

  /// Holds the work and its result across the thread; the caller waits for the thread, so neither is
  /// touched by two threads at once.
  private final class Handoff<T>: @unchecked Sendable {
    var body: (() -> T)?
    var result: T?
    let done = DispatchSemaphore(value: 0)
  }

  /// Runs `body` on a fresh thread with a ``stackSize`` stack and returns its result.
  /// - Parameter body: The work; it runs exactly once, while this call waits.
  /// - Returns: What `body` returned.
  static func run<T>(_ body: () -> T) -> T {
    withoutActuallyEscaping(body) { escaping in
      let handoff = Handoff<T>()
      handoff.body = escaping
      let thread = Thread {
        handoff.result = handoff.body?()
        handoff.body = nil
        handoff.done.signal()
      }
      thread.stackSize = stackSize
      thread.start()
      handoff.done.wait()
      guard let result = handoff.result else {
        preconditionFailure("LargeStack: the work did not run")
      }
      return result
    }
  }
}
