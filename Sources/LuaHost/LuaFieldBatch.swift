import CLua

/// Number fields of tables in one state, staged one by one and written together in one call.
///
/// A host that updates the same fields every frame (a view's `height`, `y`, `velocity`) stages each
/// value (a plain store into the batch's own memory: no call, no reference counting); at ``flush()``
/// the fields whose bits changed since they were last written are written, in one crossing into C that
/// compares the bits there, with the keys interned when the batch was made (no key string is pushed and
/// hashed again). Nothing allocates on the Swift side, and writing a field that exists allocates nothing
/// in Lua. Writes are raw (no metamethod runs), in slot order; after the state is closed they do
/// nothing.
public final class LuaFieldBatch {
  private let runtime: LuaRuntime
  /// The batch's thread (anchored in the registry, never resumed): its stack holds the batch's distinct
  /// tables at 1...n and its keys above them, one per slot, for as long as the batch lives.
  private let anchor: RegistryAnchor
  private let thread: RawLua
  /// The stack slot of slot 0's key on ``thread``.
  private let keyBase: Int32
  /// The bits each slot last wrote; at first Swift's `Double.nan`, which is therefore never written (a
  /// field whose value is that NaN stays absent, and reads as nil).
  private let written: UnsafeMutablePointer<UInt64>
  /// Each slot's value as last staged (at first the same NaN: a slot never staged is never written).
  @usableFromInline let values: UnsafeMutablePointer<Double>
  /// Each slot's table, as its stack slot on ``thread``.
  private let tableIndex: UnsafeMutablePointer<Int32>
  /// The number of fields.
  public let fieldCount: Int

  private static let unwritten = Double.nan.bitPattern

  /// Makes a batch over `fields`: slot `i` is `fields[i]`.
  /// - Parameter fields: Each field's table and key (the same table may appear with several keys).
  /// - Throws: `.conversion` for a table of another state, `.stateClosed`, `.memory` when the thread or
  ///   its stack cannot be made.
  public init(fields: [(table: LuaTable, key: String)]) throws(LuaError) {
    guard let runtime = fields.first?.table.runtime else {
      throw .conversion(value: "the fields", expected: "at least one field", got: "none")
    }
    let lua = try runtime.open()
    guard lua.ensureStack(2), let made = lua.newThread() else { throw .memory }
    let thread = lua.on(made)
    anchor = RegistryAnchor(runtime: runtime, ref: lua.ref())
    var tables: [LuaTable] = []
    var slots: [Int32] = []
    for field in fields {
      if let known = tables.firstIndex(where: { $0 === field.table }) {
        slots.append(Int32(known + 1))
        continue
      }
      guard thread.ensureStack(2) else { throw .memory }
      try field.table.push(on: thread, runtime: runtime)
      tables.append(field.table)
      slots.append(Int32(tables.count))
    }
    // Every key above the tables, then room for the two values a write pushes.
    guard thread.ensureStack(fields.count + 2) else { throw .memory }
    for field in fields { thread.push(field.key) }
    self.runtime = runtime
    self.thread = thread
    keyBase = Int32(tables.count + 1)
    fieldCount = fields.count
    written = .allocate(capacity: fields.count)
    written.initialize(repeating: Self.unwritten, count: fields.count)
    values = .allocate(capacity: fields.count)
    values.initialize(repeating: .nan, count: fields.count)
    tableIndex = .allocate(capacity: fields.count)
    tableIndex.initialize(from: slots, count: fields.count)
    runtime.noteBatch(self)
  }

  deinit {
    written.deallocate()
    values.deallocate()
    tableIndex.deallocate()
  }

  /// Stages a value for slot `slot` (in `0..<fieldCount`): written at the next ``flush()`` unless the
  /// field already holds these bits (compared as bits: -0 and 0 differ, a NaN equals itself). Staging a
  /// slot twice before a flush keeps the later value.
  @inlinable @inline(__always)
  public func stage(_ slot: Int, _ value: Double) {
    precondition(slot >= 0 && slot < fieldCount, "slot outside the batch")
    values[slot] = value
  }

  /// Forgets every value staged and written, as when the batch was made: the next flush writes every
  /// slot staged by then (for tables put back as they were when the batch was made, a restored state).
  public func reset() {
    written.update(repeating: Self.unwritten, count: fieldCount)
    values.update(repeating: .nan, count: fieldCount)
  }

  /// What `sandbox_flush_call_refs` needs to write the batch in the crossing of a call
  /// (``LuaBoundCall``), or nil once the state is closed.
  var pending:
    (
      thread: OpaquePointer, tableIndex: UnsafePointer<Int32>, keyBase: Int32, values: UnsafePointer<Double>,
      written: UnsafeMutablePointer<UInt64>, count: Int
    )?
  {
    guard runtime.raw != nil else { return nil }
    return (thread.state, UnsafePointer(tableIndex), keyBase, UnsafePointer(values), written, fieldCount)
  }

  /// The state the batch writes into.
  var owner: LuaRuntime { runtime }

  /// Writes every staged value whose bits changed, in one call (nothing once the state is closed).
  public func flush() {
    guard runtime.raw != nil else { return }
    thread.writeChanged(
      tableIndex: tableIndex, keyBase: keyBase, values: values, written: written, count: fieldCount)
  }
}
