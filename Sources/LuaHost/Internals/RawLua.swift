import CLua
import LuaSandbox

/// The funnel: every call into Lua's C API goes through this type, on one thread of one state.
///
/// Nothing here raises a Lua error into Swift: calls that run Lua code go through LuaSandbox's
/// protected calls (`LuaSandbox/include/calls.h`), and pushes cannot hit the memory cap (the cap
/// applies only while scripts run).
struct RawLua {
  /// The thread this handle works on (the main thread, or a coroutine inside a callback).
  let state: OpaquePointer
  /// The state's host record: allocator counters, budget, callback entry points.
  let host: UnsafeMutablePointer<sandbox_host>

  /// Lua's status codes, as the host uses them.
  enum Status {
    static let ok: Int32 = LUA_OK
    static let yield: Int32 = LUA_YIELD
    static let syntax: Int32 = LUA_ERRSYNTAX
    static let memory: Int32 = LUA_ERRMEM
  }

  /// Lua's basic types.
  enum Kind: Int32 {
    case none = -1, `nil`, boolean, lightUserdata, number, string, table, function, userdata, thread
  }

  /// Opens a state with a memory cap and an instruction budget; nil when Lua cannot start.
  /// - Parameter regionBytes: When above 0, every block lives in one region of this many bytes (a
  ///   restorable state, `LuaSandbox/include/arena.h`) if the region can be reserved; 0: blocks come
  ///   from malloc.
  static func open(
    memoryLimit: Int, instructionLimit: Int, deadline: Double, meter: UnsafeMutablePointer<Int64>?,
    regionBytes: Int = 0
  ) -> RawLua? {
    let host = UnsafeMutablePointer<sandbox_host>.allocate(capacity: 1)
    host.initialize(to: sandbox_host())
    // Without the region (a system that will not reserve it) the state is an ordinary one: it works
    // the same, and only its checkpoint is refused.
    if regionBytes > 0 { host.pointee.arena = sandbox_arena_new(size_t(regionBytes)) }
    host.pointee.limit = memoryLimit > 0 ? size_t(memoryLimit) : 0
    host.pointee.budget = Int64(max(instructionLimit, 1))
    host.pointee.timeout = deadline.isFinite && deadline > 0 ? deadline : 0
    host.pointee.meter = meter
    host.pointee.callback = { state, context in
      guard let state, let context else { return 0 }
      return HostClosure.invoke(context, on: RawLua(state: state, host: sandbox_host_of(state)))
    }
    host.pointee.release = { context in
      if let context { HostClosure.release(context) }
    }
    guard let state = sandbox_newstate(host) else {
      sandbox_arena_free(host.pointee.arena)
      host.deallocate()
      return nil
    }
    return RawLua(state: state, host: host)
  }

  /// A handle on another thread of the same state.
  func on(_ thread: OpaquePointer) -> RawLua { RawLua(state: thread, host: host) }

  /// Closes the state (running the finalizers of host closures) and frees the host record.
  func close() {
    lua_close(state)
    sandbox_arena_free(host.pointee.arena)
    host.deinitialize(count: 1)
    host.deallocate()
  }

  static var versionNumber: Int { Int(lua_version(nil)) }

  // MARK: Counters and limits

