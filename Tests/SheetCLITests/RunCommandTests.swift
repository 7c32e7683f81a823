import Foundation
import Testing

/// `sheet run`: the three formats, the event names, exit codes and determinism.
@Suite struct RunCommandTests {
  static let tour = "Tests/Scenarios/tour.lua"

  /// Parses every line of `text` as a JSON object.
  static func objects(_ text: String) throws -> [[String: Any]] {
    try Fixture.lines(text).map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }
  }

  @Test func tableIsTheDefaultAndShowsFramesEventsAndTheSummary() throws {
    let run = try SheetBinary.run(["run", Self.tour])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = Fixture.lines(run.stdout)
    #expect(lines.first == "tour.lua")
    #expect(
      lines.dropFirst().first?.split(separator: " ") == [
        "t", "state", "detent", "target", "height", "backdrop", "dh/dt",
      ])
    #expect(lines.contains { $0.contains("* decision target=dismiss reason=") })
    #expect(lines.contains { $0.contains("resting") && $0.contains("normal") && $0.contains("500.00") })
    #expect(lines.last == "passed: 7 expectations")
    #expect(run.stderr.isEmpty)
  }

  @Test func jsonLinesHaveTimeKindAndTheIssuesFields() throws {
    let run = try SheetBinary.run(["run", Self.tour, "--format", "jsonl"])
    #expect(run.status == 0, "\(run.stderr)")
    let objects = try Self.objects(run.stdout)
    #expect(objects.count > 100)
    var seen = Set<String>()
    for object in objects {
      #expect(object["t"] is NSNumber, "\(object)")
      let kind = object["kind"] as? String
      if kind == "frame" {
        #expect(object["state"] is String && object["height"] is NSNumber, "\(object)")
        #expect(object["backdrop"] is NSNumber && object["dh_dt"] is NSNumber, "\(object)")
        #expect(object["detent"] is String || object["detent"] is NSNull, "\(object)")
        #expect(object["target"] is String || object["target"] is NSNull, "\(object)")
      } else {
        #expect(kind == "event", "\(object)")
        let event = try #require(object["event"] as? String, "\(object)")
        seen.insert(event)
        switch event {
        case "release":
          #expect(object["finger_velocity"] is NSNumber && object["dh_dt"] is NSNumber, "\(object)")
        case "decision": #expect(object["reason"] is String && object["target"] is String, "\(object)")
        case "state": #expect(object["from"] is String && object["to"] is String, "\(object)")
        case "expect":
          #expect((object["ok"] as? Bool) == true && object["line"] is NSNumber, "\(object)")
        default: break
        }
      }
    }
    #expect(seen.isSuperset(of: ["present", "release", "decision", "state", "expect"]), "\(seen)")
    #expect(objects.contains { ($0["kind"] as? String) == "frame" })
  }

  @Test func aScriptErrorIsAnEventWithItsMessageAndExitsOne() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("broken.lua", Fixture.runtimeError)
    let run = try SheetBinary.run(["run", file, "--format", "jsonl"])
    #expect(run.status == 1)
    let errors = try Self.objects(run.stdout).filter { ($0["event"] as? String) == "script_error" }
    #expect(errors.count == 1)
    #expect((errors.first?["message"] as? String)?.contains("broken.lua:6:") == true, "\(errors)")
    #expect(run.stderr.contains("broken.lua:6:"), "\(run.stderr)")
  }

  /// Each row: a command run over a scenario whose behaviour reports a script error, and the words its
  /// standard output must hold.
  static let faultCommands: [(arguments: [String], stdout: String, declared: String, line: UInt)] = [
    (["run"], "FAILED: 1 script error", "passed: 2 expectations", #line),
    (
      ["run", "--format", "jsonl"], #""event":"script_error","callback":"on_release""#,
      #""event":"script_error","callback":"on_release""#, #line
    ),
    (["test"], "0 passed, 1 failed", "(2 expectations, 1 expected script error)", #line),
    (["tune", "--param", "spring_response=0.3..0.3:1"], "0/1     FAIL", "1/1     pass", #line),
  ]

  @Test(arguments: faultCommands.indices) func anUndeclaredScriptErrorFailsTheScenario(_ i: Int) throws {
    let row = Self.faultCommands[i]
    let folder = try TemporaryFolder()
    let file = try folder.write("misspelt.lua", Fixture.misspeltRelease)
    let run = try SheetBinary.run([row.arguments[0], file] + row.arguments.dropFirst())
    let label = "line \(row.line)"
    #expect(run.status == 1, "\(label): \(run.stderr)")  // tune: no point passes
    #expect(run.stdout.contains(row.stdout), "\(label): \(run.stdout)")
    if row.arguments[0] != "tune" {
      let failures = row.arguments[0] == "test" ? run.stdout : run.stderr
      #expect(failures.contains("misspelt.lua:5: "), "\(label): \(failures)")
      #expect(failures.contains(": script error: on_release returned 'hihg'"), "\(label): \(failures)")
    }
    let declared = try folder.write(
      "declared.lua",
      Fixture.misspeltRelease.replacingOccurrences(
        of: "present()", with: "expect_script_error 'on_release'\npresent()"))
    let fine = try SheetBinary.run([row.arguments[0], declared] + row.arguments.dropFirst())
    #expect(fine.status == 0, "\(label): declared: \(fine.stdout) \(fine.stderr)")
    #expect(fine.stdout.contains(row.declared), "\(label): declared: \(fine.stdout)")
  }

  @Test func aFailedExpectationIsAnEventWithOkFalseAndItsLineAndExitsOne() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("failing.lua", Fixture.failing)
    let run = try SheetBinary.run(["run", file, "--format", "jsonl"])
    #expect(run.status == 1)
    let expects = try Self.objects(run.stdout).filter { ($0["event"] as? String) == "expect" }
    #expect(expects.count == 1)
    #expect((expects.first?["ok"] as? Bool) == false)
    #expect((expects.first?["line"] as? NSNumber)?.intValue == 5)
    #expect(run.stderr.contains("failing.lua:5:"), "\(run.stderr)")
  }

  @Test func anInvalidBehaviourNamesItsFileAndLineAndExitsOne() throws {
    let folder = try TemporaryFolder()
    try folder.write("broken.lua", Fixture.brokenBehaviour)
    let file = try folder.write("uses.lua", Fixture.usesBrokenBehaviour)
    for format in ["table", "jsonl"] {
      let run = try SheetBinary.run(["run", file, "--format", format])
      #expect(run.status == 1, "\(format)")
      #expect(run.stderr.contains("broken.lua:3:"), "\(format): \(run.stderr)")
      #expect(run.stdout.contains("script_error"), "\(format): the trace records the error: \(run.stdout)")
    }
  }

  @Test func csvHasTheFrameColumns() throws {
    let run = try SheetBinary.run(["run", Self.tour, "--format", "csv"])
    #expect(run.status == 0)
    let lines = Fixture.lines(run.stdout)
    #expect(lines.first == "t,state,detent,target,height,backdrop,dh_dt,index")
    #expect(lines.count > 100)
    #expect(
      lines.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 8 })
  }

  @Test func outputGoesToTheFileGivenWithDashO() throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("trace.csv").path
    let run = try SheetBinary.run(["run", Self.tour, "--format", "csv", "-o", out])
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
    let written = try String(contentsOfFile: out, encoding: .utf8)
    #expect(written.hasPrefix("t,state,detent,target,height,backdrop,dh_dt,index\n"))
  }

  @Test(arguments: ["table", "jsonl", "csv"])
  func twoRunsWriteTheSameBytes(format: String) throws {
    let first = try SheetBinary.run(["run", Self.tour, "--format", format])
    let second = try SheetBinary.run(["run", Self.tour, "--format", format])
    #expect(!first.stdoutData.isEmpty)
    #expect(first.stdoutData == second.stdoutData)
  }

  @Test func setChangesAnOutcome() throws {
    let file = "Tests/Scenarios/seed000_release.lua"
    let plain = try SheetBinary.run(["run", file])
    #expect(plain.status == 0, "\(plain.stderr)")
    // 1500 > 1200: the release at vy 1500 on line 31 now dismisses instead of settling at normal.
    let lowered = try SheetBinary.run(["run", file, "--set", "dismiss_velocity=1200"])
    #expect(lowered.status == 1)
    #expect(
      lowered.stderr.contains("seed000_release.lua:31: expectation failed: vy exactly 1500 does not dismiss"),
      "\(lowered.stderr)")
  }

  @Test func fpsChangesTheFrameSpacing() throws {
    let run = try SheetBinary.run(["run", Self.tour, "--format", "csv", "--fps", "60"])
    #expect(run.status == 0)
    #expect(Fixture.lines(run.stdout).dropFirst().first?.hasPrefix("0.016667,") == true)
  }
}

