import Foundation
import Testing

/// `sheet tune` in shards: the shard from `--shard` or a job engine's variables (Kubernetes, Slurm,
/// Bazel), parts that `sheet merge` turns into the single run's report byte for byte (four shards under
/// GNU parallel), and the merge's refusals, which print nothing.
@Suite struct ShardCommandTests {
  /// A sweep of `TuneCommandTests.tiny` over three values: three runs.
  static let sweep = ["tune", "tiny.lua", "--param", "dismiss_velocity=1000..3000:1000", "--jobs", "1"]

  /// Each row: the environment, the arguments after the sweep's, and the shard the part names (`2/4`)
  /// or the words of the usage error.
  static let environments:
    [(environment: [String: String], arguments: [String], expected: String, line: UInt)] = [
      (["JOB_COMPLETION_INDEX": "0"], ["--shards", "3"], "1/3", #line),
      (["JOB_COMPLETION_INDEX": "2"], ["--shards", "3"], "3/3", #line),
      (
        ["JOB_COMPLETION_INDEX": "3"], ["--shards", "3"],
        "JOB_COMPLETION_INDEX=3 with --shards 3: the index must be from 0 to 2", #line
      ),
      (
        ["JOB_COMPLETION_INDEX": "1"], [],
        "JOB_COMPLETION_INDEX=1 is set (a Kubernetes Indexed Job): give the Job's completions as --shards N",
        #line
      ),
      (
        [:], ["--shards", "3"],
        "--shards 3 counts a Kubernetes Indexed Job's completions, but JOB_COMPLETION_INDEX is not set", #line
      ),
      (
        ["JOB_COMPLETION_INDEX": "-1"], ["--shards", "3"], "JOB_COMPLETION_INDEX='-1' is not a whole number",
        #line
      ),
      (
        ["JOB_COMPLETION_INDEX": "1"], ["--shards", "0"],
        "--shards expects a whole number from 1 to 100000, got '0'",
        #line
      ),
      (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "4"], [], "1/4", #line),
      (slurm(id: 1, min: 1, max: 4, count: 4), [], "1/4", #line),
      (slurm(id: 4, min: 1, max: 4, count: 4), [], "4/4", #line),
      (slurm(id: 4, min: 0, max: 6, count: 4, step: 2), [], "3/4", #line),
      (slurm(id: 3, min: 0, max: 6, count: 4, step: 2), [], "the task is not in the array's range", #line),
      (slurm(id: 7, min: 1, max: 7, count: 3), [], "SLURM_ARRAY_TASK_MAX=7: the array is not a range", #line),
      (
        ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"], [],
        "and SLURM_ARRAY_TASK_COUNT=4: the index must be from 0 to 3", #line
      ),
      (
        ["SLURM_ARRAY_TASK_ID": "2"], [], "SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not",
        #line
      ),
      (
        ["SLURM_ARRAY_TASK_ID": "2x", "SLURM_ARRAY_TASK_COUNT": "4"], [],
        "SLURM_ARRAY_TASK_ID='2x' is not a whole number", #line
      ),
      (["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "2"], [], "1/2", #line),
      (["TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "2"], [], "2/2", #line),
      (
        ["TEST_SHARD_INDEX": "2", "TEST_TOTAL_SHARDS": "2"], [],
        "TEST_SHARD_INDEX=2 with TEST_TOTAL_SHARDS=2: the index must be from 0 to 1", #line
      ),
      (
        ["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "0"], [],
        "TEST_SHARD_INDEX=0 with TEST_TOTAL_SHARDS=0: the count must be from 1 to 100000", #line
      ),
      (["TEST_SHARD_INDEX": "0"], [], "TEST_SHARD_INDEX is set but TEST_TOTAL_SHARDS is not", #line),
      // the flag wins: the environment is not read at all
      (["TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "2"], ["--shard", "2/3"], "2/3", #line),
      (["SLURM_ARRAY_TASK_ID": "x"], ["--shard", "1/1"], "1/1", #line),
      (
        ["JOB_COMPLETION_INDEX": "0", "TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "1"], ["--shards", "1"],
        "JOB_COMPLETION_INDEX=0 and TEST_SHARD_INDEX=0 are both set; say which shard with --shard i/n", #line
      ),
      ([:], ["--shard", "1/2", "--shards", "2"], "--shards goes with JOB_COMPLETION_INDEX; give one", #line),
      ([:], ["-o", "part.jsonl"], "-o part.jsonl writes a shard's part: give --shard i/n as well", #line),
    ]

  /// A Slurm array's variables.
  static func slurm(id: Int, min: Int, max: Int, count: Int, step: Int = 1) -> [String: String] {
    [
      "SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "\(min)", "SLURM_ARRAY_TASK_MAX": "\(max)",
      "SLURM_ARRAY_TASK_COUNT": "\(count)", "SLURM_ARRAY_TASK_STEP": "\(step)",
    ]
  }

  @Test func theShardComesFromTheFlagOrAJobEnginesVariables() throws {
    let folder = try TemporaryFolder()
    try folder.write("tiny.lua", TuneCommandTests.tiny)
    for row in Self.environments {
      let label = "line \(row.line): \(row.environment) \(row.arguments)"
      let run = try SheetBinary.run(Self.sweep + row.arguments, in: folder.url, environment: row.environment)
      let parts = row.expected.split(separator: "/").compactMap { Int($0) }
      guard parts.count == 2 else {
        #expect(run.status == 2, "\(label): \(run.stdout)")
        #expect(run.stderr.contains(row.expected), "\(label): \(run.stderr)")
        continue
      }
      #expect(run.status == 0, "\(label): \(run.stderr)")
      let lines = run.stdout.split(separator: "\n")
      #expect(lines.first?.contains("\"shard\":\"\(row.expected)\"") == true, "\(label): \(run.stdout)")
      // shard i/n of 3 runs makes runs i-1, i-1+n, ...
      let runs = Array(stride(from: parts[0] - 1, to: 3, by: parts[1]))
      let records = lines.dropFirst().map { line in
        line.split(separator: ",").first.map { String($0.dropFirst("{\"run\":".count)) } ?? ""
      }
      #expect(records == runs.map(String.init), "\(label): \(run.stdout)")
    }
  }

  /// `TuneWriteBackTests`'s project (its scenario's flick closes below 2000 pt/s, 1750 passes) and the tiny
  /// scenario: 2 scenarios x 9 values.
  func project() throws -> TemporaryFolder {
    let (folder, _, _) = try TuneWriteBackTests().project()
    try folder.write("tiny.lua", TuneCommandTests.tiny)
    return folder
  }

  static let tune = [
    "tune", ".", "--param", "dismiss_velocity=1000..3000:250", "--explain", "--write", "behaviour.lua",
    "--jobs", "1",
  ]

  @Test func fourShardsUnderGNUParallelMergeToTheSingleRunsBytes() throws {
    let parallel = try #require(
      ["/usr/bin/parallel", "/usr/local/bin/parallel"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      },
      "GNU parallel is missing (Debian's parallel; scripts/setup installs it)")
    let single = try project()
    let whole = try SheetBinary.run(Self.tune, in: single.url)
    #expect(whole.status == 0, "\(whole.stderr)")
    #expect(whole.stdout.contains("behaviour.lua:16: dismiss_velocity = 1750 (was 9000)"), "\(whole.stdout)")
    let sharded = try project()
    let shell = ([SheetBinary.executable.path] + Self.tune + ["--shard", "{}/4", "-o", "part-{}.jsonl"])
    let ran = try SheetBinary.run(
      ["--will-cite", "--halt", "now,fail=1"] + shell + [":::", "1", "2", "3", "4"], in: sharded.url,
      program: URL(fileURLWithPath: parallel))
    #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
    let merged = try SheetBinary.run(
      ["merge", "part-3.jsonl", "part-1.jsonl", "part-4.jsonl", "part-2.jsonl"], in: sharded.url)
    #expect(merged.status == whole.status)
    #expect(merged.stdoutData == whole.stdoutData, "\(merged.stdout)\(merged.stderr)")
    let written = { (folder: TemporaryFolder) in
      try String(contentsOf: folder.url.appendingPathComponent("behaviour.lua"), encoding: .utf8)
    }
    #expect(try written(sharded) == written(single))
  }
}

/// `sheet merge` refuses parts that are not the whole of one sweep, and bad lines, naming the file, line
/// and field, and prints nothing then.
@Suite struct MergeRefusalTests {
  /// Each row: how the parts are made from the two shards of sweep a (and of sweep b), the words of
  /// the error.
  static let refusals:
    [(change: @Sendable (inout [String: String]) -> [String], message: String, line: UInt)] = [
      ({ _ in ["a-1.jsonl"] }, "a-1.jsonl: the sweep's 2 shards are not all here: missing 2/2", #line),
      ({ _ in ["a-1.jsonl", "a-1.jsonl", "a-2.jsonl"] }, "a-1.jsonl:1: field 'shard': 1/2 again", #line),
      ({ _ in ["a-1.jsonl", "b-2.jsonl"] }, "b-2.jsonl:1: field 'digest':", #line),
      (
        PartEdit.replacing(
          "\"passed\":true", with: "\"passed\":1", in: "a-2.jsonl", merging: ["a-1.jsonl", "a-2.jsonl"]),
        "a-2.jsonl:2: field 'passed': expected true or false", #line
      ),
      (
        PartEdit.replacing(
          "\"passed\":true", with: "\"passed\":true,\"why\":\"late\"", in: "a-2.jsonl",
          merging: ["a-1.jsonl", "a-2.jsonl"]), "a-2.jsonl:2: field 'why': a passed run has no reason", #line
      ),
      (
        PartEdit.replacing(
          "\"sheet_part\":1", with: "\"sheet_part\":1,\"jobs\":2", in: "a-1.jsonl",
          merging: ["a-1.jsonl", "a-2.jsonl"]), "a-1.jsonl:1: field 'jobs': not a field of a part's header",
        #line
      ),
      (
        PartEdit.replacing(
          "\"explain\":false", with: "\"explain\":false,\"jobs\":2", in: "a-1.jsonl", "a-2.jsonl",
          merging: ["a-1.jsonl", "a-2.jsonl"]),
        "a-1.jsonl:1: field 'setup.jobs': not a field of a tune's setup", #line
      ),
      (
        { parts in
          parts["a-1.jsonl"] = parts["a-1.jsonl"].map {
            String($0.split(separator: "\n").dropLast().joined(separator: "\n")) + "\n"
          }
          return ["a-1.jsonl", "a-2.jsonl"]
        }, "a-1.jsonl: ends after 1 of its 2 runs", #line
      ),
      (
        PartEdit.replacing(
          "\"run\":2", with: "\"run\":4", in: "a-1.jsonl", merging: ["a-1.jsonl", "a-2.jsonl"]),
        "a-1.jsonl:3: field 'run': 4, expected 2", #line
      ),
      (
        PartEdit.replacing(
          "\"sheet_part\":1", with: "\"sheet_part\":2", in: "a-1.jsonl", merging: ["a-1.jsonl", "a-2.jsonl"]),
        "a-1.jsonl:1: field 'sheet_part': version 2; this sheet reads version 1", #line
      ),
      (
        { parts in
          parts["a-2.jsonl"] =
            (parts["a-2.jsonl"] ?? "") + "{\"run\":" + String(repeating: "1", count: 1 << 20) + "}\n"
          return ["a-1.jsonl", "a-2.jsonl"]
        }, "a-2.jsonl:3: line of 1048584 bytes; at most 1048576", #line
      ),
      (
        { parts in
          parts["a-2.jsonl"] = (parts["a-2.jsonl"] ?? "") + "{\"run\":3,\n"
          return ["a-1.jsonl", "a-2.jsonl"]
        }, "a-2.jsonl:3: not JSON at byte 9: {\"run\":3,", #line
      ),
    ]

  @Test func partsThatAreNotOneWholeSweepAreRefused() throws {
    let folder = try TemporaryFolder()
    try folder.write("tiny.lua", TuneCommandTests.tiny)
    var made: [String: String] = [:]
    for (name, sweep) in [("a", "1000..3000:1000"), ("b", "1000..3000:500")] {
      for shard in 1...2 {
        let run = try SheetBinary.run(
          ["tune", "tiny.lua", "--param", "dismiss_velocity=\(sweep)", "--shard", "\(shard)/2"],
          in: folder.url)
        try #require(run.status == 0, "\(run.stderr)")
        made["\(name)-\(shard).jsonl"] = run.stdout
      }
    }
    for row in Self.refusals {
      var parts = made
      let files = row.change(&parts)
      for (name, text) in parts { try folder.write(name, text) }
      let run = try SheetBinary.run(["merge"] + files, in: folder.url)
      #expect(run.status == 1, "line \(row.line): \(run.stderr)")
      #expect(run.stdout.isEmpty, "line \(row.line): \(run.stdout)")
      #expect(run.stderr.contains(row.message), "line \(row.line): \(run.stderr)")
    }
  }
}
