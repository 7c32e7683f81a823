import Glibc
import Testing

@testable import LuaHost

/// Prints the cost of one host-to-Lua call (number in, number out) through the public API next to a bare
/// C-level `lua_pcall` of the same function, measured in one run. Reports the timing without judging it;
/// checks that every call through the public API returned the function's value.
/// For release figures:
/// `LUAHOST_CALLS=2000000 swift test -c release -Xswiftc -enable-testing --filter CallCostReport`.
@Suite struct CallCostReport {
  @Test func hostCallNextToBarePcall() throws {
    let state = try LuaState()
    guard
      case .function(let f)? = try state.run("return function(x) return x * 0.5 + 1 end", name: "f.lua").first
    else { throw LuaError.stateClosed }
    let iterations = getenv("LUAHOST_CALLS").flatMap { Int(String(cString: $0)) } ?? 300_000
    let clock = ContinuousClock()
    var bareBest = Int64.max
    var hostBest = Int64.max
    var sum = 0.0
    for _ in 0..<5 {
      guard let bare = state.measureBareCalls(of: f, iterations: iterations, argument: 2) else {
        Issue.record("the bare loop failed")
        return
      }
      bareBest = min(bareBest, bare)
      let start = clock.now
      for i in 0..<iterations { sum += try f.call(Double(i & 7)) }
      let (seconds, attoseconds) = (clock.now - start).components
      hostBest = min(hostBest, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
    let bareNs = Double(bareBest) / Double(iterations)
    let hostNs = Double(hostBest) / Double(iterations)
    print(
      "call cost (best of 5 x \(iterations)): bare lua_pcall \(bareNs) ns, LuaFunction.call(Double) \(hostNs) ns, "
        + "ratio \(hostNs / bareNs)")
    // each call returns x * 0.5 + 1 exactly (halves of small integers), so the five rounds' sum is exact
    let round = (0..<iterations).reduce(0.0) { $0 + Double($1 & 7) * 0.5 + 1 }
    #expect(sum == 5 * round, "the calls' results add up to \(sum), not \(5 * round)")
  }
}
