import SheetTestSupport
import Testing

@testable import LuaHost

/// Lua 5.4.4 runs the `__close` handlers of a coroutine being closed with that coroutine's own count of
/// C calls, so closes nested inside such handlers each start a fresh run of Lua's 200 C levels: one
/// hundred of them overflow the C stack and kill the host (upstream's bug "C-stack overflow with deep
/// nesting of coroutine.close", fixed in 5.4.6). The sandbox counts every close and reset of a coroutine
/// (`coroutine.close`, `coroutine.wrap` closing a coroutine that failed, the host's reset of a failed
/// coroutine) and refuses the fifth one inside another with an error naming the script's line, which
/// no `pcall` can swallow.
@Suite struct CoroutineCloseDepthTests {
  static let limit = "coroutines closed inside __close handlers nested more than 4 deep (the C stack's limit)"

  /// The reproduction (the close that goes too deep is on line 9).
  static func closeChain(levels: Int) -> String { LuaReproductions.closeChain(levels: levels) }

  /// The same through `coroutine.wrap`: each wrapped coroutine fails with a to-be-closed value whose
  /// `__close` nests 20 `pcall`s and then calls the next wrapped coroutine, which fails in turn, and is
  /// closed by the wrap. (A failed coroutine's count of C calls is its resumer's, so these handlers do
  /// not start afresh and Lua's own limit of 200 would stop the chain at about the eighth: the count of
  /// closes stops it first.) The wrap that goes too deep is called on line 7.
  static func wrapChain(levels: Int) -> String {
    """
    local function make(k)
      return coroutine.wrap(function()
        local guard <close> = setmetatable({}, { __close = function()
          local function nest(n)
            if n == 0 then
              if k > 1 then
                pcall(make(k - 1))
              end
              return
            end
            pcall(nest, n - 1)
          end
          nest(20)
        end })
        error('level ' .. k)
      end)
    end
    return pcall(make(\(levels)))
    """
  }

