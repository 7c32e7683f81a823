import Foundation
import Testing

/// `sheet replay` in shards, run as the built binary: four shards under GNU parallel merge to the
/// single replay's bytes (the table and jsonl, with `--against-set` and a bad line), the shard comes
/// from a job engine's variables as tune's does, and `sheet merge` refuses replay parts that are not
/// the whole of one replay (a tune part among them, another corpus, a bad field), printing nothing.
@Suite struct ReplayShardTests {
  /// A synthetic corpus of 300 gestures (seed 7) with a bad line among them (line 101).
  static func corpus(in folder: TemporaryFolder) throws -> String {
    let run = try SheetBinary.run(["corpus", "synth", "--count", "300", "--seed", "7"])
    try #require(run.status == 0, "\(run.stderr)")
    var lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.insert(#"{"version":1,"origin":"host"}"#, at: 100)
    return try folder.write("c.jsonl", lines.joined(separator: "\n"))
  }

  static let replay = [
    "replay", "c.jsonl", "--behaviour", "system", "--against-set", "projection_rate=0.995", "--jobs", "2",
  ]

  @Test(arguments: ["table", "jsonl"])
  func fourShardsUnderGNUParallelMergeToTheSingleReplaysBytes(format: String) throws {
    let parallel = try #require(
      ["/usr/bin/parallel", "/usr/local/bin/parallel"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      },
      "GNU parallel is missing (Debian's parallel; scripts/setup installs it)")
    let folder = try TemporaryFolder()
    _ = try Self.corpus(in: folder)
    let arguments = Self.replay + ["--format", format]
    let whole = try SheetBinary.run(arguments, in: folder.url)
    // the bad line makes the status 1; the 300 gestures are replayed
    #expect(whole.status == 1)
    #expect(whole.stderr.contains("c.jsonl:101: "), "\(whole.stderr)")
    #expect(whole.stderr.hasSuffix("replay: 1 line not read (reported above) and skipped\n"))
    if format == "jsonl" {
      #expect(whole.stdout.split(separator: "\n").count == 300)
    } else {
      #expect(whole.stdout.hasPrefix("Replayed 300 gestures (300 synthetic) with system.lua, against "))
    }
    let shell = [SheetBinary.executable.path] + arguments + ["--shard", "{}/4", "-o", "part-{}.jsonl"]
    let ran = try SheetBinary.run(
      ["--will-cite", "--halt", "now,fail=1"] + shell + [":::", "1", "2", "3", "4"], in: folder.url,
      program: URL(fileURLWithPath: parallel))
    #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
    // each part holds its shard's items of the 301: a header, then items i-1, i-1+4, ...
    for shard in 1...4 {
      let part = try String(
        contentsOf: folder.url.appendingPathComponent("part-\(shard).jsonl"), encoding: .utf8)
      let lines = part.split(separator: "\n")
      #expect(lines.first?.contains(#""command":"replay""#) == true)
      #expect(lines.first?.contains(#""runs":301"#) == true)
      #expect(lines.count - 1 == Array(stride(from: shard - 1, to: 301, by: 4)).count)
    }
    let merged = try SheetBinary.run(
      ["merge", "part-3.jsonl", "part-1.jsonl", "part-4.jsonl", "part-2.jsonl"], in: folder.url)
    #expect(merged.status == whole.status)
    #expect(merged.stdoutData == whole.stdoutData, "\(merged.stdout)\(merged.stderr)")
    #expect(merged.stderr == whole.stderr)
  }

