import Foundation
import SheetScenario
import SheetScript
import SheetTrace

/// `sheet compare SCENARIO... --behaviour A --behaviour B ... [--format table|csv|jsonl]
/// [--set name=value]... [--fps N] [--plot OUT.svg] [-o OUT] [--jobs N]`.
enum CompareCommand {
  /// The most behaviours one comparison takes.
  static let maximumBehaviours = 16
  /// The most runs (scenarios x behaviours) one comparison makes.
  static let maximumRuns = 1000

  /// Runs every scenario under every behaviour and prints the comparison.
  /// - Parameter arguments: The words after `compare`.
  /// - Returns: 0 when every run passed, 1 otherwise (the comparison is printed either way).
  /// - Throws: `UsageError` for bad arguments: no scenario or behaviour, a behaviour given twice or not
  ///   found, too many runs, a `--set` a behaviour refuses, an output that names a file the run reads.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(
      arguments,
      valued: [
        "--behaviour": "--behaviour", "--behavior": "--behaviour", "--format": "--format", "--set": "--set",
        "--fps": "--fps", "--plot": "--plot", "-o": "-o", "--output": "-o", "--jobs": "--jobs",
      ])
    guard !args.positionals.isEmpty else {
      throw UsageError(message: "expected one or more scenario files or folders")
    }
    let found = try ScenarioArguments.scenarios(in: args.positionals)
    guard !found.scenarios.isEmpty else {
      throw UsageError(
        message: "no scenarios in \(args.positionals.joined(separator: " ")) (\(ScenarioRunner.rule))")
    }
    let behaviours = try behaviours(args)
    let runCount = found.scenarios.count * behaviours.count
    guard runCount <= maximumRuns else {
      throw UsageError(
        message:
          "\(Plural.count(found.scenarios.count, "scenario")) x \(Plural.count(behaviours.count, "behaviour")) make \(runCount) runs; "
          + "at most \(maximumRuns)")
    }
    let format = try args.format(of: ["table", "jsonl", "csv"])
    let options = try ScenarioArguments.options(args)
    try checkOverrides(options.overrides, behaviours: behaviours)
    let output = args.value("-o")
    let plot = args.value("--plot")
    if let output, let plot, output == plot {
      throw UsageError(message: "-o and --plot name the same file '\(output)'")
    }
    let inputs =
      found.scenarios.map { ($0, "a scenario") }
      + behaviours.compactMap { $0.path.map { ($0, "a behaviour") } }
    for target in [output, plot] {
      try OutputFile.refuseOverwriting(target, inputs: inputs)
    }
    let jobs = try ScenarioArguments.jobs(args)
    let scenarios = found.scenarios
    let labels = Self.labels(behaviours)
    let results = Sweep.parallelMap(count: runCount, jobs: jobs, placeholder: nil as ScenarioResult?) {
      index in
      var run = options
      run.behaviourPath = behaviours[index % behaviours.count].reference
      return ScenarioRunner.run(file: scenarios[index / behaviours.count], options: run)
    }
    var runs: [Comparison.Run] = []
    for (index, result) in results.enumerated() {
      guard let result else { continue }
      try ScenarioArguments.requireAcceptedOverrides(result)
      for target in [output, plot] {
        try ScenarioArguments.refuseOverwriting(target, behavioursOf: result)
      }
      runs.append(
        Comparison.Run(
          scenario: scenarios[index / behaviours.count], behaviour: labels[index % behaviours.count],
          result: result))
    }
    let comparison = Comparison(scenarios: scenarios, behaviours: labels, runs: runs)
    let text =
      switch format {
      case "jsonl": comparison.jsonLines()
      case "csv": comparison.csv()
      default: comparison.table()
      }
    try Output.emit(text, to: output)
    if let plot {
      try OutputFile.write(TracePlot().overlay(panels(comparison)), to: plot)
      Output.error("wrote \(plot)")
    }
    // the table on standard output lists the failures; elsewhere they go to standard error, once
    if format != "table" || output != nil {
      for run in comparison.runs where run.status != .ok {
        for failure in run.failures { Output.error("\(run.behaviour): \(failure)") }
      }
    }
    return comparison.failedRuns == 0 ? 0 : 1
  }

  /// The names the comparison shows the behaviours by: a preset's name, a file's name (`maps.lua`, not
  /// its path); files of the same name keep as many of their last folders as tell them apart
  /// (`a/maps.lua`, `b/maps.lua`).
  static func labels(_ behaviours: [Choice]) -> [String] {
    let parts = behaviours.map { choice in
      choice.path.map { URL(fileURLWithPath: $0).standardizedFileURL.pathComponents } ?? [choice.reference]
    }
    var depth = parts.map { _ in 1 }
    while true {
      let labels = zip(parts, depth).map { $0.suffix($1).joined(separator: "/") }
      var clashing = Set<Int>()
      for (i, label) in labels.enumerated() {
        for j in labels.indices where j != i && labels[j] == label { clashing.insert(i) }
      }
      let deeper = clashing.filter { depth[$0] < parts[$0].count }
      guard !deeper.isEmpty else { return labels.map { $0.hasPrefix("//") ? String($0.dropFirst()) : $0 } }
      for i in deeper { depth[i] += 1 }
    }
  }

  /// A `--behaviour` as given and, for a file, its path.
  struct Choice {
    var reference: String
    var path: String?
  }

  /// The `--behaviour` values, each found (a preset or a file) and given once.
  private static func behaviours(_ args: CommandLineArguments) throws(UsageError) -> [Choice] {
    let references = args.options["--behaviour"] ?? []
    guard !references.isEmpty else {
      throw UsageError(
        message: "expected one or more --behaviour PRESET|FILE (`sheet presets` lists the presets)")
    }
    guard references.count <= maximumBehaviours else {
      throw UsageError(message: "\(references.count) behaviours; at most \(maximumBehaviours)")
    }
    var choices: [Choice] = []
    for reference in references {
      guard !choices.contains(where: { $0.reference == reference }) else {
        throw UsageError(message: "--behaviour \(reference) is given twice")
      }
      do throws(BehaviourError) {
        let source = try BehaviourSource.resolve(reference)
        choices.append(Choice(reference: reference, path: source.path))
      } catch {
        throw UsageError(message: "--behaviour \(reference): \(error)")
      }
    }
    return choices
  }

  /// Refuses, before anything runs, a `--set` that a behaviour does not declare (the runs would all stop
  /// there); a behaviour that does not load is left to its runs, which report where it fails.
  private static func checkOverrides(_ overrides: [(name: String, value: Double)], behaviours: [Choice])
    throws(UsageError)
  {
    guard !overrides.isEmpty else { return }
    for choice in behaviours {
      do throws(BehaviourError) {
        _ = try Behaviour.load(try BehaviourSource.resolve(choice.reference), overrides: overrides)
      } catch {
        switch error {
        case .unknownThreshold(_, let name, _, let declared):
          let list =
            declared.isEmpty ? "it declares none" : "its thresholds: " + declared.joined(separator: ", ")
          throw UsageError(message: "--set \(name): --behaviour \(choice.reference): \(error); \(list)")
        case .invalidThreshold: throw UsageError(message: "--behaviour \(choice.reference): \(error)")
        default: continue
        }
      }
    }
  }

  /// The plot's panels: a panel per scenario, a curve per behaviour.
  private static func panels(_ comparison: Comparison) -> [TracePlot.Panel] {
    comparison.scenarios.indices.map { index in
      TracePlot.Panel(
        title: comparison.scenarios[index],
        series: comparison.runs(ofScenario: index).map {
          TracePlot.Series(label: $0.behaviour, points: $0.curve, releases: $0.releases, guides: $0.guides)
        })
    }
  }
}
