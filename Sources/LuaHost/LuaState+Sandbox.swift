extension LuaState {
  /// Runs the prelude with the full library and keeps its internals (see `Prelude`).
  func installSandbox(seed: Int) throws(LuaError) {
    let lua = try runtime.open()
    let base = lua.top
    let status = ChunkCache.shared.load(Prelude.source, chunkName: Prelude.chunkName, into: lua)
    guard status == RawLua.Status.ok else {
      throw LuaError.take(status: status, from: lua, base: base, ranCode: false)
    }
    let runtime = runtime
    let printer = HostClosure(runtime: runtime, mode: .call) { arguments in
      runtime.printSink?(arguments.first?.stringValue ?? "")
      return []
    }
    let reader = HostClosure(runtime: runtime, mode: .call) { arguments in
      let found = ModuleReader(root: runtime.moduleRoot).lookup(arguments.first?.stringValue ?? "")
      if found.count > 2, found[0] != .nil, case .string(let file) = found[2] {
        runtime.filesRead.append(file)
      }
      return found
    }
    // The "did you mean" hint of a view's unknown field: the same nearest name as every other hint.
    let nearest = HostClosure(runtime: runtime, mode: .call) { arguments in
      guard case .string(let name)? = arguments.first,
        case .table(let known, _)? = arguments.dropFirst().first
      else { return [] }
      return [
        NameSuggestion.nearest(to: name, in: known.compactMap(\.stringValue)).map { .string($0) } ?? .nil
      ]
    }
    lua.pushGlobals()
    runtime.pushClosure(printer, on: lua)
    runtime.pushClosure(reader, on: lua)
    lua.push(seed)
    runtime.pushClosure(nearest, on: lua)
    let runStatus = lua.call(arguments: 5, results: 1)
    guard runStatus == RawLua.Status.ok else { throw LuaError.take(status: runStatus, from: lua, base: base) }
    runtime.newEnvRef = try field("new_env", of: lua)
    runtime.viewRef = try field("view", of: lua)
    runtime.loadedRef = try field("loaded", of: lua)
    runtime.hostGlobalsRef = try field("host_globals", of: lua)
    lua.setTop(base)
  }

  private func field(_ name: String, of lua: RawLua) throws(LuaError) -> Int32 {
    guard lua.rawGet(table: -1, field: name) != .nil else {
      lua.pop()
      throw .sandbox(message: "the sandbox prelude did not return '\(name)'")
    }
    return lua.ref()
  }
}

extension LuaState {
  /// Makes the standard library's original (uncounted) `string`, `table` and `utf8` functions visible
  /// as the globals `original_string`, `original_table` and `original_utf8` of environments created
  /// afterwards: the reference a test compares the sandbox's counted functions against. Internal: only
  /// tests reach it, and no product code calls it.
  func exposeOriginalLibrariesForTesting() throws(LuaError) {
    let lua = try runtime.open()
    for name in ["string", "table", "utf8"] {
      lua.pushOriginalLibrary(name)
      try setGlobal("original_" + name, .tableRef(LuaTable(runtime: runtime, ref: lua.ref())))
    }
  }
}
