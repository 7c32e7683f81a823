import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// No script, scenario or input can hang, crash or exhaust the host.
///
/// One table-driven test runs the built `sheet` binary on each row's hostile files, in a fresh folder,
/// under `LimitedProcess` (a hard wall-clock timeout, `HOSTILE_TIMEOUT` seconds, default 30; a 4 GiB
/// address space; capped output files). Every row must:
/// - end by itself (no timeout, whose wall-clock kill also bounds a run that stalls without working),
///   within `HostileLimits.cpuTime` (20 s of CPU time, which a loaded machine does not stretch);
/// - exit with one of the row's statuses (0 or 1 unless the row says otherwise; never a signal, never 2
///   unless the row is a usage error);
/// - peak under `HostileLimits.peakResident` (1 GiB) of resident memory;
/// - print under the row's output bound (stdout and stderr together; `HostileLimits.output` by default);
/// - name every `file.lua:N` the row lists, and contain (or lack) the row's text fragments;
/// - for a faulty behaviour callback: leave the sheet at rest (the last `frame` line of the JSON Lines
///   trace is `resting` or `dismissed`).
///
/// To add a case, add a row to `rows` (the factories below write the usual files). `HOSTILE_ROWS=text`
/// runs only the rows whose name contains the text.
@Suite(.serialized) struct HostileInputTests {
  @Test(arguments: HostileInputTests.rows)
  func hostileInputEndsWithinTheLimits(_ row: HostileRow) throws {
    let folder = try TemporaryFolder()
    try row.write(into: folder.url)
    let process = LimitedProcess(
      arguments: row.arguments, directory: folder.url, timeout: HostileLimits.timeout,
      addressSpaceLimit: HostileLimits.addressSpace)
    let run = try process.run()
    let context = Comment(
      rawValue: """
        \(row.name): sheet \(row.arguments.joined(separator: " ")): \(run.summary)
        --- stderr (head)
        \(run.stderr.prefix(1500))
        --- stdout (tail)
        \(run.stdout.suffix(1500))
        """)
    let here = row.sourceLocation
    // Plain values, so that a failed expectation prints the context once, not the whole run.
    let timedOut = run.timedOut
    // The work bound is on the child's CPU time: under a loaded CI machine the wall time stretches (a
    // 4.6 s CPU run took 22 s of wall time beside the parallel suite); the timeout still bounds the wall.
    let fastEnough = run.cpuTime < HostileLimits.cpuTime
    let status = run.status
    let statusAccepted = status.map(row.statuses.contains) ?? false
    let peakResident = run.peakResidentBytes
    let outputBytes = run.stdoutBytes + run.stderrBytes

    #expect(!timedOut, "timed out: \(context)", sourceLocation: here)
    guard !timedOut else { return }
    #expect(fastEnough, "too slow: \(context)", sourceLocation: here)
    #expect(statusAccepted, "expected exit \(row.statuses.sorted()): \(context)", sourceLocation: here)
    guard status != nil else { return }  // a crash: what it printed says nothing more
    #expect(peakResident < HostileLimits.peakResident, "resident memory: \(context)", sourceLocation: here)
    #expect(
      outputBytes < row.maxOutputBytes, "output over \(row.maxOutputBytes) bytes: \(context)",
      sourceLocation: here)
    for location in row.locations.map(row.marked) {
      let named = Self.names(run.output, location)
      #expect(named, "does not name \(location): \(context)", sourceLocation: here)
    }
    for text in row.outputContains {
      let found = run.output.contains(text)
      #expect(found, "no '\(text)' in the output: \(context)", sourceLocation: here)
    }
    for text in row.stderrContains {
      let found = run.stderr.contains(text)
      #expect(found, "no '\(text)' on stderr: \(context)", sourceLocation: here)
    }
    for text in row.outputLacks {
      let found = run.output.contains(text)
      #expect(!found, "'\(text)' in the output: \(context)", sourceLocation: here)
    }
    if row.restsAtEnd {
      let state = Self.lastFrameState(run.stdout) ?? "none"
      let atRest = state == "resting" || state == "dismissed"
      #expect(atRest, "last frame state \(state): \(context)", sourceLocation: here)
    }
  }

  /// Whether the text names `location` (`name.lua:N`) with no further digit after it.
  static func names(_ text: String, _ location: String) -> Bool {
    var rest = text[...]
    while let found = rest.range(of: location) {
      if found.upperBound == rest.endIndex || !rest[found.upperBound].isNumber { return true }
      rest = rest[found.upperBound...]
    }
    return false
  }

  /// The `state` of the last `"kind":"frame"` line of a JSON Lines trace.
  static func lastFrameState(_ trace: String) -> String? {
    for line in trace.split(separator: "\n").reversed() where line.contains("\"kind\":\"frame\"") {
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return object?["state"] as? String
    }
    return nil
  }
}

