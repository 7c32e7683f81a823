/// A registry reference owned by one Swift object: released when the owner goes away, and harmless
/// when the state was closed first.
struct RegistryAnchor: ~Copyable {
  let runtime: LuaRuntime
  let ref: Int32

  deinit {
    runtime.release(ref: ref)
  }

  /// Pushes the referenced value on `lua`, checking that it belongs to `runtime`'s state.
  /// - Parameters:
  ///   - what: the value's description for the conversion error (`"a table"`).
  func push(on lua: RawLua, runtime: LuaRuntime, what: String) throws(LuaError) {
    guard runtime === self.runtime else {
      throw .conversion(value: what, expected: "\(what) of this state", got: "another state's")
    }
    lua.push(ref: ref)
  }
}