/// `-o` never writes over a file the run reads, and a write that fails says why in a sentence.
@Suite struct OutputFileTests {
  /// A behaviour with one detent.
  static let behaviour = """
    return {
      detents = {
        { id = 'only', height = 400 },
      },
    }
    """

  /// A scenario loading `behaviour.lua`; passes.
  static let scenario = """
    -- scenario
    behaviour 'behaviour.lua'
    present()
    settle()
    expect(sheet.detent == 'only', 'rests at the only detent')
    """

  /// A folder holding the scenario, its behaviour, a link to each, a sub-folder and nothing else.
  static func fixture() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("scenario.lua", scenario)
    try folder.write("behaviour.lua", behaviour)
    let manager = FileManager.default
    try manager.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("link.lua").path, withDestinationPath: "scenario.lua")
    try manager.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("behaviour-link.lua").path,
      withDestinationPath: "behaviour.lua")
    try manager.createDirectory(
      at: folder.url.appendingPathComponent("sub"), withIntermediateDirectories: false)
    return folder
  }

  /// Each row: the command, the `-o` path (run in the fixture's folder) and the words the error must
  /// contain.
  static let refusals: [(command: String, output: String, message: String, line: UInt)] = [
    (
      "run", "scenario.lua",
      "-o scenario.lua is a file this run reads (the scenario); choose another output file", #line
    ),
    ("run", "./scenario.lua", "-o ./scenario.lua is a file this run reads (the scenario)", #line),
    ("run", "link.lua", "-o link.lua is a file this run reads (the scenario)", #line),
    ("run", "sub/../scenario.lua", "-o sub/../scenario.lua is a file this run reads (the scenario)", #line),
    (
      "run", "behaviour.lua", "-o behaviour.lua is a file this run reads (a behaviour the scenario loads)",
      #line
    ),
    ("run", "./behaviour-link.lua", "-o ./behaviour-link.lua is a file this run reads (a behaviour", #line),
    ("plot", "scenario.lua", "-o scenario.lua is a file this run reads (the scenario)", #line),
    ("plot", "./behaviour.lua", "-o ./behaviour.lua is a file this run reads (a behaviour", #line),
    ("run", "missing/trace.txt", "cannot write missing/trace.txt: No such file or directory", #line),
    ("plot", "missing/plot.svg", "cannot write missing/plot.svg: No such file or directory", #line),
    ("run", "sub", "cannot write sub: Is a directory", #line),
    ("run", "./sub/", "cannot write ./sub/: Is a directory", #line),
    ("run", "scenario.lua/trace.txt", "cannot write scenario.lua/trace.txt: Not a directory", #line),
  ]

  @Test(arguments: refusals.indices) func dashORefusesAFileTheRunReadsOrCannotWrite(_ i: Int) throws {
    let row = Self.refusals[i]
    let folder = try Self.fixture()
    let before = try folder.contents()
    let run = try SheetBinary.run([row.command, "scenario.lua", "-o", row.output], in: folder.url)
    let label = "line \(row.line): \(row.command) -o \(row.output)"
    #expect(run.status == 2, "\(label): \(run.stderr)")
    #expect(run.stdout.isEmpty, "\(label): \(run.stdout)")
    #expect(run.stderr.hasPrefix("sheet \(row.command): \(row.message)"), "\(label): \(run.stderr)")
    #expect(run.stderr.contains("usage: sheet \(row.command)"), "\(label)")
    #expect(!run.stderr.contains("NSCocoaErrorDomain"), "\(label)")
    #expect(try folder.contents() == before, "\(label): every file is unchanged, byte for byte")
  }

  @Test func dashOThroughALinkWritesTheLinksTarget() throws {
    let folder = try Self.fixture()
    try folder.write("trace.csv", "old\n")
    try FileManager.default.createSymbolicLink(
      atPath: folder.url.appendingPathComponent("trace-link.csv").path, withDestinationPath: "trace.csv")
    let run = try SheetBinary.run(
      ["run", "scenario.lua", "--format", "csv", "-o", "trace-link.csv"], in: folder.url)
    #expect(run.status == 0, "\(run.stderr)")
    let written = try String(contentsOf: folder.url.appendingPathComponent("trace.csv"), encoding: .utf8)
    #expect(written.hasPrefix("t,state,detent,target,height,backdrop,dh_dt,index\n"))
    let link = try FileManager.default.destinationOfSymbolicLink(
      atPath: folder.url.appendingPathComponent("trace-link.csv").path)
    #expect(link == "trace.csv", "the link is still a link")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(!names.contains { $0.contains(".sheet-") }, "no temporary file is left: \(names)")
  }
}

extension TemporaryFolder {
  /// Every regular file in the folder (not following links) with its bytes.
  func contents() throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
      let file = url.appendingPathComponent(name)
      let kind = try FileManager.default.attributesOfItem(atPath: file.path)[.type] as? FileAttributeType
      if kind == .typeRegular { files[name] = try Data(contentsOf: file) }
    }
    return files
  }
}
