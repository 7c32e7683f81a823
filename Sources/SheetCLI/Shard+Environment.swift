/// The shard a job engine gives through the environment, when `--shard` is absent.
///
/// The engines number their tasks from 0; a shard is numbered from 1, so task `k` is shard `k + 1`:
/// - a Kubernetes Indexed Job: `JOB_COMPLETION_INDEX`, with the Job's completions given as `--shards N`
///   (the count is not in the pod's environment);
/// - a Slurm job array: `SLURM_ARRAY_TASK_ID` with `SLURM_ARRAY_TASK_COUNT`, counted from
///   `SLURM_ARRAY_TASK_MIN` (0 when unset) in steps of `SLURM_ARRAY_TASK_STEP` (1 when unset), so
///   `--array=1-4` and `--array=0-6:2` both make shards 1/4 to 4/4; an array that is not such a range
///   (`--array=1,2,7`, seen from `SLURM_ARRAY_TASK_MAX`) is refused;
/// - Bazel's test sharding: `TEST_SHARD_INDEX` with `TEST_TOTAL_SHARDS`.
///
/// `--shard i/n` wins over all of them.
extension Shard {
  /// The variables that name a task's index, with the engine each belongs to.
  static let engines = [
    (variable: "JOB_COMPLETION_INDEX", engine: "a Kubernetes Indexed Job"),
    (variable: "SLURM_ARRAY_TASK_ID", engine: "a Slurm job array"),
    (variable: "TEST_SHARD_INDEX", engine: "Bazel's test sharding"),
  ]

  /// The shard `--shard` gives, else the one a job engine's variables give, else nil (no shard: the
  /// whole sweep, in one process).
  /// - Parameters:
  ///   - args: The parsed arguments (`--shard i/n`, `--shards N`).
  ///   - environment: The process's environment.
  /// - Returns: The shard, or nil.
  /// - Throws: `UsageError` naming the option or variable and its value: a malformed or out-of-range
  ///   value, a count missing, `--shards` without `JOB_COMPLETION_INDEX`, two engines' variables at once.
  static func given(_ args: CommandLineArguments, environment: [String: String]) throws(UsageError) -> Shard?
  {
    if let text = args.value("--shard") {
      if let count = args.value("--shards") {
        throw UsageError(
          message: "--shard \(text) and --shards \(count): --shards goes with JOB_COMPLETION_INDEX; give one")
      }
      return try parse(text)
    }
    let present = engines.filter { environment[$0.variable] != nil }
    if present.count > 1 {
      let both = present.map { "\($0.variable)=\(environment[$0.variable] ?? "")" }
      throw UsageError(
        message: "\(both.joined(separator: " and ")) are both set; say which shard with --shard i/n")
    }
    if let count = args.value("--shards"), present.first?.variable != "JOB_COMPLETION_INDEX" {
      throw UsageError(
        message: "--shards \(count) counts a Kubernetes Indexed Job's completions, but JOB_COMPLETION_INDEX "
          + "is not set; elsewhere give --shard i/n")
    }
    switch present.first?.variable {
    case "JOB_COMPLETION_INDEX"?: return try kubernetes(args, environment)
    case "SLURM_ARRAY_TASK_ID"?: return try slurm(environment)
    case "TEST_SHARD_INDEX"?: return try bazel(environment)
    default: return nil
    }
  }

  /// `JOB_COMPLETION_INDEX` of `--shards N`.
  private static func kubernetes(_ args: CommandLineArguments, _ environment: [String: String])
    throws(UsageError) -> Shard
  {
    let index = try number("JOB_COMPLETION_INDEX", environment)
    guard let text = args.value("--shards") else {
      throw UsageError(
        message:
          "JOB_COMPLETION_INDEX=\(index) is set (a Kubernetes Indexed Job): give the Job's completions "
          + "as --shards N")
    }
    guard let count = Int(text), (1...largestCount).contains(count) else {
      throw UsageError(message: "--shards expects a whole number from 1 to \(largestCount), got '\(text)'")
    }
    return try zeroBased(index, of: count, "JOB_COMPLETION_INDEX=\(index) with --shards \(count)")
  }

  /// `SLURM_ARRAY_TASK_ID` counted from `SLURM_ARRAY_TASK_MIN` in steps of `SLURM_ARRAY_TASK_STEP`.
  private static func slurm(_ environment: [String: String]) throws(UsageError) -> Shard {
    let id = try number("SLURM_ARRAY_TASK_ID", environment)
    let count = try number("SLURM_ARRAY_TASK_COUNT", environment, needed: "SLURM_ARRAY_TASK_ID")
    let minimum =
      try environment["SLURM_ARRAY_TASK_MIN"] == nil ? 0 : number("SLURM_ARRAY_TASK_MIN", environment)
    let step =
      try environment["SLURM_ARRAY_TASK_STEP"] == nil ? 1 : number("SLURM_ARRAY_TASK_STEP", environment)
    let array =
      "SLURM_ARRAY_TASK_ID=\(id) with SLURM_ARRAY_TASK_MIN=\(minimum), SLURM_ARRAY_TASK_STEP=\(step)"
      + " and SLURM_ARRAY_TASK_COUNT=\(count)"
    guard step >= 1, id >= minimum, (id - minimum) % step == 0 else {
      throw UsageError(message: "\(array): the task is not in the array's range")
    }
    if environment["SLURM_ARRAY_TASK_MAX"] != nil {
      let maximum = try number("SLURM_ARRAY_TASK_MAX", environment)
      guard count >= 1, maximum == minimum + (count - 1) * step else {
        throw UsageError(
          message: "\(array) and SLURM_ARRAY_TASK_MAX=\(maximum): the array is not a range from MIN in steps "
            + "of STEP; submit --array=0-N (or A-B:S), or give --shard i/n")
      }
    }
    return try zeroBased((id - minimum) / step, of: count, array)
  }

  /// `TEST_SHARD_INDEX` of `TEST_TOTAL_SHARDS`.
  private static func bazel(_ environment: [String: String]) throws(UsageError) -> Shard {
    let index = try number("TEST_SHARD_INDEX", environment)
    let count = try number("TEST_TOTAL_SHARDS", environment, needed: "TEST_SHARD_INDEX")
    return try zeroBased(index, of: count, "TEST_SHARD_INDEX=\(index) with TEST_TOTAL_SHARDS=\(count)")
  }

  /// Task `index` (0-based) of `count` as a shard.
  private static func zeroBased(_ index: Int, of count: Int, _ what: String) throws(UsageError) -> Shard {
    guard (1...largestCount).contains(count) else {
      throw UsageError(message: "\(what): the count must be from 1 to \(largestCount)")
    }
    guard (0..<count).contains(index) else {
      throw UsageError(message: "\(what): the index must be from 0 to \(count - 1)")
    }
    return Shard(index: index + 1, count: count)
  }

  /// A variable's value as a whole number: decimal digits only, at most 9 of them.
  /// - Parameters:
  ///   - variable: The variable's name.
  ///   - environment: The environment.
  ///   - needed: The variable that needs this one, when it is missing.
  private static func number(_ variable: String, _ environment: [String: String], needed: String? = nil)
    throws(UsageError) -> Int
  {
    guard let text = environment[variable] else {
      throw UsageError(message: "\(needed ?? variable) is set but \(variable) is not")
    }
    guard (1...9).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let value = Int(text)
    else {
      throw UsageError(message: "\(variable)='\(text)' is not a whole number (0 to 999999999)")
    }
    return value
  }
}
