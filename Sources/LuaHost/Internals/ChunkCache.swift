import CLua
import LuaSandbox

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's compiled text chunks: every text chunk the host loads (`LuaState.load`, the sandbox's
/// prelude) is parsed once, in a private compiler state, and its bytecode loaded into each state that
/// loads the same text under the same name. A sweep that runs a scenario a thousand times parses its
/// files once.
///
/// Why this is safe. The bytes are never a script's: they are what `lua_dump` wrote in this process, of
/// the function the parser built from the text (mode `"t"`, so a text that is itself a binary chunk is
/// refused as before), keyed by the exact text and chunk name, and kept in memory only (no file, no
/// script can reach them: the sandbox's `load` and `require` still take text alone). Loading them gives
/// the function that parsing the text gives: the same instructions, constants, source name, line
/// information and local names (the dump keeps its debug information), so errors still name file:line.
/// And it is the same for every load: the target state never parses (first use or not), its objects
/// are numbered as a parse would have numbered them (`sandbox_load_compiled`), and the parse's room is the
/// state's memory cap.
final class ChunkCache: @unchecked Sendable {
  /// The process's cache.
  static let shared = ChunkCache()

  /// Most bytes of bytecode kept; past it the cache starts again (a long `sheet watch` session loads a
  /// new text at every save).
  static let maximumBytes = 32 << 20

  /// Texts kept per chunk name: a file saved again and again keeps its latest versions.
  static let versionsPerName = 8

  private struct Entry {
    var text: String
    var bytes: [UInt8]
    var blocks: UInt64
  }

  /// By chunk name, the latest last; a text is found by comparing it whole (no hash of the text).
  private var entries: [String: [Entry]] = [:]
  private var bytes = 0
  private var lock = pthread_mutex_t()
  /// The compiler state and its host record (made on first use).
  private var compiler: (state: OpaquePointer, host: UnsafeMutablePointer<sandbox_host>)?

  private init() {
    pthread_mutex_init(&lock, nil)
  }

  /// Loads a text chunk as a function on top of `lua`'s stack, or leaves the error message there.
  /// - Parameters:
  ///   - text: The chunk's text (not a binary chunk: the caller refuses those first; a Swift string is
  ///     valid UTF-8, so equal strings are equal bytes).
  ///   - chunkName: Lua's chunk name (`@file.lua`, `=sheetscript.sandbox`).
  ///   - lua: The state to load it into, under its memory cap.
  /// - Returns: Lua's status (`LUA_OK`, `LUA_ERRSYNTAX`, `LUA_ERRMEM`).
  func load(_ text: String, chunkName: String, into lua: RawLua) -> Int32 {
    pthread_mutex_lock(&lock)
    var entry = entries[chunkName]?.last { $0.text == text }
    if entry == nil {
      let limit = lua.memoryLimit
      let room = limit > 0 ? max(1, limit - lua.bytesInUse) : 0
      var source = text
      let compiled = source.withUTF8 {
        compile(UnsafeRawBufferPointer($0), text: text, chunkName: chunkName, room: room)
      }
      switch compiled {
      case .success(let compiled):
        entry = compiled
        if bytes + compiled.bytes.count > Self.maximumBytes {
          entries.removeAll()
          bytes = 0
        }
        var versions = entries[chunkName] ?? []
        if versions.count >= Self.versionsPerName { bytes -= versions.removeFirst().bytes.count }
        versions.append(compiled)
        entries[chunkName] = versions
        bytes += compiled.bytes.count
      case .failure(let failure):
        pthread_mutex_unlock(&lock)
        lua.push(failure.message)
        return failure.status
      }
    }
    pthread_mutex_unlock(&lock)
    guard let entry else { return RawLua.Status.memory }
    return entry.bytes.withUnsafeBufferPointer { buffer in
      chunkName.withCString { name in
        sandbox_load_compiled(lua.state, lua.host, buffer.baseAddress, buffer.count, name, entry.blocks)
      }
    }
  }

  private struct Failure: Error {
    var status: Int32
    var message: String
  }

  /// Parses and dumps a text chunk in the compiler state (the lock is held).
  private func compile(_ bytes: UnsafeRawBufferPointer, text: String, chunkName: String, room: Int)
    -> Result<Entry, Failure>
  {
    guard let (state, host) = compilerState() else {
      return .failure(Failure(status: RawLua.Status.memory, message: "not enough memory"))
    }
    var out = sandbox_bytes()
    defer { sandbox_bytes_free(&out) }
    var blocks: UInt64 = 0
    let status = chunkName.withCString { name in
      sandbox_compile(
        state, host, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, name, room, &out,
        &blocks)
    }
    guard status == RawLua.Status.ok else {
      let message = RawLua(state: state, host: host).string(at: -1)
      lua_settop(state, 0)
      return .failure(Failure(status: status, message: message))
    }
    let code = out.data.map { Array(UnsafeBufferPointer(start: $0, count: out.length)) } ?? []
    return .success(Entry(text: text, bytes: code, blocks: blocks))
  }

  /// The compiler state, made on first use: a bare state (no library) with the host's allocator.
  private func compilerState() -> (OpaquePointer, UnsafeMutablePointer<sandbox_host>)? {
    if let compiler { return compiler }
    let host = UnsafeMutablePointer<sandbox_host>.allocate(capacity: 1)
    host.initialize(to: sandbox_host())
    guard let state = sandbox_newcompiler(host) else {
      host.deallocate()
      return nil
    }
    compiler = (state, host)
    return compiler
  }
}