  var bytesInUse: Int { Int(host.pointee.bytes) }
  var allocationCount: UInt64 { UInt64(host.pointee.allocations) }
  var budgetExhausted: Bool { host.pointee.exhausted != 0 }
  /// The error for a spent limit of the host call (instructions, the deadline, or the C stack that
  /// closing coroutines inside one another takes), or nil while none is spent.
  /// Where it was last raised, when it was (a script may have swallowed it in a coroutine and
  /// returned: the limit stays spent and the host reports it all the same).
  var spentError: LuaError? {
    host.pointee.exhausted == Int32(SANDBOX_SPENT_NONE) ? nil : spentError(at: spentLocation)
  }
  /// The error for a spent limit, raised at `location`.
  func spentError(at location: SourceLocation?) -> LuaError? {
    switch host.pointee.exhausted {
    case Int32(SANDBOX_SPENT_NONE): return nil
    case Int32(SANDBOX_SPENT_TIME):
      return .deadlineExceeded(seconds: host.pointee.timeout, location: location)
    case Int32(SANDBOX_SPENT_NESTING):
      let message = String(cString: sandbox_spent_message(Int32(SANDBOX_SPENT_NESTING)))
      return .runtime(message: message, location: location, traceback: "")
    default: return .budgetExceeded(location: location)
    }
  }
  /// Where the host call's spent budget last raised (`file.lua:12`), or nil (not raised, or raised by
  /// the allocator, which cannot tell).
  var spentLocation: SourceLocation? {
    guard let text = sandbox_spent_where(host).map({ String(cString: $0) }), !text.isEmpty else { return nil }
    return SourceLocation(parsing: text)
  }
  /// Budget units spent over the state's life (instructions, billed allocations and C work).
  var unitsUsed: Int { Int(host.pointee.used) }
  var deadline: Double { host.pointee.timeout }
  func setDeadline(_ seconds: Double) { sandbox_set_timeout(state, seconds) }
  /// Makes the deadline read `clock` (nil: the monotonic clock); the caller keeps it alive.
  func setDeadlineClock(_ clock: DeadlineClock?) {
    guard let clock else {
      sandbox_set_clock(state, nil, nil)
      return
    }
    sandbox_set_clock(
      state,
      { context in
        guard let context else { return 0 }
        return Unmanaged<DeadlineClock>.fromOpaque(context).takeUnretainedValue().read()
      }, Unmanaged.passUnretained(clock).toOpaque())
  }
  var memoryLimit: Int { Int(host.pointee.limit) }
  func setInstructionLimit(_ limit: Int) { sandbox_set_budget(state, Int64(max(limit, 1))) }
  func setMemoryLimit(_ limit: Int) { host.pointee.limit = limit > 0 ? size_t(limit) : 0 }

  // MARK: Stack

  var top: Int32 { lua_gettop(state) }
  func setTop(_ index: Int32) { lua_settop(state, index) }
  func pop(_ count: Int32 = 1) { clua_pop(state, count) }
  func ensureStack(_ extra: Int) -> Bool { lua_checkstack(state, Int32(clamping: extra)) != 0 }
  func absolute(_ index: Int32) -> Int32 { lua_absindex(state, index) }
  func moveTop(to thread: OpaquePointer, count: Int32) { lua_xmove(state, thread, count) }

  // MARK: Pushing

