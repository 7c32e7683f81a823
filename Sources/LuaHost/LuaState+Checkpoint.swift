import LuaSandbox

extension LuaState {
  /// The region a restorable state's blocks live in: four times its memory cap (the size classes and
  /// the host reserve need room beyond the cap), and at least 64 MiB. Reserved, not committed: only
  /// pages the state touches take memory.
  /// - Parameter memoryLimit: The state's cap in bytes (0: none).
  /// - Returns: The region's size in bytes.
  package static func regionBytes(memoryLimit: Int) -> Int {
    max(64 << 20, memoryLimit.multipliedReportingOverflow(by: 4).overflow ? 64 << 20 : 4 * memoryLimit)
  }

  /// Takes the state's checkpoint: a copy of its memory, counters, closures and files read, which
  /// ``restore(_:meter:)`` puts back. A state is checkpointed once, between host calls, with its stack
  /// empty, and only if it was opened with ``Options/restorable`` and none of its blocks has ever
  /// lived outside its region.
  /// - Returns: The checkpoint.
  /// - Throws: `LuaCheckpointError` saying which condition failed.
  package func checkpoint() throws(LuaCheckpointError) -> LuaCheckpoint {
    guard let raw = runtime.raw else { throw LuaCheckpointError(description: "the state is closed") }
    guard raw.isRestorable else { throw LuaCheckpointError(description: "the state is not restorable") }
    guard !runtime.checkpointTaken else {
      throw LuaCheckpointError(description: "the state has a checkpoint")
    }
    guard raw.isIdle, raw.top == 0, runtime.activeThread == nil, runtime.hostThread == nil else {
      throw LuaCheckpointError(description: "the state is running or its stack is not empty")
    }
    guard runtime.coroutines == 0 else {
      throw LuaCheckpointError(description: "the state has a coroutine")
    }
    let copy = UnsafeMutablePointer<sandbox_state_copy>.allocate(capacity: 1)
    copy.initialize(to: sandbox_state_copy())
    guard raw.take(into: copy) else {
      copy.deallocate()
      throw LuaCheckpointError(description: "the state's blocks do not all live in its region")
    }
    runtime.checkpointTaken = true
    runtime.closuresChanged = false
    return LuaCheckpoint(
      copy: copy, closures: runtime.liveClosures, filesRead: runtime.filesRead, runtime: runtime)
  }

  /// Puts the state back as it was when `checkpoint` was taken: every Lua value, the registry, the
  /// counters (memory, allocations, units spent, identity numbers) and the files `require` had read.
  /// The host closures the state held then are Lua's again, and those made since are released. A
  /// restored state runs on exactly as the state did from the checkpoint on.
  ///
  /// Refused, with nothing changed, while the state runs, while any reference made since the
  /// checkpoint (`LuaTable`, `LuaFunction`, a coroutine, a field batch) is still held, or when some of
  /// the state's blocks now live outside its region (it outgrew it).
  /// - Parameters:
  ///   - checkpoint: A checkpoint of this state.
  ///   - meter: The meter the restored state reports to from now on (nil: none).
  /// - Throws: `LuaCheckpointError` saying which condition failed.
  package func restore(_ checkpoint: LuaCheckpoint, meter: LuaMeter?) throws(LuaCheckpointError) {
    guard let raw = runtime.raw else { throw LuaCheckpointError(description: "the state is closed") }
    guard checkpoint.runtime === runtime else {
      throw LuaCheckpointError(description: "the checkpoint is another state's")
    }
    guard raw.isIdle, runtime.activeThread == nil, runtime.hostThread == nil else {
      throw LuaCheckpointError(description: "the state is running")
    }
    guard runtime.referencesSinceCheckpoint == 0 else {
      throw LuaCheckpointError(
        description:
          "\(runtime.referencesSinceCheckpoint) references made since the checkpoint are still held")
    }
    guard raw.putBack(checkpoint.copy) else {
      throw LuaCheckpointError(description: "some of the state's blocks live outside its region")
    }
    if runtime.closuresChanged {
      let held = runtime.liveClosures
      // the set first: a release below may run Swift code that reaches the restored state
      runtime.liveClosures = checkpoint.closures
      runtime.closuresChanged = false
      // collected since the checkpoint: their Lua closures are back, each owning a retain again
      for context in checkpoint.closures.subtracting(held) {
        _ = Unmanaged<HostClosure>.fromOpaque(context).retain()
      }
      // made since the checkpoint: their Lua closures are gone with the memory that held them
      for context in held.subtracting(checkpoint.closures) {
        Unmanaged<HostClosure>.fromOpaque(context).release()
      }
    }
    for entry in runtime.batches { entry.batch?.reset() }
    runtime.filesRead = checkpoint.filesRead
    runtime.meter = meter
    raw.setMeter(meter?.counter)
  }

  /// The bytes past its checkpoint's top a restored state keeps in memory for its next run (a run's pages
  /// beyond them are given back to the system by the restore).
  package static var bytesKeptPastCheckpoint: Int { Int(SANDBOX_ARENA_KEPT_BYTES) }

  /// Bytes of the state's region handed out so far (0 when the state is not restorable): what a
  /// checkpoint taken now would copy.
  package var regionBytesUsed: Int { runtime.raw?.regionBytesUsed ?? 0 }
  /// The bytes of the state's region in memory now (its pages the system holds), 0 without a region:
  /// the state's own share of the process's resident memory, whatever else runs beside it.
  package var regionResidentBytes: Int { runtime.raw?.regionResidentBytes ?? 0 }
}
