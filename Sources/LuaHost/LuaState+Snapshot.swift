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

  /// Takes the state's snapshot: a copy of its memory, counters, closures and files read, which
  /// ``restore(_:meter:)`` puts back. A state is snapshotted once, between host calls, with its stack
  /// empty, and only if it was opened with ``Options/restorable`` and none of its blocks has ever
  /// lived outside its region.
  /// - Returns: The snapshot.
  /// - Throws: `LuaSnapshotError` saying which condition failed.
  package func snapshot() throws(LuaSnapshotError) -> LuaStateSnapshot {
    guard let raw = runtime.raw else { throw LuaSnapshotError(description: "the state is closed") }
    guard raw.isRestorable else { throw LuaSnapshotError(description: "the state is not restorable") }
    guard !runtime.snapshotTaken else { throw LuaSnapshotError(description: "the state has a snapshot") }
    guard raw.isIdle, raw.top == 0, runtime.activeThread == nil, runtime.hostThread == nil else {
      throw LuaSnapshotError(description: "the state is running or its stack is not empty")
    }
    guard runtime.coroutines == 0 else {
      throw LuaSnapshotError(description: "the state has a coroutine")
    }
    let copy = UnsafeMutablePointer<sandbox_state_copy>.allocate(capacity: 1)
    copy.initialize(to: sandbox_state_copy())
    guard raw.take(into: copy) else {
      copy.deallocate()
      throw LuaSnapshotError(description: "the state's blocks do not all live in its region")
    }
    runtime.snapshotTaken = true
    runtime.closuresChanged = false
    return LuaStateSnapshot(
      copy: copy, closures: runtime.liveClosures, filesRead: runtime.filesRead, runtime: runtime)
  }

  /// Puts the state back as it was when `snapshot` was taken: every Lua value, the registry, the
  /// counters (memory, allocations, units spent, identity numbers) and the files `require` had read.
  /// The host closures the state held then are Lua's again, and those made since are released. A
  /// restored state runs on exactly as the state did from the snapshot on.
  ///
  /// Refused, with nothing changed, while the state runs, while any reference made since the
  /// snapshot (`LuaTable`, `LuaFunction`, a coroutine, a field batch) is still held, or when some of
  /// the state's blocks now live outside its region (it outgrew it).
  /// - Parameters:
  ///   - snapshot: A snapshot of this state.
  ///   - meter: The meter the restored state reports to from now on (nil: none).
  /// - Throws: `LuaSnapshotError` saying which condition failed.
  package func restore(_ snapshot: LuaStateSnapshot, meter: LuaMeter?) throws(LuaSnapshotError) {
    guard let raw = runtime.raw else { throw LuaSnapshotError(description: "the state is closed") }
    guard snapshot.runtime === runtime else {
      throw LuaSnapshotError(description: "the snapshot is another state's")
    }
    guard raw.isIdle, runtime.activeThread == nil, runtime.hostThread == nil else {
      throw LuaSnapshotError(description: "the state is running")
    }
    guard runtime.referencesSinceSnapshot == 0 else {
      throw LuaSnapshotError(
        description: "\(runtime.referencesSinceSnapshot) references made since the snapshot are still held")
    }
    guard raw.putBack(snapshot.copy) else {
      throw LuaSnapshotError(description: "some of the state's blocks live outside its region")
    }
    if runtime.closuresChanged {
      let held = runtime.liveClosures
      // the set first: a release below may run Swift code that reaches the restored state
      runtime.liveClosures = snapshot.closures
      runtime.closuresChanged = false
      // collected since the snapshot: their Lua closures are back, each owning a retain again
      for context in snapshot.closures.subtracting(held) {
        _ = Unmanaged<HostClosure>.fromOpaque(context).retain()
      }
      // made since the snapshot: their Lua closures are gone with the memory that held them
      for context in held.subtracting(snapshot.closures) {
        Unmanaged<HostClosure>.fromOpaque(context).release()
      }
    }
    for entry in runtime.batches { entry.batch?.reset() }
    runtime.filesRead = snapshot.filesRead
    runtime.meter = meter
    raw.setMeter(meter?.counter)
  }

  /// The bytes past its snapshot's top a restored state keeps in memory for its next run (a run's pages
  /// beyond them are given back to the system by the restore).
  package static var bytesKeptPastSnapshot: Int { Int(SANDBOX_ARENA_KEPT_BYTES) }

  /// Bytes of the state's region handed out so far (0 when the state is not restorable): what a
  /// snapshot taken now would copy.
  package var regionBytesUsed: Int { runtime.raw?.regionBytesUsed ?? 0 }
  /// The bytes of the state's region in memory now (its pages the system holds), 0 without a region:
  /// the state's own share of the process's resident memory, whatever else runs beside it.
  package var regionResidentBytes: Int { runtime.raw?.regionResidentBytes ?? 0 }
}