/// The bounds every row is held to.
enum HostileLimits {
  /// The process group is killed after this long: `HOSTILE_TIMEOUT` seconds, default 30.
  static let timeout: Duration = {
    guard let text = ProcessInfo.processInfo.environment["HOSTILE_TIMEOUT"], let seconds = Double(text),
      seconds > 0
    else { return .seconds(30) }
    return .milliseconds(Int(seconds * 1000))
  }()
  /// Every row must spend at most this much CPU time (user and system).
  static let cpuTime: Duration = .seconds(20)
  /// Every row's peak resident memory must stay under this.
  static let peakResident = 1 << 30
  /// The child's address space limit (`ulimit -v`).
  static let addressSpace = 4 << 30
  /// The default bound on a row's stdout and stderr together.
  static let output = 64 << 20
  /// The bound on a row whose output must stay small.
  static let smallOutput = 1 << 20
  /// The bound on a row that prints (or reports) large strings.
  static let largeOutput = 16 << 20
}

/// A file a row writes into its fresh folder before the run (parent folders are made as needed).
enum HostileFile: Sendable {
  /// A text file.
  case text(String, String)
  /// A file of raw bytes.
  case bytes(String, [UInt8])
  /// A FIFO (`mkfifo`): opening it for reading blocks until a writer comes, and none does.
  case fifo(String)
  /// A directory.
  case directory(String)

  /// The path inside the row's folder.
  var path: String {
    switch self {
    case .text(let path, _), .bytes(let path, _), .fifo(let path), .directory(let path): path
    }
  }
}

/// One hostile input: the files, the `sheet` command and what must hold.
struct HostileRow: Sendable, CustomTestStringConvertible {
  /// What the row tries.
  var name: String
  /// Written into a fresh folder, the run's working directory.
  var files: [HostileFile]
  /// The words after `sheet`.
  var arguments: [String]
  /// The exit statuses accepted.
  var statuses: Set<Int32> = [0, 1]
  /// `name.lua:N` texts the output (stdout and stderr) must name.
  var locations: [String] = []
  /// Fragments the output must contain.
  var outputContains: [String] = []
  /// Fragments standard error must contain.
  var stderrContains: [String] = []
  /// Fragments the output must not contain.
  var outputLacks: [String] = []
  /// Whether the last frame of the (JSON Lines) trace must be at rest.
  var restsAtEnd = false
  /// The bound on stdout and stderr together, in bytes.
  var maxOutputBytes = HostileLimits.output
  /// The row's line in this file, where its failures are reported.
  var sourceLocation: SourceLocation

  var testDescription: String { name }

  /// The first line `sheet` requires of a scenario file; the rows' texts are written after it.
  static let scenarioMarker = "-- scenario: a hostile input\n"

  /// Whether a row's text file is a scenario (`s.lua`, or a file in a `suite/` folder): it is written
  /// after ``scenarioMarker``.
  func isScenario(_ path: String) -> Bool {
    path == "s.lua" || path.hasPrefix("suite/")
  }

  /// An expected `file.lua:N` as it reads in the written files: one line later in a scenario, below its
  /// marker line.
  func marked(_ location: String) -> String {
    guard let colon = location.lastIndex(of: ":"), let line = Int(location[location.index(after: colon)...])
    else { return location }
    let file = String(location[..<colon])
    let isMarked = files.contains { entry in
      if case .text(let path, _) = entry, isScenario(path) {
        return path == file || path.hasSuffix("/" + file)
      }
      return false
    }
    return isMarked ? "\(file):\(line + 1)" : location
  }