  @Test func theShardComesFromAJobEnginesVariables() throws {
    let folder = try TemporaryFolder()
    _ = try Self.corpus(in: folder)
    let run = try SheetBinary.run(
      Self.replay, in: folder.url, environment: ShardCommandTests.slurm(id: 4, min: 1, max: 4, count: 4))
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.first?.contains(#""shard":"4/4""#) == true, "\(run.stdout)")
    #expect(lines.dropFirst().first?.hasPrefix(#"{"run":3,"#) == true, "\(run.stdout)")
  }

  /// Each row: how the parts are made from replay parts `r-1`, `r-2` (and tune part `t-2`, another
  /// corpus's `o-2`), the words of the error.
  static let refusals:
    [(change: @Sendable (inout [String: String]) -> [String], message: String, line: UInt)] = [
      (
        { _ in ["r-1.jsonl", "t-2.jsonl"] },
        "t-2.jsonl:1: field 'command': tune, but r-1.jsonl has replay: the parts are of different sweeps",
        #line
      ),
      ({ _ in ["r-1.jsonl", "o-2.jsonl"] }, "o-2.jsonl:1: field 'digest':", #line),
      (
        PartEdit.replacing(
          #""origin":"#, with: #""origin2":"#, in: "r-2.jsonl", merging: ["r-1.jsonl", "r-2.jsonl"]),
        "r-2.jsonl:2: field 'origin': expected a string", #line
      ),
      (
        PartEdit.replacing(
          #""file":0"#, with: #""file":1"#, in: "r-2.jsonl", merging: ["r-1.jsonl", "r-2.jsonl"]),
        "r-2.jsonl:2: field 'file': 1 is not an index of the header's files", #line
      ),
      (
        PartEdit.replacing(
          #""frames":"#, with: #""frame":"#, in: "r-1.jsonl", merging: ["r-1.jsonl", "r-2.jsonl"]),
        "r-1.jsonl:2: field 'replays[0].frames': expected a count from 0 to 10000000, got none", #line
      ),
      (
        PartEdit.replacing(
          #""format":"table""#, with: #""format":"csv""#, in: "r-1.jsonl",
          merging: ["r-1.jsonl", "r-2.jsonl"]), "r-1.jsonl:1: field 'setup.format': expected table or jsonl",
        #line
      ),
      (
        PartEdit.replacing(
          #""format":"table""#, with: #""format":"table","jobs":2"#, in: "r-1.jsonl", "r-2.jsonl",
          merging: ["r-1.jsonl", "r-2.jsonl"]),
        "r-1.jsonl:1: field 'setup.jobs': not a field of a replay's setup", #line
      ),
      (
        PartEdit.replacing(
          #""frames":"#, with: #""wall":1,"frames":"#, in: "r-2.jsonl", merging: ["r-1.jsonl", "r-2.jsonl"]),
        "r-2.jsonl:2: field 'replays[0].wall': not a field of a replay", #line
      ),
    ]

  /// A part's header that claims the largest replay (10,000,000 items) over three records is refused
  /// when its records end, within the memory of what was read: the merge does not make room for what a
  /// header claims (it took 1 GB and 8 s when it did).
  @Test func aHeaderClaimingTenMillionItemsTakesTheMemoryOfItsRecords() throws {
    let folder = try TemporaryFolder()
    let run = try SheetBinary.run(["corpus", "synth", "--count", "6", "--seed", "7"])
    try folder.write("c.jsonl", run.stdout)
    for shard in 1...2 {
      let part = try SheetBinary.run(
        ["replay", "c.jsonl", "--behaviour", "system", "--shard", "\(shard)/2"], in: folder.url)
      try #require(part.status == 0, "\(part.stderr)")
      let text =
        shard == 1
        ? part.stdout.replacingOccurrences(of: #""runs":6"#, with: #""runs":10000000"#) : part.stdout
      try folder.write("r-\(shard).jsonl", text)
    }
    let merged = try SheetBinary.run(["merge", "r-1.jsonl", "r-2.jsonl"], in: folder.url)
    #expect(merged.status == 1 && merged.stdout.isEmpty)
    #expect(merged.stderr.contains("r-1.jsonl: ends after 3 of its 5000000 runs"), "\(merged.stderr)")
    // the largest resident memory of any child this test process has waited for: this merge's, or
    // another test's sheet, all far below the gigabyte room for ten million items took
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    #expect(usage.ru_maxrss < 512 * 1024, "\(usage.ru_maxrss) KB")
  }

  @Test func partsThatAreNotOneWholeReplayAreRefused() throws {
    let folder = try TemporaryFolder()
    try folder.write("tiny.lua", TuneCommandTests.tiny)
    let run = try SheetBinary.run(["corpus", "synth", "--count", "6", "--seed", "7"])
    try folder.write("c.jsonl", run.stdout)
    try folder.write("o.jsonl", String(run.stdout.split(separator: "\n").dropFirst().joined(separator: "\n")))
    var made: [String: String] = [:]
    for shard in 1...2 {
      for (name, arguments) in [
        ("r", ["replay", "c.jsonl", "--behaviour", "system"]),
        ("o", ["replay", "o.jsonl", "--behaviour", "system"]),
        ("t", ["tune", "tiny.lua", "--param", "dismiss_velocity=1000..3000:1000"]),
      ] {
        let part = try SheetBinary.run(arguments + ["--shard", "\(shard)/2"], in: folder.url)
        try #require(part.status == 0, "\(part.stderr)")
        made["\(name)-\(shard).jsonl"] = part.stdout
      }
    }
    for row in Self.refusals {
      var parts = made
      let files = row.change(&parts)
      for (name, text) in parts { try folder.write(name, text) }
      let merged = try SheetBinary.run(["merge"] + files, in: folder.url)
      #expect(merged.status == 1, "line \(row.line): \(merged.stderr)")
      #expect(merged.stdout.isEmpty, "line \(row.line): \(merged.stdout)")
      #expect(merged.stderr.contains(row.message), "line \(row.line): \(merged.stderr)")
    }
  }

  @Test func aShardRefusesStandardInputAndItsOwnCorpusAsItsPart() throws {
    let folder = try TemporaryFolder()
    _ = try Self.corpus(in: folder)
    let rows: [([String], String, UInt)] = [
      (
        ["replay", "-", "--behaviour", "system", "--shard", "1/2"],
        "cannot read its corpus from standard input", #line
      ),
      (
        ["replay", "c.jsonl", "--behaviour", "system", "--shard", "1/2", "-o", "c.jsonl"],
        "-o c.jsonl is a file this run reads (a corpus)", #line
      ),
      (["replay", "c.jsonl", "--behaviour", "system", "-o", "p.jsonl"], "give --shard i/n as well", #line),
    ]
    for (arguments, message, line) in rows {
      let run = try SheetBinary.run(arguments, in: folder.url)
      #expect(run.status == 2, "line \(line): \(run.stderr)")
      #expect(run.stderr.contains(message), "line \(line): \(run.stderr)")
    }
    #expect(
      try String(contentsOf: folder.url.appendingPathComponent("c.jsonl"), encoding: .utf8).count > 1000)
  }
}
