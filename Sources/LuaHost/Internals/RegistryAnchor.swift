/// A registry reference owned by one Swift object: released when the owner goes away, and harmless
/// when the state was closed first.
struct RegistryAnchor: ~Copyable {
  let runtime: LuaRuntime
  let ref: Int32
  /// Whether the reference was made after the state's checkpoint (counted until it is released).
  private let sinceCheckpoint: Bool

  init(runtime: LuaRuntime, ref: Int32) {
    self.runtime = runtime
    self.ref = ref
    sinceCheckpoint = runtime.checkpointTaken
    if sinceCheckpoint { runtime.referencesSinceCheckpoint += 1 }
  }

  deinit {
    if sinceCheckpoint { runtime.referencesSinceCheckpoint -= 1 }
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
