import Foundation
import Testing

/// `sheet fit` in shards, run as the built binary: round after round, four shards under GNU parallel
/// and `sheet merge --plan` reach the report (and the `--write`) of the fit in one process, byte for
/// byte, the search taking the same points; a round that is not the one the plan awaits, a plan of
/// another fit or a bad one, and options that do not go with a shard are refused, naming what is wrong.
@Suite struct FitShardTests {
  /// The fit over the known answer's corpus (FitCommandTests), run in `folder` on its own behaviour file.
  static let fit = ["fit", "labelled.jsonl", "--behaviour", "b.lua", "--jobs", "1"] + FitCommandTests.params

  /// A folder holding the labelled corpus (60 gestures and, at line 61, a bad one) and `b.lua`, a copy
  /// of the `system` preset.
  static func folder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    let labelled = try FitCommandTests.labelled(folder)
    try folder.write(
      "labelled.jsonl",
      try String(contentsOfFile: labelled, encoding: .utf8) + #"{"version":1,"origin":"host"}"# + "\n")
    let made = try SheetBinary.run(["init", ".", "--from", "system"], in: folder.url)
    try #require(made.status == 0, "\(made.stderr)")
    try FileManager.default.moveItem(
      at: folder.url.appendingPathComponent("behaviour.lua"), to: folder.url.appendingPathComponent("b.lua"))
    return folder
  }