  static let rows: [(name: String, source: String, failsAt: String?, line: UInt)] = [
    ("close, the reproduction", closeChain(levels: 100), "behaviour.lua:9", #line),
    ("close, one past the limit", closeChain(levels: 5), "behaviour.lua:9", #line),
    ("close, at the limit", closeChain(levels: 4), nil, #line),
    ("wrap, 100 deep", wrapChain(levels: 100), "behaviour.lua:7", #line),
    ("wrap, one past the limit", wrapChain(levels: 5), "behaviour.lua:7", #line),
    ("wrap, at the limit", wrapChain(levels: 4), nil, #line),
  ]

  @Test(arguments: rows.indices) func nestedClosesStopAtTheLimitWithTheScriptsLine(_ i: Int) throws {
    let row = Self.rows[i]
    let state = try LuaState()
    let caught = thrown { _ = try state.run(row.source, name: "behaviour.lua") }
    if let place = row.failsAt {
      #expect(
        caught
          == .runtime(message: Self.limit, location: SourceLocation(stringLiteral: place), traceback: ""),
        "\(row.name): \(String(describing: caught))", sourceLocation: location(row.line))
      #expect(caught?.description == "\(place): \(Self.limit)", sourceLocation: location(row.line))
    } else {
      #expect(caught == nil, "\(row.name): \(String(describing: caught))", sourceLocation: location(row.line))
    }
    // The limit lasts one host call: the next one runs as usual.
    try expectHealthy(state, row.line)
    #expect(try state.run("return coroutine.close(coroutine.create(print))", name: "after.lua") == [true])
  }

  /// The host's own reset of a coroutine that failed counts as the outermost close.
  @Test func theHostsResetOfAFailedCoroutineCounts() throws {
    let state = try LuaState()
    let chain = Self.closeChain(levels: 4).replacingOccurrences(
      of: "local ok = pcall(coroutine.close, previous)\nreturn ok",
      with: """
        return function()
          local last <close> = setmetatable({}, { __close = function() coroutine.close(previous) end })
          error('fails')
        end
        """)
    guard case .function(let body)? = try state.run(chain, name: "behaviour.lua").first else {
      Issue.record("the chunk returned no function")
      return
    }
    let co = try state.coroutine(body)
    let caught = thrown { _ = try co.resume() }
    // The host's reset (1), then `last`'s close of four nested coroutines (2 to 5): one too many.
    #expect(caught == .runtime(message: Self.limit, location: "behaviour.lua:9", traceback: ""))
    try expectHealthy(state, #line)
  }

  /// `coroutine.close` and `coroutine.wrap` otherwise do what Lua's do (lcorolib.c: luaB_close,
  /// luaB_auxwrap): the results, the messages and where they point.
  static var semantics: [(source: String, result: [LuaValue], line: UInt)] {
    [
      ("return coroutine.close(coroutine.create(print))", [true], #line),
      (
        "local co = coroutine.create(function() coroutine.yield() end)\ncoroutine.resume(co)\n"
          + "return coroutine.close(co), coroutine.status(co)", [true, "dead"], #line
      ),
      (
        "local co = coroutine.create(function() error('boom') end)\ncoroutine.resume(co)\n"
          + "return coroutine.close(co)", [false, "behaviour.lua:1: boom"], #line
      ),
      (
        "local co = coroutine.create(function() local x <close> = setmetatable({}, { __close = "
          + "function() error('in close', 0) end }) coroutine.yield() end)\ncoroutine.resume(co)\n"
          + "return coroutine.close(co)", [false, "in close"], #line
      ),
      (
        "return pcall(coroutine.close, coroutine.running())",
        [false, "cannot close a running coroutine"], #line
      ),
      (
        "local outer\nouter = coroutine.create(function()\n"
          + "  local inner = coroutine.create(function() return pcall(coroutine.close, outer) end)\n"
          + "  return coroutine.resume(inner)\nend)\nreturn coroutine.resume(outer)",
        [true, true, false, "cannot close a normal coroutine"], #line
      ),
      (
        "return pcall(coroutine.close)",
        [false, "bad argument #1 to 'coroutine.close' (thread expected, got no value)"], #line
      ),
      (
        "local f = coroutine.wrap(function(a) local b = coroutine.yield(a + 1) return b * 2 end)\n"
          + "return f(1), f(5)", [2, 10], #line
      ),
      (
        "local f = coroutine.wrap(function() error('boom') end)\nreturn pcall(f)",
        [false, "behaviour.lua:1: boom"], #line
      ),
      (
        "local f = coroutine.wrap(function() error('boom') end)\n"
          + "return pcall(function()\n  f()\nend)", [false, "behaviour.lua:3: behaviour.lua:1: boom"], #line
      ),
      (
        "local f = coroutine.wrap(function() error({}) end)\nlocal ok, e = pcall(f)\nreturn ok, type(e)",
        [false, "table"], #line
      ),
      (
        "local f = coroutine.wrap(function() end)\nf()\nreturn pcall(f)",
        [false, "cannot resume dead coroutine"], #line
      ),
      (
        "local seen\nlocal f = coroutine.wrap(function()\n  local x <close> = setmetatable({}, { __close = "
          + "function(_, e) seen = e end })\n  error('boom', 0)\nend)\nlocal ok, e = pcall(f)\nreturn ok, e, seen",
        [false, "boom", "boom"], #line
      ),
      (
        "return pcall(coroutine.wrap, 1)",
        [false, "bad argument #1 to 'coroutine.wrap' (function expected, got number)"], #line
      ),
    ]
  }

  @Test(arguments: semantics.indices) func closeAndWrapKeepLuasBehaviour(_ i: Int) throws {
    let row = Self.semantics[i]
    let state = try LuaState()
    #expect(
      try state.run(row.source, name: "behaviour.lua") == row.result, sourceLocation: location(row.line))
    try expectHealthy(state, row.line)
  }
}
