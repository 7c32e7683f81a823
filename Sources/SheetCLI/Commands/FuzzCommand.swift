import Foundation
import LuaHost
import SheetCore
import SheetScenario
import SheetScript

/// `sheet fuzz BEHAVIOUR [--runs N | --seconds S] [--seed N] [--screen WxH[,TOP,BOTTOM]] [--edge EDGE]
/// [--steps N] [--jobs N] [--shard i/n] [--exempt PROPERTY]... [--props FILE] [-o OUT]`.
enum FuzzCommand {
  /// The runs made unless `--runs` or `--seconds` says otherwise.
  static let defaultRuns = 1000
  /// The most runs `--runs` may ask for (and the runs `--seconds` alone may make).
  static let largestRuns = 10_000_000
  /// The longest `--seconds` may be.
  static let largestSeconds = 86_400.0

  /// Fuzzes a behaviour and reports the first failing property, shrunk and written as a scenario.
  /// - Parameter arguments: The words after `fuzz`.
  /// - Returns: 0 when every run held every property, 1 for a finding (or a behaviour or properties
  ///   file that does not load).
  /// - Throws: `UsageError` for bad arguments (exit status 2).
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(
      arguments,
      valued: [
        "--runs": "--runs", "--seconds": "--seconds", "--seed": "--seed", "--screen": "--screen",
        "--steps": "--steps", "--jobs": "--jobs", "--shard": "--shard", "--shards": "--shards",
        "--exempt": "--exempt", "--props": "--props", "-o": "-o", "--output": "-o", "--edge": "--edge",
      ])
    guard args.positionals.count == 1, let reference = args.positionals.first else {
      throw UsageError(message: "expected one behaviour file or preset name, got \(args.positionals.count)")
    }
    let source = try behaviour(reference)
    var target = FuzzTarget(source: source, reference: reference)
    target.screen = try screen(args.value("--screen"))
    target.edge = try edge(args.value("--edge"))
    target.maximumSteps = try args.wholeNumber("--steps", in: 1...FuzzTarget.largestSteps) ?? 40
    let seconds = try self.seconds(args.value("--seconds"))
    let runs =
      try args.wholeNumber("--runs", in: 1...largestRuns)
      ?? (seconds == nil ? defaultRuns : largestRuns)
    let seed = try self.seed(args.value("--seed"))
    let jobs = try ScenarioArguments.jobs(args)
    let shard = try Shard.option(args)
    let propertiesPath = args.value("--props") ?? companion(of: source)
    if let path = args.value("--props") { try Output.requireExisting(path) }
    let output = args.value("-o") ?? "fuzz-\(stem(of: source.name))-\(seed).lua"
    try OutputFile.refuseOverwriting(
      output,
      inputs: [(source.path, "the behaviour"), (propertiesPath, "the properties")].compactMap { path, role in
        path.map { ($0, role) }
      })
    do {
      _ = try Behaviour.load(source)
    } catch {
      Output.error("sheet fuzz: \(error.description)")
      return 1
    }
    var properties: FuzzUserProperties?
    if let propertiesPath {
      do {
        let file = FuzzPropertiesFile(name: propertiesPath, text: try SourceFile.read(propertiesPath))
        properties = try FuzzUserProperties(file)
        target.properties = file
      } catch {
        Output.error("sheet fuzz: \(error)")
        return 1
      }
    }
    target.exempt = try exemptions(args.options["--exempt"] ?? [], userNames: properties?.names ?? [])
    let campaign = FuzzCampaign(
      target: target, seed: seed, runs: runs, seconds: seconds, jobs: jobs, shard: shard,
      command: (["sheet", "fuzz"] + withoutJobs(arguments)).joined(separator: " "))
    return try campaign.run(output: output)
  }

  /// The arguments without `--jobs N` (or `--jobs=N`), which changes nothing the fuzz finds: a written
  /// finding names the command that found it the same whatever the jobs.
  static func withoutJobs(_ arguments: [String]) -> [String] {
    var kept: [String] = []
    var skipNext = false
    for word in arguments {
      if skipNext {
        skipNext = false
      } else if word == "--jobs" {
        skipNext = true
      } else if !word.hasPrefix("--jobs=") {
        kept.append(word)
      }
    }
    return kept
  }

  /// The behaviour a reference names: a preset, or a file (which must exist).
  static func behaviour(_ reference: String) throws(UsageError) -> BehaviourSource {
    if reference.hasSuffix(".lua") || reference.contains("/") { try Output.requireExisting(reference) }
    do throws(BehaviourError) {
      return try BehaviourSource.resolve(reference)
    } catch {
      throw UsageError(message: error.description)
    }
  }

  /// The properties file beside a behaviour file, `NAME.props.lua` for `NAME.lua`, when it exists.
  static func companion(of source: BehaviourSource) -> String? {
    guard let path = source.path, path.hasSuffix(".lua") else { return nil }
    let candidate = String(path.dropLast(4)) + ".props.lua"
    return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
  }

  /// A file name without its folder and `.lua` (a finding's default name).
  static func stem(of name: String) -> String {
    let last = name.split(separator: "/").last.map(String.init) ?? name
    return last.hasSuffix(".lua") ? String(last.dropLast(4)) : last
  }

  /// `--screen WIDTHxHEIGHT[,SAFE_TOP,SAFE_BOTTOM]`, or the reference screen.
  static func screen(_ text: String?) throws(UsageError) -> SheetGeometry {
    guard let text else { return .reference }
    let bad = UsageError(
      message: "--screen expects WIDTHxHEIGHT or WIDTHxHEIGHT,SAFE_TOP,SAFE_BOTTOM in points "
        + "(width and height 1...100000, insets 0...10000 leaving some height), got '\(text)'")
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 1 || parts.count == 3, size.count == 2, let width = Double(size[0]),
      let height = Double(size[1]), (1...100_000).contains(width), (1...100_000).contains(height)
    else { throw bad }
    var geometry = SheetGeometry(width: width, height: height, safeArea: SafeArea(top: 0, bottom: 0))
    if parts.count == 3 {
      guard let top = Double(parts[1]), let bottom = Double(parts[2]), (0...10_000).contains(top),
        (0...10_000).contains(bottom)
      else { throw bad }
      geometry.safeArea = SafeArea(top: top, bottom: bottom)
    }
    guard geometry.isValid else { throw bad }
    return geometry
  }

  /// `--edge bottom|top|leading|trailing`, if given.
  static func edge(_ text: String?) throws(UsageError) -> SheetEdge? {
    guard let text else { return nil }
    guard let edge = SheetEdge(rawValue: text) else {
      let names = SheetEdge.allCases.map(\.rawValue)
      let near = NameSuggestion.nearest(to: text, in: names).map { " (did you mean '\($0)'?)" } ?? ""
      throw UsageError(
        message: "--edge expects one of \(names.joined(separator: ", ")), got '\(text)'\(near)")
    }
    return edge
  }

  /// `--seconds S`: more than 0, at most ``largestSeconds``.
  static func seconds(_ text: String?) throws(UsageError) -> Double? {
    guard let text else { return nil }
    guard let value = Double(text), value > 0, value <= largestSeconds else {
      throw UsageError(
        message:
          "--seconds expects a time in seconds above 0 and at most \(Int(largestSeconds)), got '\(text)'")
    }
    return value
  }

  /// `--seed N`: a whole number in 0...2^64-1 (default 1).
  static func seed(_ text: String?) throws(UsageError) -> UInt64 {
    guard let text else { return 1 }
    guard let value = UInt64(text) else {
      throw UsageError(message: "--seed expects a whole number in 0...\(UInt64.max), got '\(text)'")
    }
    return value
  }

  /// The properties `--exempt` names, each a built-in one or one of the author's.
  static func exemptions(_ names: [String], userNames: [String]) throws(UsageError) -> Set<FuzzProperty> {
    var exempt: Set<FuzzProperty> = []
    for name in names {
      guard let property = FuzzProperty.named(name, userNames: userNames) else {
        let known = FuzzProperty.builtIn.map(\.name) + userNames
        let hint = NameSuggestion.hint(name, among: known)
        throw UsageError(
          message: "--exempt: no property '\(name)'\(hint); the properties: \(known.joined(separator: ", "))")
      }
      exempt.insert(property)
    }
    return exempt
  }
}
