import Foundation
import Testing

/// `sheet corpus synth` and `sheet replay` run as the built binary: the same seed writes the same
/// bytes, a replay's report is the same whatever `--jobs`, its `--against` summary is the sum of its
/// gesture-by-gesture lines, bad lines are reported with their numbers and skipped, and bad arguments
/// are usage errors.
@Suite struct ReplayCommandTests {
  /// Writes a synthetic corpus of `count` gestures into the folder and returns its path.
  static func corpus(_ folder: TemporaryFolder, count: Int, seed: Int) throws -> String {
    let run = try SheetBinary.run(["corpus", "synth", "--count", "\(count)", "--seed", "\(seed)"])
    #expect(run.status == 0, "\(run.stderr)")
    let path = folder.url.appendingPathComponent("c\(seed).jsonl").path
    try run.stdoutData.write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func theSameSeedWritesTheSameBytes() throws {
    let a = try SheetBinary.run(["corpus", "synth", "--count", "30", "--seed", "9"])
    let b = try SheetBinary.run(["corpus", "synth", "--count", "30", "--seed", "9"])
    let c = try SheetBinary.run(["corpus", "synth", "--count", "30", "--seed", "10"])
    #expect(a.status == 0 && a.stdoutData == b.stdoutData && a.stdoutData != c.stdoutData)
    let lines = a.stdout.split(separator: "\n")
    #expect(lines.count == 30)
    #expect(lines.allSatisfy { $0.contains(#""origin":"synthetic""#) && $0.contains(#""intent":"#) })
  }

  @Test func aReplayIsTheSameWhateverTheJobs() throws {
    let folder = try TemporaryFolder()
    let path = try Self.corpus(folder, count: 60, seed: 3)
    let arguments = ["replay", path, "--behaviour", "system", "--against-set", "projection_rate=0.995"]
    let one = try SheetBinary.run(arguments + ["--jobs", "1"])
    let two = try SheetBinary.run(arguments + ["--jobs", "2"])
    #expect(one.status == 0, "\(one.stderr)")
    #expect(one.stdoutData == two.stdoutData)
    #expect(
      one.stdout.hasPrefix("Replayed 60 gestures (60 synthetic) with system.lua, against system.lua with "))
    let lines = try SheetBinary.run(arguments + ["--jobs", "2", "--format", "jsonl"])
    let again = try SheetBinary.run(arguments + ["--jobs", "1", "--format", "jsonl"])
    #expect(lines.stdoutData == again.stdoutData)
    // the summary's changes counted here from the gesture-by-gesture lines
    var changes: [String: Int] = [:]
    var indices: [Int] = []
    for line in lines.stdout.split(separator: "\n") {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
      indices.append(object["index"] as? Int ?? -1)
      let a = (object["a"] as? [String: Any])?["end"] as? String ?? "?"
      let b = (object["b"] as? [String: Any])?["end"] as? String ?? "?"
      #expect((object["changed"] as? Bool) == (a != b))
      if a != b { changes["\(a)→\(b)", default: 0] += 1 }
    }
    #expect(indices == Array(0..<60))
    let changed = changes.values.reduce(0, +)
    let ranked = changes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    let sentence = "\(changed) of 60 gestures end at another detent" + (changed > 0 ? ": " + ranked : "")
    #expect(one.stdout.hasSuffix(sentence + "\n"), "\(one.stdout)")
  }

  @Test func badLinesAreReportedWithTheirNumbersAndSkipped() throws {
    let folder = try TemporaryFolder()
    let good = try Self.corpus(folder, count: 2, seed: 5)
    let lines = try String(contentsOfFile: good, encoding: .utf8).split(separator: "\n").map(String.init)
    let mixed = folder.url.appendingPathComponent("mixed.jsonl").path
    let text = [
      lines[0], "{", lines[1].replacingOccurrences(of: #""version":1"#, with: #""version":3"#), lines[1],
    ]
    try (text.joined(separator: "\n") + "\n").write(toFile: mixed, atomically: true, encoding: .utf8)
    let run = try SheetBinary.run(["replay", mixed, "--behaviour", "system"])
    #expect(run.status == 1)
    #expect(run.stdout.hasPrefix("Replayed 2 gestures (2 synthetic) with system.lua\n"))
    #expect(
      run.stderr.split(separator: "\n") == [
        "\(mixed):2: not JSON at byte 1",  // "{": the object ends there
        "\(mixed):3: field 'version': version 3 is not one this sheet reads (it reads version 1)",
        "replay: 2 lines not read (reported above) and skipped",
      ])
  }

  @Test func aScenariosGesturesReplayToTheirOutcomes() throws {
    let folder = try TemporaryFolder()
    let files = ["Tests/Scenarios/system_fling.lua", "Tests/Scenarios/system_snap.lua"]
    let made = try SheetBinary.run(["corpus", "from-scenario"] + files)
    #expect(made.status == 0, "\(made.stderr)")
    #expect(
      made.stderr
        == "Tests/Scenarios/system_fling.lua: 6 gestures\nTests/Scenarios/system_snap.lua: 5 gestures\n")
    let path = folder.url.appendingPathComponent("s.jsonl").path
    try made.stdoutData.write(to: URL(fileURLWithPath: path))
    let run = try SheetBinary.run(["replay", path, "--behaviour", "system"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("Replayed 11 gestures (11 scenario) with system.lua\n"))
    #expect(run.stdout.contains("\n0 of 11 gestures with a recorded outcome end elsewhere than recorded\n"))
  }

  /// Each row: the arguments, words of the error.
  static let usageErrors: [(arguments: [String], message: String, line: UInt)] = [
    (["replay", "c.jsonl"], "replay needs --behaviour", #line),
    (["replay"], "replay needs a corpus file", #line),
    (["replay", "c.jsonl", "--behaviour", "system", "--format", "csv"], "unknown format 'csv'", #line),
    (
      ["replay", "c.jsonl", "--behaviour", "system", "--set", "projection_rat=0.99"],
      "did you mean 'projection_rate'", #line
    ),
    (["replay", "c.jsonl", "--behaviour", "nope"], "--behaviour nope:", #line),
    (["corpus", "synth", "--count", "0", "--seed", "1"], "--count expects a whole number", #line),
    (["corpus", "synth", "--count", "5"], "corpus synth needs --seed", #line),
    (["corpus", "synht"], "did you mean 'synth'", #line),
    (["corpus", "from-scenario"], "needs a scenario file or folder", #line),
  ]

  @Test func badArgumentsAreUsageErrors() throws {
    let folder = try TemporaryFolder()
    _ = try Self.corpus(folder, count: 1, seed: 1)
    try FileManager.default.moveItem(
      atPath: folder.url.appendingPathComponent("c1.jsonl").path,
      toPath: folder.url.appendingPathComponent("c.jsonl").path)
    for row in Self.usageErrors {
      let run = try SheetBinary.run(row.arguments, in: folder.url)
      let location = Testing.SourceLocation(
        fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1)
      #expect(run.status == 2, sourceLocation: location)
      #expect(run.stderr.contains(row.message), "\(run.stderr)", sourceLocation: location)
    }
  }
}
