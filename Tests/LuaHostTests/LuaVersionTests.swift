import Testing

@testable import LuaHost

@Suite struct LuaVersionTests {
  @Test func linksLua54() {
    #expect(LuaVersion.number == 504)
    #expect(LuaVersion.text == "Lua 5.4")
  }
}