  /// Runs the rounds: the shards under GNU parallel, then the merge, until the merge prints the report.
  /// - Returns: The last merge, and the rounds it took.
  static func rounds(_ arguments: [String], shards: Int, in folder: TemporaryFolder) throws -> (SheetRun, Int)
  {
    let parallel = try #require(
      ["/usr/bin/parallel", "/usr/local/bin/parallel"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      },
      "GNU parallel is missing (Debian's parallel; scripts/setup installs it)")
    let parts = (1...shards).map { "part-\($0).jsonl" }
    for round in 1...40 {
      let shell =
        [SheetBinary.executable.path] + arguments + [
          "--plan", "plan.jsonl", "--shard", "{}/\(shards)", "-o", "part-{}.jsonl",
        ]
      let ran = try SheetBinary.run(
        ["--will-cite", "--halt", "now,fail=1"] + shell + [":::"] + (1...shards).map(String.init),
        in: folder.url,
        program: URL(fileURLWithPath: parallel))
      try #require(ran.status == 0, "round \(round): \(ran.stdout)\(ran.stderr)")
      let merged = try SheetBinary.run(["merge", "--plan", "plan.jsonl"] + parts.reversed(), in: folder.url)
      if !merged.stdout.isEmpty { return (merged, round) }
      try #require(merged.status == 0, "round \(round): \(merged.stderr)")
      #expect(merged.stderr.hasPrefix("fit: round \(round) merged into plan.jsonl; the search needs "))
    }
    struct NoReport: Error {}
    throw NoReport()  // the search ended in fewer rounds than the points it evaluates
  }

  @Test(arguments: ["text", "jsonl"])
  func fourShardsUnderGNUParallelMergeRoundByRoundToTheSingleFitsBytes(format: String) throws {
    let one = try Self.folder()
    let many = try Self.folder()
    let arguments = Self.fit + ["--format", format] + (format == "text" ? ["--write", "b.lua"] : [])
    let whole = try SheetBinary.run(arguments, in: one.url)
    // the bad line makes the status 1; the 60 gestures are fitted, the known answer chosen
    #expect(whole.status == 1)
    #expect(whole.stderr.hasSuffix("fit: 1 line not read (reported above) and skipped\n"), "\(whole.stderr)")
    #expect(whole.stdout.contains(#"0.995"#) && whole.stdout.contains(#"0.6"#))
    let (merged, rounds) = try Self.rounds(arguments, shards: 4, in: many)
    // the search asks for its batches one after another: the coarse grid, the moves, the sensitivity
    #expect(rounds >= 4, "\(rounds) rounds")
    #expect(merged.status == whole.status)
    #expect(merged.stdoutData == whole.stdoutData, "\(merged.stdout)\(merged.stderr)")
    #expect(merged.stderr.hasSuffix("fit: 1 line not read (reported by the shards) and skipped\n"))
    if format == "text" {
      let written = try String(contentsOf: one.url.appendingPathComponent("b.lua"), encoding: .utf8)
      #expect(written.contains("projection_rate = 0.995"), "the chosen values written")
      #expect(try String(contentsOf: many.url.appendingPathComponent("b.lua"), encoding: .utf8) == written)
    }
    // the plan stays as the last round read it: that round's parts merged again print the report again
    // (after --write, the file is not the one the fit read, and nothing is written or printed)
    let again = try SheetBinary.run(
      ["merge", "--plan", "plan.jsonl"] + (1...4).map { "part-\($0).jsonl" }, in: many.url)
    if format == "text" {
      #expect(again.status == 2 && again.stdout.isEmpty, "\(again.stdout)")
      #expect(again.stderr.contains("--write b.lua: the file is not the one the fit read"), "\(again.stderr)")
    } else {
      #expect(again.status == merged.status && again.stdoutData == whole.stdoutData, "\(again.stderr)")
    }
  }

  @Test func aRoundThatIsNotThePlansIsRefused() throws {
    let folder = try Self.folder()
    func run(_ arguments: [String]) throws -> SheetRun { try SheetBinary.run(arguments, in: folder.url) }
    func shard(_ i: Int, plan: String = "plan.jsonl", _ extra: [String] = []) throws -> SheetRun {
      try run(Self.fit + extra + ["--plan", plan, "--shard", "\(i)/2", "-o", "part-\(i).jsonl"])
    }
    // options that do not go with a shard, or a shard without its plan
    let noPlan = try run(Self.fit + ["--shard", "1/2"])
    #expect(noPlan.status == 2 && noPlan.stderr.contains("a sharded fit goes in rounds: give --plan FILE"))
    let exhaustive = try run(Self.fit + ["--shard", "1/2", "--plan", "plan.jsonl", "--exhaustive"])
    #expect(exhaustive.status == 2 && exhaustive.stderr.contains("--exhaustive runs in one process"))
    let planAlone = try run(Self.fit + ["--plan", "plan.jsonl"])
    #expect(planAlone.status == 2 && planAlone.stderr.contains("--plan plan.jsonl goes with a shard's round"))
    let overPlan = try run(Self.fit + ["--plan", "plan.jsonl", "--shard", "1/2", "-o", "./plan.jsonl"])
    #expect(
      overPlan.status == 2
        && overPlan.stderr.contains("-o ./plan.jsonl is a file this run reads (the --plan file)"))
    let overBehaviour = try run(Self.fit + ["--plan", "plan.jsonl", "--shard", "1/2", "-o", "b.lua"])
    #expect(
      overBehaviour.status == 2 && overBehaviour.stderr.contains("is a file this run reads (the behaviour)"))
    // a job engine's variables make no shard of a fit without a plan: the task fits in one process
    let task = try SheetBinary.run(
      Self.fit, in: folder.url, environment: ShardCommandTests.slurm(id: 1, min: 1, max: 4, count: 4))
    #expect(task.status == 1 && task.stdout.hasPrefix("Fit of b.lua to 60 gestures"), "\(task.stderr)")
    // the first round, merged once; its parts again are of a plan that has moved on
    #expect(try shard(1).status == 0 && shard(2).status == 0)
    // a part whose setup was edited (here two parameters of one name, which would trap a --write) is
    // refused by its digest, as is an intent with an escape sequence in a record
    for k in 1...2 {
      let part = try String(contentsOf: folder.url.appendingPathComponent("part-\(k).jsonl"), encoding: .utf8)
      try folder.write(
        "edited-\(k).jsonl",
        part.replacingOccurrences(
          of: #""params":["projection_rate=0.99..0.999:0.0005","redirect_progress=0.3..0.9:0.05"]"#,
          with: #""params":["projection_rate=0.99..0.999:0.0005","projection_rate=0.99..0.999:0.0005"]"#))
      try folder.write(
        "relabelled-\(k).jsonl", part.replacingOccurrences(of: #""label":"b.lua""#, with: #""label":"c.lua""#)
      )
      try folder.write(
        "escaped-\(k).jsonl",
        part.replacingOccurrences(of: #""intent":"large""#, with: #""intent":"\u001b[2J""#))
    }
    let edited = try run(["merge", "--plan", "plan.jsonl", "edited-1.jsonl", "edited-2.jsonl"])
    #expect(
      edited.status == 1 && edited.stderr.contains("field 'setup.params[1]': projection_rate is given twice"))
    let relabelled = try run(["merge", "--plan", "plan.jsonl", "relabelled-1.jsonl", "relabelled-2.jsonl"])
    #expect(
      relabelled.status == 1 && relabelled.stderr.contains("or the part was edited"), "\(relabelled.stderr)")
    let escaped = try run(["merge", "--plan", "plan.jsonl", "escaped-1.jsonl", "escaped-2.jsonl"])
    #expect(escaped.status == 1 && escaped.stderr.contains(#"field 'intent': expected a name"#))
    #expect(
      escaped.stderr.contains(#"got '\u001b[2J'"#) && !escaped.stderr.contains("\u{1b}"), "\(escaped.stderr)")
    let withoutPlan = try run(["merge", "part-1.jsonl", "part-2.jsonl"])
    #expect(
      withoutPlan.status == 1 && withoutPlan.stderr.contains("give --plan FILE"), "\(withoutPlan.stderr)")
    let first = try run(["merge", "--plan", "plan.jsonl", "part-1.jsonl", "part-2.jsonl"])
    #expect(first.status == 0 && first.stdout.isEmpty, "\(first.stdout)")
    #expect(first.stderr.hasPrefix("fit: round 1 merged into plan.jsonl"), "\(first.stderr)")
    let stale = try run(["merge", "--plan", "plan.jsonl", "part-1.jsonl", "part-2.jsonl"])
    #expect(stale.status == 1 && stale.stdout.isEmpty)
    #expect(stale.stderr.contains("the round's shards read another plan"), "\(stale.stderr)")
    // a part of the second round with one of the first: another digest
    #expect(try shard(1).status == 0)
    let mixed = try run(["merge", "--plan", "plan.jsonl", "part-1.jsonl", "part-2.jsonl"])
    #expect(mixed.status == 1 && mixed.stderr.contains("field 'digest'"), "\(mixed.stderr)")
    // the plan of another fit (another --set), and a plan whose line does not add up
    let other = try shard(1, ["--set", "spring_damping=0.9"])
    #expect(other.status == 2 && other.stderr.contains("the plan is of another fit"), "\(other.stderr)")
    let plan = try String(contentsOf: folder.url.appendingPathComponent("plan.jsonl"), encoding: .utf8)
    var lines = plan.split(separator: "\n").map(String.init)
    lines[2] = lines[2].replacingOccurrences(of: #""gestures":60"#, with: #""gestures":61"#)
    try folder.write("bad-plan.jsonl", lines.joined(separator: "\n") + "\n")
    let bad = try shard(1, plan: "bad-plan.jsonl")
    #expect(bad.status == 2, "\(bad.stderr)")
    #expect(
      bad.stderr.contains("bad-plan.jsonl:3: field 'gestures': 61, but the confusion and failures count 60"))
    // a plan whose counts add up but do not count the fit's gestures: its shards run, the merge refuses
    lines = plan.split(separator: "\n").map(String.init)
    lines[1] = lines[1].replacingOccurrences(
      of: #""gestures":60,"failures":0"#, with: #""gestures":61,"failures":1"#)
    try folder.write("inflated.jsonl", lines.joined(separator: "\n") + "\n")
    #expect(try shard(1, plan: "inflated.jsonl").status == 0 && shard(2, plan: "inflated.jsonl").status == 0)
    let inflated = try run(["merge", "--plan", "inflated.jsonl", "part-1.jsonl", "part-2.jsonl"])
    #expect(inflated.status == 1, "\(inflated.stderr)")
    #expect(
      inflated.stderr.contains("field 'gestures': 61 at the current values, but the fit has 60 gestures"))
    // --plan with another command's parts
    let replay = try run([
      "replay", "labelled.jsonl", "--behaviour", "system", "--shard", "1/1", "-o", "r.jsonl",
    ])
    #expect(replay.status == 0, "\(replay.stderr)")
    let wrong = try run(["merge", "--plan", "plan.jsonl", "r.jsonl"])
    #expect(wrong.status == 1 && wrong.stderr.contains("goes with a fit's parts"), "\(wrong.stderr)")
  }
}
