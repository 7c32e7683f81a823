/// Number fields of tables in one state, staged one by one and written together in one call.
///
/// A host that updates the same fields every frame (a view's `height`, `y`, `velocity`) stages each
/// value; only the ones whose bits changed since they were last written are written at ``flush()``, in
/// one crossing into C, with the keys interned when the batch was made (no key string is pushed and
/// hashed again). Nothing allocates on the Swift side, and writing a field that exists allocates nothing
/// in Lua. Writes are raw (no metamethod runs); after the state is closed they do nothing.
public final class LuaFieldBatch {
  private let runtime: LuaRuntime
  private let targets: RegistryAnchor
  private let keys: RegistryAnchor
  /// The bits each slot last wrote; at first Swift's `Double.nan`, which is therefore never written (a
  /// field whose value is that NaN stays absent, and reads as nil).
  private let written: UnsafeMutablePointer<UInt64>
  /// The slots staged since the last flush, and their values, in staging order.
  private let slots: UnsafeMutablePointer<Int32>
  private let values: UnsafeMutablePointer<Double>
  /// Whether each slot is staged now.
  private let staged: UnsafeMutablePointer<Bool>
  private var count = 0
  /// The number of fields.
  public let fieldCount: Int

  private static let unwritten = Double.nan.bitPattern

  /// Makes a batch over `fields`: slot `i` is `fields[i]`.
  /// - Parameter fields: Each field's table and key (the same table may appear with several keys).
  /// - Throws: `.conversion` for a table of another state, `.stateClosed`.
  public init(fields: [(table: LuaTable, key: String)]) throws(LuaError) {
    guard let runtime = fields.first?.table.runtime else {
      throw .conversion(value: "the fields", expected: "at least one field", got: "none")
    }
    let lua = try runtime.open()
    let base = lua.top
    guard lua.ensureStack(4) else { throw .memory }
    lua.newTable(arrayCount: fields.count)
    lua.newTable(arrayCount: fields.count)
    for (index, field) in fields.enumerated() {
      do throws(LuaError) {
        try field.table.push(on: lua, runtime: runtime)
      } catch {
        lua.setTop(base)
        throw error
      }
      lua.rawSet(table: -3, position: index + 1)
      lua.push(field.key)
      lua.rawSet(table: -2, position: index + 1)
    }
    keys = RegistryAnchor(runtime: runtime, ref: lua.ref())
    targets = RegistryAnchor(runtime: runtime, ref: lua.ref())
    self.runtime = runtime
    fieldCount = fields.count
    written = .allocate(capacity: fields.count)
    written.initialize(repeating: Self.unwritten, count: fields.count)
    slots = .allocate(capacity: fields.count)
    values = .allocate(capacity: fields.count)
    staged = .allocate(capacity: fields.count)
    staged.initialize(repeating: false, count: fields.count)
  }

  deinit {
    written.deallocate()
    slots.deallocate()
    values.deallocate()
    staged.deallocate()
  }

  /// Stages a value for slot `slot` (in `0..<fieldCount`): written at the next ``flush()`` unless the
  /// field already holds these bits (compared as bits: -0 and 0 differ, a NaN equals itself). Staging a slot twice before a flush keeps the later value.
  @inline(__always)
  public func stage(_ slot: Int, _ value: Double) {
    precondition(slot >= 0 && slot < fieldCount, "slot \(slot) outside 0..<\(fieldCount)")
    if staged[slot] {
      for i in 0..<count where slots[i] == Int32(slot) { values[i] = value }
      return
    }
    guard written[slot] != value.bitPattern else { return }
    staged[slot] = true
    slots[count] = Int32(slot)
    values[count] = value
    count += 1
  }

  /// Writes every staged value that changed, in one call.
  public func flush() {
    guard count > 0 else { return }
    defer {
      for i in 0..<count {
        let slot = Int(slots[i])
        staged[slot] = false
        written[slot] = values[i].bitPattern
      }
      count = 0
    }
    guard let lua = try? runtime.open() else { return }
    lua.writeNumbers(targets: targets.ref, keys: keys.ref, slots: slots, values: values, count: count)
  }
}
