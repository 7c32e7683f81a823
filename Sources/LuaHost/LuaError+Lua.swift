extension LuaError {
  /// The most bytes of an error message (and its traceback) the host copies out of Lua; a longer
  /// message is cut there and says how long it was.
  static let maximumMessageBytes = 8192

  /// Turns a failed status into a typed error, reading the error object on top and resetting the stack.
  /// - Parameters:
  ///   - status: the status returned by a load, call or resume.
  ///   - lua: the handle whose top holds the error object.
  ///   - base: the stack top to restore.
  ///   - ranCode: whether script code ran (then an exhausted budget wins over every other reading).
  static func take(status: Int32, from lua: RawLua, base: Int32, ranCode: Bool = true) -> LuaError {
    defer { lua.setTop(base) }
    let text =
      lua.kind(at: -1) == .string
      ? lua.string(at: -1, limit: maximumMessageBytes) : "(error object is a \(lua.typeName(at: -1)) value)"
    if ranCode, lua.budgetExhausted {
      // Where the budget ran out, as the C side kept it: also when the error arrives as a bare memory
      // error (the message handler could not run) or another error's text (a __close handler spent it).
      var location = lua.spentLocation
      if location == nil, case .runtime(_, let place, let traceback) = runtime(from: text) {
        location = place ?? firstFrame(in: traceback)
      }
      return lua.spentError(at: location) ?? .budgetExceeded(location: location)
    }
    if status == RawLua.Status.memory { return .memory }
    if status == RawLua.Status.syntax { return syntax(from: text) }
    return runtime(from: text)
  }

  /// The first frame of a traceback that is a script's line: C functions, the sandbox's own chunk and
  /// the chunks named in `skipping` are looked through.
  /// - Parameters:
  ///   - traceback: The text after `stack traceback:`.
  ///   - skipping: Chunk names (as in the traceback) to look through.
  /// - Returns: The location, or nil when no frame is a script's.
  public static func firstFrame(in traceback: String, skipping: Set<String> = []) -> SourceLocation? {
    for line in traceback.split(separator: "\n") {
      let frame = line.drop { $0 == "\t" || $0 == " " }
      guard let (place, _) = SourceLocation.split(String(frame)) else { continue }
      if place.file == "[C]" || place.file == "sheetscript.sandbox" || skipping.contains(place.file) {
        continue
      }
      return place
    }
    return nil
  }

  /// A syntax error from Lua's text `file:line: message`.
  static func syntax(from text: String) -> LuaError {
    guard let (location, message) = SourceLocation.split(text) else {
      return .syntax(location: SourceLocation(file: "?", line: 0), message: text)
    }
    return .syntax(location: location, message: message)
  }

  /// A runtime or sandbox error from the message handler's text: message, then `stack traceback:`.
  static func runtime(from text: String) -> LuaError {
    var message = text
    var traceback = ""
    let marker = "\nstack traceback:\n"
    if let start = text.indices.first(where: { text[$0...].hasPrefix(marker) }) {
      message = String(text[..<start])
      traceback = String(text[text.index(after: start)...])
    }
    var location: SourceLocation?
    if let (place, rest) = SourceLocation.split(message) {
      location = place
      message = rest
    }
    let sandbox = "sandbox: "
    if message.hasPrefix(sandbox) {
      let detail = String(message.dropFirst(sandbox.count))
      return .sandbox(message: location.map { "\($0): \(detail)" } ?? detail)
    }
    return .runtime(message: message, location: location, traceback: traceback)
  }
}
