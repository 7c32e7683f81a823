import Foundation
import SheetScript
import SheetTrace

/// `sheet bench [--json] [--quick] [--rebuild]`, or one part alone: `sheet bench --only PART --count N`.
enum BenchCommand {
  /// One reported figure.
  struct Row {
    var key: String
    var value: Measurement
    var unit: String
    var goal: String
  }

  /// Measures every figure and prints them as a table or one JSON object; with `--only`, runs one part
  /// alone (``part(_:args:figures:)``).
  /// - Parameter arguments: The words after `bench`.
  /// - Returns: 0, or 1 when a figure could not be measured.
  /// - Throws: `UsageError` for bad arguments.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(
      arguments, valued: ["--only": "--only", "--count": "--count"],
      flags: ["--json", "--quick", "--rebuild"])
    guard args.positionals.isEmpty else { throw UsageError(message: "bench takes no arguments") }
    let figures = BenchFigures(quick: args.has("--quick"))
    if let name = args.value("--only") {
      return try part(try BenchPart.named(name), args: args, figures: figures)
    }
    guard args.value("--count") == nil else { throw UsageError(message: "--count goes with --only") }
    var rows: [Row] = []
    func add(_ key: String, _ value: Measurement, _ unit: String, _ goal: String = "") {
      rows.append(Row(key: key, value: value, unit: unit, goal: goal))
    }
    func progress(_ text: String) { Output.error("bench: \(text)") }
    do {
      progress("Lua calls")
      let calls = try figures.luaCalls()
      add("lua_call_floor_ns", calls.floor, "ns", "(floor)")
      add("host_call_ns", calls.host, "ns")
      add("host_call_ratio", calls.ratio, "x", "<= 1.5")
      progress("frame steps")
      let frames = try figures.frames()
      add("frame_native_ns", frames.native, "ns")
      add("frame_scripted_ns", frames.scripted, "ns")
      add("frame_ratio", frames.ratio, "x")
      add("lua_body_ns", frames.luaBody, "ns", "(floor)")
      add("frame_overhead_ratio", frames.overheadRatio, "x", "<= 1.5")
      add("host_frame_ns", frames.host, "ns")
      add("host_frame_ratio", frames.hostRatio, "x")
      add(
        "frame_budget_share",
        Measurement(median: frames.scripted.median / 8_333_333, spread: frames.scripted.spread), "",
        "< 0.0002")
      let settling = try figures.settleFrames()
      add("settle_native_ns", settling.native, "ns")
      add("settle_scripted_ns", settling.scripted, "ns")
      progress("scenarios")
      let scenarios = try figures.scenarios()
      add("scenario_per_s", scenarios.warm, "/s", "> 20000")
      add("scenario_cold_per_s", scenarios.cold, "/s")
      add("cold_start_floor_per_s", scenarios.coldFloor, "/s", "(floor)")
      progress("a tune run of \(BenchFigures.sweepScenario) against its replay")
      if let sweep = try figures.sweepRun() {
        add("sweep_run_ms", sweep.run, "ms")
        add("sweep_floor_ms", sweep.floor, "ms", "(floor)")
        add("sweep_run_ratio", sweep.ratio, "x", "<= 1.3")
      } else {
        progress("\(BenchFigures.sweepScenario) not found (run from the package's folder): no sweep_run_*")
      }
      progress("the shipped suite swept on one thread")
      if let runs = try figures.tuneRuns() {
        add("tune_runs_per_s", runs, "/s")
      } else {
        progress(
          "\(BenchFigures.scenarioFolder) not found (run from the package's folder): no tune_runs_per_s")
      }
      progress("a synthetic corpus replayed against its frames in the frame loop, on 2 threads against 1")
      let corpus = try figures.corpusReplay()
      add("corpus_replay_ratio", corpus.ratio, "x", "<= 1.3")
      add("corpus_replay_speedup", corpus.speedup, "x", ">= 1.8")
      progress("sweep on 2 threads against 1")
      add("sweep_speedup", try figures.sweepSpeedup(), "x", "> 1.7")
      progress("hot reload")
      add("reload_ms", try figures.reload(), "ms", "< 20")
      add("state_bytes", Measurement(median: try figures.stateBytes(), spread: 0), "B")
      progress("resident memory over cold scenarios")
      add("leak_bytes", Measurement(median: try figures.leakBytes(), spread: 0), "B", "< 1048576")
      if args.has("--rebuild") {
        progress("swift build after DefaultPolicy.swift is saved")
        add(
          "rebuild_s", Measurement(median: try figures.rebuildSeconds(), spread: 0), "s",
          "(contrast: reload_ms)")
      }
    } catch {
      Output.error("sheet bench: \(error)")
      return 1
    }
    Output.write(args.has("--json") ? json(rows) : table(rows, quick: figures.quick))
    return 0
  }

  /// Runs one part alone and prints its line: the part, nanoseconds per unit, and the units.
  /// - Parameters:
  ///   - part: The part.
  ///   - args: The command's arguments (`--count`).
  ///   - figures: The bench's figures, which the part runs through.
  /// - Returns: 0, or 1 when the part could not run.
  /// - Throws: `UsageError` for a missing or bad `--count`, or another flag beside `--only`.
  static func part(_ part: BenchPart, args: CommandLineArguments, figures: BenchFigures) throws -> Int32 {
    for flag in ["--json", "--quick", "--rebuild"] where args.has(flag) {
      throw UsageError(message: "\(flag) does not go with --only")
    }
    let count = try part.count(in: args)
    do {
      let ns = try part.run(count: count, figures: figures)
      guard ns.isFinite else { throw BenchError(message: "\(part.rawValue) did not measure") }
      Output.write("\(part.rawValue) \(format(ns)) ns per \(part.unit), \(count) \(part.unit)s\n")
      return 0
    } catch {
      Output.error("sheet bench: \(error)")
      return 1
    }
  }

  /// The figures as one JSON object: each key's median, and `spread` holding each relative spread.
  static func json(_ rows: [Row]) -> String {
    var json = JSONWriter()
    json.beginObject()
    for row in rows { json.field(row.key, row.value.median) }
    json.key("spread")
    json.beginObject()
    for row in rows { json.field(row.key, row.value.spread) }
    json.endObject()
    json.endObject()
    json.newline()
    return json.text
  }

  /// The figures as a table for people.
  static func table(_ rows: [Row], quick: Bool) -> String {
    var out =
      "sheet bench: median of \(quick ? 3 : 9) timed batches after a warm-up, ± half the interquartile range\n"
    out +=
      "figure".padding(toLength: 22, withPad: " ", startingAt: 0) + "value".leftPadded(14)
      + "  spread   goal\n"
    for row in rows {
      out += row.key.padding(toLength: 22, withPad: " ", startingAt: 0)
      out += (format(row.value.median) + (row.unit.isEmpty ? "" : " \(row.unit)")).leftPadded(14)
      out += ("±" + TraceNumber.format(row.value.spread * 100, decimals: 1) + "%").leftPadded(8)
      out += row.goal.isEmpty ? "\n" : "   \(row.goal)\n"
    }
    return out
  }

  /// A figure with a sensible number of digits.
  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "nan" }
    let magnitude = abs(value)
    let decimals = magnitude >= 1000 ? 0 : magnitude >= 10 ? 1 : magnitude >= 0.01 ? 3 : 7
    return TraceNumber.format(value, decimals: decimals)
  }

}

extension String {
  /// The string right-aligned in `width` characters.
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
