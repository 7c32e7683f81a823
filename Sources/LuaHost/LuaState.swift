/// One sandboxed Lua 5.4 state: loads text chunks into fresh environments and calls into them under a
/// memory cap and a per-call instruction budget.
///
/// Not thread-safe: use a state from one thread (or actor) at a time. Host closures should not capture
/// the state strongly (capture `[unowned state]`), or the state never closes.
public final class LuaState {
  /// Limits and host hooks for a new state.
  public struct Options {
    /// Most bytes Lua may hold while script code runs (default 16 MiB). Host-side pushes made outside
    /// script code are never refused (the host reserve).
    public var memoryLimit: Int
    /// Most VM instructions per host call (default 10 million), counted in steps of 1000.
    public var instructionLimit: Int
    /// The directory `require` reads `.lua` text files below; nil: only host-registered modules.
    public var moduleRoot: String?
    /// Receives each line `print` writes; nil drops it.
    public var print: ((String) -> Void)?
    /// The seed `math.random` starts from (and `math.randomseed()` without arguments returns to).
    public var randomSeed: Int
    /// Seconds one outermost host call may run (default 0.5; 0 turns the deadline off). The last line
    /// behind the instruction budget, checked from the count hook and the counted library: a call
    /// that stays within its instruction budget finishes long before it, so it never decides a run.
    public var deadline: Double
    /// A meter shared with other states that this state's spending is added to (nil: none). The
    /// state keeps it alive.
    public var meter: LuaMeter?
    /// Whether the state can be checkpointed and restored (``LuaState/checkpoint()``): its blocks then
    /// live in one reserved region of ``LuaState/regionBytes(memoryLimit:)`` bytes. Off by default.
    package var restorable = false
    /// The region's size for a restorable state (nil: ``LuaState/regionBytes(memoryLimit:)``); a test
    /// gives a small one to see a state outgrow it.
    package var regionBytes: Int?

    /// Options with the defaults above.
    public init(
      memoryLimit: Int = 16 << 20, instructionLimit: Int = 10_000_000, moduleRoot: String? = nil,
      print: ((String) -> Void)? = nil, randomSeed: Int = 0x5EED, deadline: Double = 0.5,
      meter: LuaMeter? = nil
    ) {
      self.memoryLimit = memoryLimit
      self.instructionLimit = instructionLimit
      self.moduleRoot = moduleRoot
      self.print = print
      self.randomSeed = randomSeed
      self.deadline = deadline
      self.meter = meter
    }
  }

  let runtime: LuaRuntime

  /// Opens a state with the standard library, then builds the sandbox.
  /// - Parameters:
  ///   - options: limits, module root, print sink and random seed.
  /// - Throws: `LuaError.memory` when Lua cannot start.
  public init(_ options: Options = Options()) throws(LuaError) {
    guard
      let raw = RawLua.open(
        memoryLimit: options.memoryLimit, instructionLimit: options.instructionLimit,
        deadline: options.deadline, meter: options.meter?.counter,
        regionBytes: options.restorable
          ? options.regionBytes ?? Self.regionBytes(memoryLimit: options.memoryLimit) : 0)
    else { throw .memory }
    runtime = LuaRuntime(raw: raw)
    runtime.meter = options.meter
    runtime.printSink = options.print
    runtime.moduleRoot = options.moduleRoot
    do throws(LuaError) {
      try installSandbox(seed: options.randomSeed)
    } catch {
      runtime.close()
      throw error
    }
  }

  deinit {
    runtime.close()
  }

  /// Closes the state now; references made from it stop working (calls throw `.stateClosed`).
  public func close() {
    runtime.close()
  }

  /// Bytes Lua holds now.
  public var memoryInUse: Int { runtime.raw?.bytesInUse ?? 0 }

  /// How many times Lua has allocated or resized memory since the state opened (frees not counted):
  /// equal before and after a call when the call allocated nothing in Lua.
  public var allocationCount: UInt64 { runtime.raw?.allocationCount ?? 0 }

  /// The memory cap in bytes (0: none); takes effect at the next allocation.
  public var memoryLimit: Int {
    get { runtime.raw?.memoryLimit ?? 0 }
    set { runtime.raw?.setMemoryLimit(newValue) }
  }

  /// Budget units spent over the state's life, all host calls together: VM instructions (counted in
  /// steps of 1000), bytes allocated while scripts run (one unit per 4 bytes) and the counted standard
  /// library's work. A host that runs many calls for one job (a scenario's resumes) caps their sum.
  public var unitsUsed: Int { runtime.raw?.unitsUsed ?? 0 }

  /// The files `require` has read in this state, as real paths, in the order read (a host that writes
  /// files checks it never writes over one of them).
  public var filesRead: [String] { runtime.filesRead }

  /// Seconds each later outermost host call may run (0: no deadline).
  public var deadline: Double {
    get { runtime.raw?.deadline ?? 0 }
    set { runtime.raw?.setDeadline(newValue) }
  }

  /// Makes the deadline read `clock` (seconds, never decreasing) instead of the system's monotonic
  /// clock; nil restores it. A test moves the clock itself, so a deadline is reached by what the script
  /// did, not by the machine's speed. The clock is read from inside Lua's count hook: it must not call
  /// into this state.
  package func setDeadlineClock(_ clock: (() -> Double)?) {
    let box = clock.map(DeadlineClock.init)
    runtime.raw?.setDeadlineClock(box)
    runtime.deadlineClock = box
  }

  /// Sets the instruction budget of each later host call.
  public func setInstructionLimit(_ limit: Int) {
    runtime.raw?.setInstructionLimit(limit)
  }

  /// Where `print` output goes (nil drops it).
  public var printSink: ((String) -> Void)? {
    get { runtime.printSink }
    set { runtime.printSink = newValue }
  }

  /// The stack height of the main thread (0 at rest). For tests of balance.
  var stackTop: Int { Int(runtime.raw?.top ?? 0) }
}
