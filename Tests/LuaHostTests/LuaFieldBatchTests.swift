import CLua
import Foundation
import Testing

@testable import LuaHost

/// A field batch writes exactly what the API would: each staged number that changed, read back by Lua
/// as that float, also when the field's value slot is written directly (`CLua/slots.h`) and the table
/// is resized, its keys rehashed or its other fields cleared and collected between the writes.
@Suite struct LuaFieldBatchTests {
  @Test func theRunningLuaHasTheMirroredLayout() {
    // Debian's liblua5.4 is the library this package links: the direct path must be the one in use
    #expect(RawLua.slotsUsable)
  }

  /// Each field as Lua reads it (`rawget`): `%.17g` for a float, else its type.
  private static let reader = """
    return function(t, keys)
      local out = {}
      for i, k in ipairs(keys) do
        local v = rawget(t, k)
        out[i] = math.type(v) == 'float' and string.format('%.17g', v) or type(v)
      end
      return table.concat(out, ' ')
    end
    """

  /// A seeded sweep: without the slot check's node-start test (`clua_slot_holds`) about one seed in
  /// fifteen reads an old value, so 128 seeds catch that mistake in all but about one run in five
  /// thousand.
  @Test(arguments: 0..<128)
  func writesReadBackThroughResizesRehashesAndCollections(seed: UInt64) throws {
    let state = try LuaState()
    let table = try state.newTable()
    let keys = ["height", "y", "velocity", "time", "start_y"]
    let batch = try LuaFieldBatch(fields: keys.map { (table, $0) })
    guard case .function(let read)? = try state.run(Self.reader, name: "read.lua").first else {
      throw LuaError.stateClosed
    }
    guard
      case .function(let clear)? = try state.run(
        "return function(t) for k in pairs(t) do if k:sub(1, 5) == 'extra' then t[k] = nil end end collectgarbage() end",
        name: "clear.lua"
      ).first
    else { throw LuaError.stateClosed }
    let keyList = try state.table(.array(keys.map { .string($0) }))
    var random = PatternMatchingTests.SplitMix64(state: seed)
    var shown = [String](repeating: "nil", count: keys.count)
    for round in 0..<400 {
      for slot in keys.indices where random.chance(70) {
        let value = Double(random.below(4000)) / 8 - 250
        batch.stage(slot, value)
        shown[slot] = String(format: "%.17g", value)
      }
      batch.flush()
      let got = try read.call([.tableRef(table), .tableRef(keyList)]).first?.stringValue
      let want = shown.joined(separator: " ")
      #expect(got == want, "seed \(seed), round \(round)")
      if got != want { return }  // one failure a seed: the later rounds follow from it
      // other keys come and go: the table grows, shrinks and rehashes under the batch's fields
      for extra in 0..<random.below(48) { table.set(field: "extra\(round % 7)_\(extra)", Double(extra)) }
      if random.chance(20) { try clear.callIgnoringResults([.tableRef(table)]) }
    }
  }

  /// A pointer between two nodes is never the field's slot, even where the bytes there read as the
  /// field's key: Lua leaves a new node array's free nodes' bytes as they were, so an old array's
  /// node can show through at another offset. Here two free nodes are given such bytes by hand (Lua
  /// reads neither: a free node's key is nil and its value empty).
  @Test func aSlotBetweenTwoNodesIsNotTheFieldsSlot() throws {
    let state = try LuaState()
    let table = try state.newTable()
    for k in 0..<8 { table.set(field: "filler\(k)", Double(k)) }  // with height, 16 nodes, 7 free
    table.set(field: "height", 1.0)
    let batch = try LuaFieldBatch(fields: [(table, "height")])
    batch.stage(0, 2)
    batch.flush()
    var slot = try #require(batch.slotForTesting)
    let node = UnsafeMutablePointer(mutating: slot.table.pointee.node!)
    let count = 1 << Int(slot.table.pointee.lsizenode)
    // two free nodes next to each other
    let free = try #require((0..<(count - 1)).first { node[$0].u.key_tt == 0 && node[$0 + 1].u.key_tt == 0 })
    let raw = UnsafeMutableRawPointer(node + free)
    raw.storeBytes(of: UInt8(CLUA_TAG_SHORT_KEY), toByteOffset: 17, as: UInt8.self)  // read as key_tt
    raw.storeBytes(of: slot.key, toByteOffset: 24, as: UnsafeRawPointer?.self)  // read as key_val
    slot.value = raw.advanced(by: 8).assumingMemoryBound(to: clua_ltvalue.self)
    #expect(clua_slot_holds(&slot) == 0)
    slot.value = UnsafeMutableRawPointer(node + free).assumingMemoryBound(to: clua_ltvalue.self)
    #expect(clua_slot_holds(&slot) == 0)  // a node's start, but not the field's node
    try expectHealthy(state, #line)
  }
}
