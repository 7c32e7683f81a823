import CLua
import Foundation
import Testing

@testable import LuaHost

/// A field batch writes exactly what the API would: each staged number that changed, read back by Lua
/// as that float, also when the table is resized, its keys rehashed or its other fields cleared and
/// collected between the writes.
@Suite struct LuaFieldBatchTests {
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

  /// A seeded sweep of staged writes, flushes and table churn.
  @Test(arguments: 0..<32)
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
}