  /// Writes the row's files into `folder`.
  func write(into folder: URL) throws {
    let manager = FileManager.default
    for file in files {
      let url = folder.appendingPathComponent(file.path)
      try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      switch file {
      case .text(let path, let text):
        try Data(((isScenario(path) ? Self.scenarioMarker : "") + text).utf8).write(to: url)
      case .bytes(_, let bytes): try Data(bytes).write(to: url)
      case .directory: try manager.createDirectory(at: url, withIntermediateDirectories: true)
      case .fifo:
        guard mkfifo(url.path, 0o600) == 0 else {
          throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
      }
    }
  }

  /// A row at `line` of this file.
  static func here(_ line: Int) -> SourceLocation {
    SourceLocation(fileID: #fileID, filePath: #filePath, line: line, column: 1)
  }

  /// `sheet run s.lua` of a scenario; a scenario at fault exits 1 by default.
  static func scenario(
    _ name: String, _ text: String, statuses: Set<Int32> = [1], locations: [String] = [],
    maxOutputBytes: Int = HostileLimits.output, line: Int = #line
  ) -> HostileRow {
    HostileRow(
      name: name, files: [.text("s.lua", text)], arguments: ["run", "s.lua"], statuses: statuses,
      locations: locations, maxOutputBytes: maxOutputBytes, sourceLocation: here(line))
  }

  /// A behaviour `b.lua` whose callback is at fault, under the scenario
  /// `behaviour 'b.lua' present() settle() GESTURE settle()` run with `--format jsonl`: the sheet must
  /// end at rest.
  static func callback(
    _ name: String, behaviour: String, gesture: String = "drag { dy = -100 }", locations: [String] = [],
    maxOutputBytes: Int = HostileLimits.output, line: Int = #line
  ) -> HostileRow {
    HostileRow(
      name: name,
      files: [
        .text("b.lua", behaviour),
        .text("s.lua", "behaviour 'b.lua'\npresent()\nsettle()\n\(gesture)\nsettle()\n"),
      ],
      arguments: ["run", "s.lua", "--format", "jsonl"], locations: locations, restsAtEnd: true,
      maxOutputBytes: maxOutputBytes, sourceLocation: here(line))
  }

  /// A behaviour `b.lua` that fails to load, under `behaviour 'b.lua' present() settle()`: exit 1.
  static func loading(
    _ name: String, behaviour: String, locations: [String] = [], line: Int = #line
  ) -> HostileRow {
    HostileRow(
      name: name,
      files: [.text("b.lua", behaviour), .text("s.lua", "behaviour 'b.lua'\npresent()\nsettle()\n")],
      arguments: ["run", "s.lua"], statuses: [1], locations: locations, sourceLocation: here(line))
  }

  /// `sheet check b.lua` of a behaviour that fails to load: exit 1.
  static func check(_ name: String, behaviour: String, locations: [String] = [], line: Int = #line)
    -> HostileRow
  {
    HostileRow(
      name: name, files: [.text("b.lua", behaviour)], arguments: ["check", "b.lua"], statuses: [1],
      locations: locations, sourceLocation: here(line))
  }

  /// An expression that runs away inside one C function, tried in a callback, at a behaviour's top
  /// level, in a scenario and under `sheet check`.
  static func everywhere(_ label: String, _ expression: String, line: Int = #line) -> [HostileRow] {
    let topLevel = "local _ = \(expression)\nreturn {}\n"
    return [
      callback(
        "\(label) in on_drag",
        behaviour: "return {\n  on_drag = function() local _ = \(expression) end,\n}\n",
        locations: ["b.lua:2"], line: line),
      loading("\(label) at a behaviour's top level", behaviour: topLevel, locations: ["b.lua:1"], line: line),
      scenario("\(label) in a scenario", "local _ = \(expression)\n", locations: ["s.lua:1"], line: line),
      check("\(label) under sheet check", behaviour: topLevel, locations: ["b.lua:1"], line: line),
    ]
  }
}

extension HostileInputTests {
  /// A table of 41 entries at the powers of two whose border `#t` is 2^40. They are stored from the
  /// largest down, so that all of them land in the hash part: stored from 1 up, 1, 2 and 4 fill an array
  /// part and `#t` is 4.
  static let wideTable = "local t = {} for i = 40, 0, -1 do t[1 << i] = 1 end"
  /// A DAG of 31 tables that is a tree of 2^31 nodes when copied.
  static let dag = "local c = {} for _ = 1, 30 do c = { c, c } end"
  /// Bytes that are not UTF-8 (0xff 0xfe, a UTF-16 byte-order mark, and 0xfd), then Lua text.
  static func notUTF8(_ text: String) -> [UInt8] { [0xff, 0xfe, 0xfd] + Array(text.utf8) }

  static let rows: [HostileRow] = {
    var rows: [HostileRow] = []
    rows += HostileRow.everywhere("string.rep of '' 2^50 times", "string.rep('', 1 << 50)")
    rows += HostileRow.everywhere("table.move of 2^50 items", "table.move({}, 1, 1 << 50, 1, {})")
    rows += HostileRow.everywhere(
      "string.find backtracking", "string.find(('a'):rep(40), ('a*'):rep(40) .. 'b')")
    // Lua 5.4.4's C-stack overflow: coroutines closed inside __close handlers, one hundred deep.
    rows += HostileRow.everywhere(
      "coroutine.close nested 100 deep in __close handlers",
      "(function() local p for _ = 1, 100 do local b = p local co = coroutine.create(function() "
        + "local g <close> = setmetatable({}, { __close = function() local function nest(n) if n == 0 then "
        + "if b then coroutine.close(b) end return end pcall(nest, n - 1) end nest(190) end }) "
        + "coroutine.yield() end) coroutine.resume(co) p = co end return coroutine.close(p) end)()"
    ).map { row in
      var row = row
      row.outputContains = ["coroutines closed inside __close handlers nested more than 4 deep"]
      return row
    }
    rows += [
      .scenario(
        "a million 4 MB string.rep", "for _ = 1, 1e6 do local s = string.rep('x', 4e6) end\n",
        locations: ["s.lua:1"]),
      .scenario(
        "200 table.sort of 200k items",
        "local t = {} for i = 1, 200000 do t[i] = (i * 7919) % 200000 end\n"
          + "for _ = 1, 200 do table.sort(t) end\n",
        locations: ["s.lua:2"]),
      .scenario(
        "100 require of a 1 MiB name", "for _ = 1, 100 do pcall(require, string.rep('a', 1 << 20)) end\n",
        statuses: [0, 1]),

      .scenario("endless wait(0)", "while true do wait(0) end\n", locations: ["s.lua:1"]),
      .scenario("endless screen {}", "while true do screen {} end\n", locations: ["s.lua:1"]),
      .scenario("endless pcall(present)", "while true do pcall(present) end\n", locations: ["s.lua:1"]),
      .scenario("endless wait(1)", "while true do wait(1) end\n", locations: ["s.lua:1"]),
      HostileRow(
        name: "sheet test with an endless scenario",
        files: [
          .text("suite/a_endless.lua", "while true do wait(0) end\n"),
          .text("suite/b_good.lua", "present()\nsettle()\nexpect(sheet.state == 'resting', 'rests')\n"),
        ],
        arguments: ["test", "suite"], statuses: [1], locations: ["a_endless.lua:1"],
        outputContains: ["1 passed, 1 failed"], sourceLocation: HostileRow.here(#line)),
      HostileRow(
        name: "sheet tune with an endless scenario",
        files: [
          .text(
            "suite/a_endless.lua",
            "behaviour 'bottom-sheet-vc'\npresent()\nsettle()\nwhile true do wait(0) end\n"),
          .text(
            "suite/b_good.lua",
            "behaviour 'bottom-sheet-vc'\npresent()\nsettle()\nexpect(sheet.state == 'resting', 'rests')\n"),
        ],
        arguments: ["tune", "suite", "--param", "dismiss_velocity=1000..1500:500"],
        outputContains: ["sweep: 2 points x 2 scenarios", "1/2"], sourceLocation: HostileRow.here(#line)),

      .loading(
        "a 2^40 border as detents", behaviour: "\(wideTable)\nreturn { detents = t }\n",
        locations: ["b.lua:2"]),
      .check(
        "a 2^40 border as detents under sheet check", behaviour: "\(wideTable)\nreturn { detents = t }\n",
        locations: ["b.lua:2"]),
      .callback(
        "on_state returns a 2^40 border",
        behaviour: "\(wideTable)\nreturn {\n  on_state = function() return t end,\n}\n"),
      .scenario(
        "drag of a 2^40 border", "\(wideTable)\npresent()\nsettle()\ndrag(t)\n", locations: ["s.lua:4"]),
      .loading(
        "a 2^30 DAG as detents", behaviour: "\(dag)\nreturn { detents = c }\n", locations: ["b.lua:2"]),
      .check(
        "a 2^30 DAG as detents under sheet check", behaviour: "\(dag)\nreturn { detents = c }\n",
        locations: ["b.lua:2"]),
      .scenario("drag of a 2^30 DAG", "\(dag)\npresent()\nsettle()\ndrag(c)\n", locations: ["s.lua:4"]),

      .scenario(
        "an error whose __tostring is 512 MiB",
        "error(setmetatable({}, { __tostring = function() return string.rep('x', 512 << 20) end }))\n",
        maxOutputBytes: HostileLimits.smallOutput),
      .scenario(
        "100 hours at 1000 fps", "screen { fps = 1000 } for _ = 1, 100 do wait(3600) end\n", statuses: [0, 1]),
      .scenario(
        "printing 4 GB", "for _ = 1, 1000 do print(string.rep('x', 4 << 20)) end\n", statuses: [0, 1],
        maxOutputBytes: HostileLimits.largeOutput),
      .callback(
        "on_drag returns 4 MiB strings",
        behaviour: "return {\n  on_drag = function() return string.rep('x', 4 << 20) end,\n}\n",
        gesture: "drag { dy = -200, duration = 5 }", locations: ["b.lua:2"],
        maxOutputBytes: HostileLimits.largeOutput),

      HostileRow(
        name: "require of a FIFO", files: [.fifo("fifo.lua"), .text("s.lua", "require 'fifo'\n")],
        arguments: ["run", "s.lua"], statuses: [1], locations: ["s.lua:1"], outputContains: ["fifo"],
        sourceLocation: HostileRow.here(#line)),
      HostileRow(
        name: "sheet run of a FIFO", files: [.fifo("f.lua")], arguments: ["run", "f.lua"], statuses: [1, 2],
        outputContains: ["f.lua"], sourceLocation: HostileRow.here(#line)),
      HostileRow(
        name: "sheet run of a directory", files: [.directory("d.lua")], arguments: ["run", "d.lua"],
        statuses: [1, 2], outputContains: ["d.lua"], sourceLocation: HostileRow.here(#line)),
      HostileRow(
        name: "behaviour of a directory",
        files: [.directory("dir.lua"), .text("s.lua", "behaviour 'dir.lua'\npresent()\nsettle()\n")],
        arguments: ["run", "s.lua"], statuses: [1], outputContains: ["dir.lua"],
        sourceLocation: HostileRow.here(#line)),
      HostileRow(
        name: "behaviour of a FIFO",
        files: [.fifo("fifo.lua"), .text("s.lua", "behaviour 'fifo.lua'\npresent()\nsettle()\n")],
        arguments: ["run", "s.lua"], statuses: [1], outputContains: ["fifo.lua"],
        sourceLocation: HostileRow.here(#line)),
      HostileRow(
        name: "sheet check of a FIFO", files: [.fifo("fifo.lua")], arguments: ["check", "fifo.lua"],
        statuses: [1, 2], outputContains: ["fifo.lua"], sourceLocation: HostileRow.here(#line)),
      HostileRow(
        name: "a scenario that is not UTF-8", files: [.bytes("s.lua", notUTF8("present()\nsettle()\n"))],
        arguments: ["run", "s.lua"], statuses: [1], outputContains: ["s.lua"], stderrContains: ["UTF-8"],
        outputLacks: ["not found"], sourceLocation: HostileRow.here(#line)),
      HostileRow(
        name: "a behaviour that is not UTF-8",
        files: [
          .bytes("b.lua", notUTF8("return {}\n")), .text("s.lua", "behaviour 'b.lua'\npresent()\nsettle()\n"),
        ],
        arguments: ["run", "s.lua"], statuses: [1], outputContains: ["b.lua"], stderrContains: ["UTF-8"],
        outputLacks: ["not found"], sourceLocation: HostileRow.here(#line)),
      HostileRow(
        name: "sheet check of a behaviour that is not UTF-8",
        files: [.bytes("b.lua", notUTF8("return {}\n"))],
        arguments: ["check", "b.lua"], statuses: [1], outputContains: ["b.lua"], stderrContains: ["UTF-8"],
        outputLacks: ["not found"], sourceLocation: HostileRow.here(#line)),

      .scenario(
        "present() inside coroutine.wrap", "coroutine.wrap(function() present() end)()\n",
        locations: ["s.lua:1"]),
      .callback(
        "on_drag loops forever", behaviour: "return {\n  on_drag = function() while true do end end,\n}\n",
        locations: ["b.lua:2"]),
      .callback(
        "on_drag grows a string forever",
        behaviour: "return {\n  on_drag = function() local s = '' while true do s = s .. 'x' end end,\n}\n",
        locations: ["b.lua:2"]),
    ]
    guard let only = ProcessInfo.processInfo.environment["HOSTILE_ROWS"], !only.isEmpty else { return rows }
    return rows.filter { $0.name.localizedCaseInsensitiveContains(only) }
  }()
}
