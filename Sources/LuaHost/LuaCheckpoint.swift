import LuaSandbox

/// A restorable state as it was between two host calls (``LuaState/checkpoint()``): its memory byte for
/// byte, its counters, the files `require` had read, and the host closures it held, which the checkpoint
/// keeps alive so that a restore can hand them back to Lua.
///
/// `package` access: `sheet tune` and the tests use it; it is not part of LuaHost's API.
package final class LuaCheckpoint {
  /// The region's bytes and the host record (`LuaSandbox/include/arena.h`, `sandbox_state_copy`).
  let copy: UnsafeMutablePointer<sandbox_state_copy>
  /// The contexts of the host closures Lua held, each retained once more by the checkpoint.
  let closures: Set<UnsafeMutableRawPointer>
  /// The files `require` had read.
  let filesRead: [String]
  /// The runtime of the state it was taken from.
  let runtime: LuaRuntime

  /// The bytes a restore copies back.
  package var bytes: Int { Int(copy.pointee.memory.arena.top) }

  init(
    copy: UnsafeMutablePointer<sandbox_state_copy>, closures: Set<UnsafeMutableRawPointer>,
    filesRead: [String],
    runtime: LuaRuntime
  ) {
    self.copy = copy
    self.closures = closures
    self.filesRead = filesRead
    self.runtime = runtime
    for context in closures { _ = Unmanaged<HostClosure>.fromOpaque(context).retain() }
  }

  deinit {
    sandbox_state_copy_free(copy)
    copy.deallocate()
    for context in closures { Unmanaged<HostClosure>.fromOpaque(context).release() }
  }
}

/// Why a state could not be checkpointed or restored.
package struct LuaCheckpointError: Error, Equatable, CustomStringConvertible {
  /// The reason, as a sentence.
  package var description: String
}
