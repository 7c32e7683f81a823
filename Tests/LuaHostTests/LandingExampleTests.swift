import Testing

@testable import LuaHost

/// The LuaHost landing page's example (LuaHost.docc/LuaHost.md, also in the README), kept honest: the
/// same code, with its printed results checked.
@Suite struct LandingExampleTests {
  @Test func theLandingPageExampleRunsAsShown() throws {
    var printed: [String] = []
    let state = try LuaState(.init(moduleRoot: "behaviours", print: { printed.append("lua: \($0)") }))
    try state.register("clamp") { args in
      let x = args[0].doubleValue ?? 0
      return [.number(min(max(x, 0), 1))]
    }
    let chunk = try state.run("return function(x) return clamp(x / 2) end", name: "behaviour.lua")
    guard case .function(let half)? = chunk.first else {
      Issue.record("not a function")
      return
    }
    #expect(try half.call(1.5) == 0.75)
    do {
      try state.run("\nio.open('x')", name: "behaviour.lua")
      Issue.record("io.open ran")
    } catch {
      #expect(error.description == "behaviour.lua:2: 'io' is not available in the sandbox")
      #expect(error == .sandbox(message: "behaviour.lua:2: 'io' is not available in the sandbox"))
    }
    #expect(printed.isEmpty)
  }
}
