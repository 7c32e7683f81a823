/// A Swift closure callable from Lua, retained by its Lua closure until Lua collects it.
final class HostClosure {
  /// Whether the closure's results are returned to Lua or yielded to the host.
  enum Mode {
    case call, yield
  }

  let runtime: LuaRuntime
  let mode: Mode
  let body: ([LuaValue]) throws -> [LuaValue]

  init(runtime: LuaRuntime, mode: Mode, body: @escaping ([LuaValue]) throws -> [LuaValue]) {
    self.runtime = runtime
    self.mode = mode
    self.body = body
  }

  /// The trampoline's Swift side: runs the closure on `lua`'s arguments and returns the trampoline code.
  static func invoke(_ context: UnsafeMutableRawPointer, on lua: RawLua) -> Int32 {
    Unmanaged<HostClosure>.fromOpaque(context).takeUnretainedValue().run(on: lua)
  }

  /// Balances the retain taken when the closure was pushed.
  static func release(_ context: UnsafeMutableRawPointer) {
    let closure = Unmanaged<HostClosure>.fromOpaque(context)
    closure.takeUnretainedValue().runtime.closureCollected(context)
    closure.release()
  }

  /// The text a Swift error becomes in Lua.
  static func message(for error: any Error) -> String {
    if let error = error as? LuaError { return error.description }
    return String(describing: error)
  }

  /// What a yielding closure returns when called where it cannot yield to the host.
  static let notOnHostThread =
    "can only be called directly in the scenario's own code (not inside a coroutine it created)"

  /// A yielding closure that cannot run returns `nil, message` to its caller (whose wrapper raises at
  /// the script's own line) instead of yielding or raising here.
  private func refuse(_ message: String, on lua: RawLua) -> Int32 {
    lua.setTop(0)
    lua.pushNil()
    lua.push(message)
    return 2
  }

  /// What a yielding closure returns when called where its thread cannot yield (inside a C function
  /// such as a `table.sort` comparator, a `gsub` replacement or a metamethod called from C).
  static let notYieldable =
    "cannot be called here: inside a table.sort comparator, a gsub function or a metamethod the "
    + "scenario cannot pause"

  private func run(on lua: RawLua) -> Int32 {
    let count = lua.top
    if mode == .yield {
      if lua.state != runtime.hostThread { return refuse(HostClosure.notOnHostThread, on: lua) }
      if !lua.isYieldable { return refuse(HostClosure.notYieldable, on: lua) }
    }
    let outer = runtime.activeThread
    runtime.activeThread = lua.state
    defer { runtime.activeThread = outer }
    do {
      let arguments: [LuaValue]
      do throws(LuaError) {
        arguments = count > 0 ? try LuaValue.read(from: lua, range: 1...count, runtime: runtime) : []
      } catch {
        if mode == .yield { return refuse(error.description, on: lua) }
        throw error
      }
      let results = try body(arguments)
      guard lua.ensureStack(results.count + 8) else {
        throw LuaError.conversion(value: "results", expected: "fewer results", got: "\(results.count)")
      }
      for value in results {
        try value.push(on: lua, runtime: runtime)
      }
      let pushed = Int32(results.count)
      return mode == .yield ? CallbackCode.yield(count: pushed) : pushed
    } catch {
      lua.push(HostClosure.message(for: error))
      return CallbackCode.error
    }
  }
}
