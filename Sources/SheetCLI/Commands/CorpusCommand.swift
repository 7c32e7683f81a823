import LuaHost
import SheetCore
import SheetScenario
import SheetScript
import SheetTrace

/// `sheet corpus synth --count N --seed S [--behaviour B]` and `sheet corpus from-scenario PATH...`:
/// write a gesture corpus to standard output.
enum CorpusCommand {
  /// The most bytes of lines gathered before they are written.
  static let batchBytes = 1 << 16

  /// The subcommands.
  static let subcommands = ["synth", "from-scenario", "label"]
  /// The most gestures `from-scenario` takes from one scenario.
  static let gesturesPerScenario = 100_000

  /// Runs a `corpus` subcommand.
  /// - Parameter arguments: The words after `corpus`.
  /// - Returns: 0; for `from-scenario`, 1 when no scenario gave a gesture.
  /// - Throws: `UsageError` for an unknown subcommand or bad arguments.
  static func main(_ arguments: [String]) throws -> Int32 {
    guard let subcommand = arguments.first else {
      throw UsageError(message: "corpus needs a subcommand: \(subcommands.joined(separator: " or "))")
    }
    guard subcommands.contains(subcommand) else {
      throw UsageError(
        message:
          "unknown corpus subcommand '\(subcommand)'\(NameSuggestion.hint(subcommand, among: subcommands))")
    }
    if subcommand == "from-scenario" { return try fromScenario(Array(arguments.dropFirst())) }
    if subcommand == "label" { return try CorpusLabel.main(Array(arguments.dropFirst())) }
    let args = try CommandLineArguments(
      Array(arguments.dropFirst()),
      valued: ["--count": "--count", "--seed": "--seed", "--behaviour": "--behaviour"])
    guard args.positionals.isEmpty else {
      throw UsageError(
        message: "corpus synth takes no file (it writes to standard output), got '\(args.positionals[0])'")
    }
    let count = try number("--count", args, in: 1...GestureSynth.maximumCount)
    let seed = try number("--seed", args, in: 0...Int.max)
    let reference = args.value("--behaviour") ?? "system"
    let synth: GestureSynth
    do {
      synth = try GestureSynth(
        source: try BehaviourSource.resolve(reference), screen: .reference, seed: UInt64(seed))
    } catch {
      throw UsageError(message: "--behaviour \(reference): \(error)")
    }
    var batch = ""
    for index in 0..<count {
      batch += synth.gesture(index).jsonLine()
      batch += "\n"
      if batch.utf8.count >= batchBytes {
        Output.write(batch)
        batch = ""
      }
    }
    Output.write(batch)
    return 0
  }

  /// `from-scenario PATH...`: runs each scenario (files and folders, as `sheet test` finds them) and
  /// writes the drags its sheet followed as gestures of origin `scenario`, in file order; a line per
  /// scenario on standard error says how many.
  private static func fromScenario(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(arguments)
    guard !args.positionals.isEmpty else {
      throw UsageError(message: "corpus from-scenario needs a scenario file or folder")
    }
    let found = try ScenarioArguments.scenarios(in: args.positionals)
    var options = ScenarioOptions()
    options.keepsFrames = false
    options.gestureLimit = gesturesPerScenario
    var total = 0
    for file in found.scenarios {
      let result = ScenarioRunner.run(file: file, options: options)
      Output.write(result.gestures.map { $0.jsonLine() + "\n" }.joined())
      total += result.gestures.count
      let dropped = result.droppedGestures > 0 ? " (\(result.droppedGestures) left out)" : ""
      Output.error("\(file): \(Plural.count(result.gestures.count, "gesture"))\(dropped)")
    }
    return total > 0 ? 0 : 1
  }

  /// A whole-number option in a range, required.
  private static func number(_ option: String, _ args: CommandLineArguments, in range: ClosedRange<Int>)
    throws(UsageError) -> Int
  {
    guard let value = try args.wholeNumber(option, in: range) else {
      throw UsageError(message: "corpus synth needs \(option) N")
    }
    return value
  }
}
