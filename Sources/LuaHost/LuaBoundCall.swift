/// A function and up to three table arguments bound once, called for its first result the way
/// ``LuaFunction/callOne(_:_:_:)`` calls it, optionally after writing a ``LuaFieldBatch`` — both in one
/// crossing into C.
///
/// A host calling the same callback on the same views every frame (`on_drag(sheet, gesture)`) checks
/// once, here, that the arguments and the batch belong to the function's state, and keeps them alive;
/// a call then passes registry references only (no reference is counted per argument per call) and the
/// batch's changed numbers are written just before the call, as a separate ``LuaFieldBatch/flush()``
/// followed by `callOne` would write them.
public final class LuaBoundCall {
  private let function: LuaFunction
  /// The bound arguments, kept alive for their registry references.
  private let arguments: [LuaTable]
  private let references: (Int32, Int32, Int32)
  private let count: Int32
  private let batch: LuaFieldBatch?

  /// Binds `function` to `arguments`.
  /// - Parameters:
  ///   - function: The function.
  ///   - arguments: Up to three tables of the function's state.
  ///   - batch: A batch of the same state written before each call (nil: none).
  /// - Throws: `.conversion` for more than three arguments or a table or batch of another state.
  public init(_ function: LuaFunction, _ arguments: [LuaTable], flushing batch: LuaFieldBatch? = nil)
    throws(LuaError)
  {
    guard arguments.count <= 3 else {
      throw .conversion(value: "the arguments", expected: "at most 3 tables", got: "\(arguments.count)")
    }
    for table in arguments where table.runtime !== function.runtime {
      throw .conversion(value: "a table", expected: "a table of this state", got: "another state's")
    }
    if let batch, batch.owner !== function.runtime {
      throw .conversion(value: "the batch", expected: "a batch of this state", got: "another state's")
    }
    let refs = arguments.map(\.ref) + Array(repeating: RawLua.nilReference, count: 3 - arguments.count)
    self.function = function
    self.arguments = arguments
    references = (refs[0], refs[1], refs[2])
    count = Int32(arguments.count)
    self.batch = batch
  }

  /// Writes the batch's changed numbers, then calls the function with the bound arguments, in one
  /// crossing.
  /// - Returns: The first result, as ``LuaFunction/callOne(_:_:_:)`` returns it.
  /// - Throws: `LuaError` for an error in the call.
  public func callOne() throws(LuaError) -> LuaValue {
    let runtime = function.runtime
    let lua = try runtime.open()
    let call = lua.flushCallRefs(
      batch: batch?.pending, ref: function.ref, arguments: references, count: count)
    return try LuaFunction.result(of: call, on: lua, runtime: runtime)
  }
}