  func pushNil() { lua_pushnil(state) }
  func push(_ value: Bool) { lua_pushboolean(state, value ? 1 : 0) }
  func push(_ value: Int) { lua_pushinteger(state, lua_Integer(value)) }
  func push(_ value: Double) { lua_pushnumber(state, value) }
  func push(_ value: String) {
    var text = value
    text.withUTF8 { bytes in
      _ = bytes.withMemoryRebound(to: CChar.self) { lua_pushlstring(state, $0.baseAddress, $0.count) }
    }
  }
  func push(_ key: StaticString) {
    key.withUTF8Buffer { bytes in
      _ = bytes.withMemoryRebound(to: CChar.self) { lua_pushlstring(state, $0.baseAddress, $0.count) }
    }
  }
  func pushCopy(of index: Int32) { lua_pushvalue(state, index) }
  /// Pushes the copy of a library's original functions the counted library keeps (`string`, `table`,
  /// `utf8`; nil for others).
  func pushOriginalLibrary(_ name: String) { sandbox_push_original_library(state, name) }
  /// Pushes the real global table (the prelude's; scripts never see it).
  func pushGlobals() { _ = lua_rawgeti(state, clua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS)) }
  func newTable(arrayCount: Int = 0, fieldCount: Int = 0) {
    lua_createtable(state, Int32(clamping: arrayCount), Int32(clamping: fieldCount))
  }
  func pushCallback(context: UnsafeMutableRawPointer) { sandbox_push_callback(state, context) }

  // MARK: Checkpoints

  /// Whether the state's blocks live in one region (a restorable state).
  var isRestorable: Bool { host.pointee.arena != nil }
  /// Whether the state is between host calls (no Lua code of it is running).
  var isIdle: Bool { host.pointee.depth == 0 }
  /// Bytes of the state's region handed out so far (0 for a state that is not restorable).
  var regionBytesUsed: Int { host.pointee.arena.map { Int($0.pointee.top) } ?? 0 }
  /// The bytes of the region's pages in memory now (`sandbox_arena_resident_bytes`); 0 without a region.
  var regionResidentBytes: Int { host.pointee.arena.map { Int(sandbox_arena_resident_bytes($0)) } ?? 0 }
  /// Copies the state's memory and counters into `copy`; false when it cannot (see `sandbox_state_take`).
  func take(into copy: UnsafeMutablePointer<sandbox_state_copy>) -> Bool {
    sandbox_state_take(host, copy) != 0
  }
  /// Puts a copy back; false, with nothing changed, when it cannot (see `sandbox_state_put_back`).
  func putBack(_ copy: UnsafePointer<sandbox_state_copy>) -> Bool { sandbox_state_put_back(host, copy) != 0 }
  /// Points the state's spending at another meter's counter (nil: none).
  func setMeter(_ counter: UnsafeMutablePointer<Int64>?) { host.pointee.meter = counter }

  // MARK: References

  /// Pops the top value into the registry and returns its reference.
  func ref() -> Int32 { clua_ref(state) }
  func unref(_ ref: Int32) { clua_unref(state, ref) }
  @discardableResult func push(ref: Int32) -> Kind { Kind(rawValue: clua_getref(state, ref)) ?? .none }

  // MARK: Reading

  func kind(at index: Int32) -> Kind { Kind(rawValue: lua_type(state, index)) ?? .none }
  func typeName(at index: Int32) -> String { typeName(of: kind(at: index)) }
  /// Lua's name for a type (`"nil"`, `"number"`, `"no value"`, ...).
  func typeName(of kind: Kind) -> String { String(cString: lua_typename(state, kind.rawValue)) }
  func boolean(at index: Int32) -> Bool { lua_toboolean(state, index) != 0 }
  func isInteger(at index: Int32) -> Bool { lua_isinteger(state, index) != 0 }
  func integer(at index: Int32) -> Int { Int(lua_tointegerx(state, index, nil)) }
  func number(at index: Int32) -> Double { clua_tonumber(state, index) }
  /// The string at index (call only when the value is a string: numbers would be converted in place).
  func string(at index: Int32) -> String {
    var length = 0
    guard let bytes = lua_tolstring(state, index, &length) else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
  }
  /// The string at index, cut to its first `limit` bytes (a cut text ends with its total length).
  func string(at index: Int32, limit: Int) -> String {
    var length = 0
    guard let bytes = lua_tolstring(state, index, &length) else { return "" }
    let kept = min(length, limit)
    let text = String(decoding: UnsafeRawBufferPointer(start: bytes, count: kept), as: UTF8.self)
    return kept == length ? text : text + "... (\(length) bytes)"
  }
  func rawLength(at index: Int32) -> Int { Int(lua_rawlen(state, index)) }

  // MARK: Tables (raw access only: no metamethod can run)

  /// Pops key and value and sets them in the table at index.
  func rawSet(table index: Int32) { lua_rawset(state, index) }
  func rawSet(table index: Int32, position: Int) { lua_rawseti(state, index, lua_Integer(position)) }
  @discardableResult func rawGet(table index: Int32, position: Int) -> Kind {
    Kind(rawValue: lua_rawgeti(state, index, lua_Integer(position))) ?? .none
  }
  @discardableResult func rawGet(table index: Int32, field key: String) -> Kind {
    let table = absolute(index)
    push(key)
    return Kind(rawValue: lua_rawget(state, table)) ?? .none
  }
  /// Writes the `count` number fields whose bits changed since `written` (updated), in one call, on
  /// this handle's thread (a batch's own, see `sandbox_write_changed`): slot `i` is the field keyed by stack
  /// slot `keyBase + i` of the table at stack slot `tableIndex[i]`.
  func writeChanged(
    tableIndex: UnsafePointer<Int32>, keyBase: Int32, values: UnsafePointer<Double>,
    written: UnsafeMutablePointer<UInt64>, count: Int
  ) {
    sandbox_write_changed(state, tableIndex, keyBase, values, written, Int32(count))
  }
  /// lua_next: pops a key, pushes the next key and value; false at the end.
  func next(table index: Int32) -> Bool { lua_next(state, index) != 0 }

  // MARK: Running code

  /// Sets the first upvalue (a main chunk's `_ENV`) of the function at index to the popped value.
  func setFirstUpvalue(function index: Int32) { _ = lua_setupvalue(state, index, 1) }
  func call(arguments: Int32, results: Int32) -> Int32 {
    sandbox_pcall_host(state, host, arguments, results)
  }
  static var multipleResults: Int32 { LUA_MULTRET }
  func callNumber(ref: Int32, _ x: Double) -> (status: Int32, value: Double, kind: Kind) {
    var value = 0.0
    var kind: Int32 = 0
    let status = sandbox_call_number(state, host, ref, x, &value, &kind)
    return (status, value, Kind(rawValue: kind) ?? .none)
  }
  /// Calls the function in `ref` with up to three registry refs as arguments (`sandbox_call_refs`), after a
  /// field batch's changed numbers are written on its thread (`sandbox_flush_call_refs`): both in one
  /// crossing; `batch` nil writes nothing. A number or nil result comes back with the stack as it was;
  /// another stays on top, above the message handler.
  func flushCallRefs(
    batch: (
      thread: OpaquePointer, tableIndex: UnsafePointer<Int32>, keyBase: Int32, values: UnsafePointer<Double>,
      written: UnsafeMutablePointer<UInt64>, count: Int
    )?,
    ref: Int32, arguments: (Int32, Int32, Int32), count: Int32
  ) -> (status: Int32, kind: Kind, value: Double, integer: Int?, base: Int32) {
    var value = 0.0
    var whole: Int64 = 0
    var kind: Int32 = 0
    var isInteger: Int32 = 0
    var base: Int32 = 0
    let status = sandbox_flush_call_refs(
      batch?.thread, batch?.tableIndex, batch?.keyBase ?? 0, batch?.values, batch?.written,
      Int32(batch?.count ?? 0), state, host, ref, count, arguments.0, arguments.1, arguments.2, &value,
      &whole, &kind, &isInteger, &base)
    return (status, Kind(rawValue: kind) ?? .none, value, isInteger != 0 ? Int(whole) : nil, base)
  }
  /// The status ``flushCallRefs(batch:ref:arguments:count:)`` returns when the stack cannot grow for the call.
  static var noStack: Int32 { Int32(SANDBOX_NO_STACK) }
  /// The reference that reads as nil (`LUA_REFNIL`).
  static var nilReference: Int32 { LUA_REFNIL }
  func bareCallLoop(ref: Int32, iterations: Int, argument: Double) -> (status: Int32, sum: Double) {
    var sum = 0.0
    let status = sandbox_bare_call_loop(state, ref, Int64(iterations), argument, &sum)
    return (status, sum)
  }
  /// Where the innermost Lua function on this thread's stack stands (C functions and the chunks named
  /// in `skipping` are looked through); nil when there is none. Reads debug information only: nothing
  /// runs and nothing is pushed.
  func scriptLocation(skipping: Set<String>) -> SourceLocation? {
    var record = lua_Debug()
    var level: Int32 = 0
    while level < 64, lua_getstack(state, level, &record) != 0 {
      level += 1
      guard lua_getinfo(state, "Sl", &record) != 0, record.currentline > 0 else { continue }
      let source = record.source.map { String(cString: $0) } ?? ""
      let name = source.hasPrefix("@") ? String(source.dropFirst()) : source
      if skipping.contains(name) { continue }
      return SourceLocation(file: Self.shortSource(record), line: Int(record.currentline))
    }
    return nil
  }

  /// The file and line of the function `level` calls up this thread's stack (0: the running one), as
  /// `luaL_where` finds them (`short_src` and `currentline`); nil when there is no such level or it has
  /// no line (a C function). Reads debug information only: nothing runs and nothing is pushed.
  func place(level: Int32) -> SourceLocation? {
    var record = lua_Debug()
    guard lua_getstack(state, level, &record) != 0, lua_getinfo(state, "Sl", &record) != 0,
      record.currentline > 0
    else { return nil }
    return SourceLocation(file: Self.shortSource(record), line: Int(record.currentline))
  }

  /// A debug record's `short_src` (the chunk's name as messages print it).
  private static func shortSource(_ record: lua_Debug) -> String {
    withUnsafeBytes(of: record.short_src) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// Whether the running function may yield (not inside a C call that cannot be resumed).
  var isYieldable: Bool { lua_isyieldable(state) != 0 }

  /// Creates a thread, leaves it on the stack and returns it.
  func newThread() -> OpaquePointer? { lua_newthread(state) }
  func resume(_ thread: OpaquePointer, arguments: Int32) -> (status: Int32, results: Int32) {
    var results: Int32 = 0
    let status = sandbox_resume_host(state, host, thread, arguments, &results)
    return (status, results)
  }
}

/// The trampoline's return codes for a host closure.
enum CallbackCode {
  /// Yields `count` values (the trampoline calls lua_yield).
  static func yield(count: Int32) -> Int32 { Int32(SANDBOX_CALLBACK_YIELD) - count }
  /// The error message is on top (the trampoline calls lua_error).
  static var error: Int32 { Int32(SANDBOX_CALLBACK_ERROR) }
}
