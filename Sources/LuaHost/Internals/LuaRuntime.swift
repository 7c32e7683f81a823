/// The shared core of one state: the raw handle (nil once closed) and the prelude's internals.
///
/// References (`LuaFunction`, `LuaTable`, `LuaCoroutine`) hold the runtime, not the `LuaState`, so a
/// reference that outlives its state finds `raw == nil` and does nothing instead of crashing.
final class LuaRuntime {
  private(set) var raw: RawLua?
  /// Registry references to the prelude's `new_env`, `view`, `loaded` and `host_globals`.
  var newEnvRef: Int32 = 0
  var viewRef: Int32 = 0
  var loadedRef: Int32 = 0
  var hostGlobalsRef: Int32 = 0
  /// Where `print` output goes.
  var printSink: ((String) -> Void)?
  /// The clock the deadline reads in place of the monotonic clock, kept alive as long as the state.
  var deadlineClock: DeadlineClock?
  /// The directory `require` may read below, as given by the host.
  var moduleRoot: String?
  /// The shared meter the state's spending is added to, kept alive as long as the state.
  var meter: LuaMeter?
  /// The files `require` read, real paths, in order (each once: `require` caches a module).
  var filesRead: [String] = []

  init(raw: RawLua) {
    self.raw = raw
    tracksClosures = raw.isRestorable
  }

  /// Whether the host closures Lua holds are tracked in ``liveClosures`` (a restorable state's are).
  let tracksClosures: Bool
  /// The contexts of the host closures Lua holds now, each owning the retain its Lua closure took
  /// (tracked only for a restorable state: a restore must know which of them it brings back).
  var liveClosures = Set<UnsafeMutableRawPointer>()
  /// Whether the state has been checkpointed (``LuaState/checkpoint()``): references made from then on are
  /// counted in ``referencesSinceCheckpoint``.
  var checkpointTaken = false
  /// Registry references made since the checkpoint and still held: a restore waits for none (each would
  /// name a slot the restored registry does not hold).
  var referencesSinceCheckpoint = 0

  /// A field batch the runtime knows without keeping it alive.
  struct WeakBatch {
    weak var batch: LuaFieldBatch?
  }

  /// The field batches of a restorable state (a restore resets what each remembers writing: the
  /// restored tables no longer hold it).
  var batches: [WeakBatch] = []

  /// Notes a new field batch of this state (only a restorable state's are tracked).
  func noteBatch(_ batch: LuaFieldBatch) {
    guard tracksClosures else { return }
    batches.removeAll { $0.batch == nil }
    batches.append(WeakBatch(batch: batch))
  }

  /// Coroutines of this state alive now: a checkpoint waits for none (a coroutine's host side, whether
  /// it finished, would not follow its thread back to the checkpoint).
  var coroutines = 0

  /// Whether a host closure was made or collected since the checkpoint (a restore then compares the
  /// closures Lua holds with the checkpoint's; otherwise they are the same).
  var closuresChanged = false

  /// Pushes a Lua closure that calls `closure`, which it retains until Lua collects it.
  func pushClosure(_ closure: HostClosure, on lua: RawLua) {
    let context = Unmanaged.passRetained(closure).toOpaque()
    if tracksClosures {
      liveClosures.insert(context)
      closuresChanged = true
    }
    lua.pushCallback(context: context)
  }

  /// Notes that Lua collected the closure behind `context` (its retain is about to be released).
  func closureCollected(_ context: UnsafeMutableRawPointer) {
    if tracksClosures {
      liveClosures.remove(context)
      closuresChanged = true
    }
  }

  /// The coroutine thread the host is resuming now (nil when none): the only thread a yielding host
  /// closure may yield from.
  var hostThread: OpaquePointer?

  /// The thread of the innermost host closure running now (nil at the top level): calls made from a
  /// closure run on the thread that called it.
  var activeThread: OpaquePointer?

  /// The handle on the running thread, or `LuaError.stateClosed`.
  func open() throws(LuaError) -> RawLua {
    guard let raw else { throw .stateClosed }
    if let activeThread { return raw.on(activeThread) }
    return raw
  }

  /// Closes the state; references released later become no-ops.
  func close() {
    guard let raw else { return }
    self.raw = nil
    raw.close()
  }

  /// Releases a registry reference if the state is still open.
  func release(ref: Int32) {
    raw?.unref(ref)
  }
}
