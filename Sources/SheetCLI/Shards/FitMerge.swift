import LuaHost
import SheetScenario
import SheetTrace

/// `sheet merge --plan PLAN` of a round of `sheet fit`'s parts (``FitSetup``): each gesture's ends summed
/// into each point's score, added to the plan; then either the plan written for the next round, or,
/// once the search needs no more points, the report printed (and with `--write` the file written) as
/// `sheet fit` does in one process.
struct FitMerge {
  private let planFile: String
  private var plan: FitPlan
  private let search: FitSearch
  private let parameters: [SweepParameter]
  private let label: String
  private let format: String
  private let withoutIntent: Int
  private let bad: Int
  private let write: (file: String, digest: String)?
  /// The round's points (nil: the current values), and each one's score as the records add up.
  private let points: [FitSearch.Point?]
  private var scores: [FitScore]
  private var gestures = 0

  /// A merge of the round whose first part's header is `header`, over the plan in `planFile`.
  /// - Throws: ``ShardPartError`` for a setup that is not a fit's, or a plan that is not the one the
  ///   round's shards read.
  init(_ header: ShardPart.Header, file: String, planFile: String?) throws(ShardPartError) {
    guard let planFile else {
      throw ShardPartError(
        file: file, line: 0, field: nil,
        message:
          "is a round of a sharded fit: give --plan FILE, the plan its shards read (merge writes the next)")
    }
    var setup = ShardFields(header.setup, file: file, line: 1, path: "setup.")
    let fields = try FitSetup.Fields(reading: &setup)
    try setup.refuseOthers(of: "a fit's setup")
    var parameters: [SweepParameter] = []
    var axes: [FitSearch.Axis] = []
    for (k, (text, current)) in zip(fields.specs, fields.current).enumerated() {
      do throws(UsageError) {
        let parameter = try SweepParameter.parse(text)
        guard !parameters.contains(where: { $0.name == parameter.name }) else {
          throw UsageError(message: "\(parameter.name) is given twice")
        }
        parameters.append(parameter)
        axes.append(FitSearch.Axis(name: parameter.name, values: parameter.values, current: current))
      } catch {
        throw setup.failure("params[\(k)]", error.message)
      }
    }
    let fit = fields.fit
    let format = fields.format
    write = fields.write
    withoutIntent = fields.withoutIntent
    bad = fields.bad
    search = FitSearch(axes: axes)
    let read = try FitPlan.read(planFile, fit: fit, search: search)
    guard fields.digest(plan: read?.digest) == header.digest else {
      throw ShardPartError(
        file: file, line: 1, field: "digest",
        message: "\(header.digest) is not the digest of this setup over the plan \(planFile) holds now: the "
          + "round's shards read another plan (merged already, or changed), or the part was edited; run "
          + "the shards again with --plan \(planFile)")
    }
    let plan = read?.plan ?? FitPlan(fit: fit)
    self.plan = plan
    // the first score at fault in the plan's order (the current values, then the points in the grid's
    // order), the same in every process
    let points = plan.scores.keys.sorted { $0.lexicographicallyPrecedes($1) }
    let scored =
      (plan.current.map { [("the current values", $0)] } ?? [])
      + points.map { ("point \($0)", plan.scores[$0] ?? FitScore()) }
    if let (which, score) = scored.first(where: { $0.1.gestures != header.runs }) {
      throw ShardPartError(
        file: planFile, line: 0, field: "gestures",
        message: "\(score.gestures) at \(which), but the fit has \(header.runs) gestures with an intent")
    }
    guard case .evaluate(let current, let next) = plan.next(search) else {
      throw ShardPartError(
        file: planFile, line: 0, field: nil, message: "the search is complete; there is no round to merge")
    }
    self.points = (current ? [nil] : []) + next
    scores = [FitScore](repeating: FitScore(), count: self.points.count)
    self.planFile = planFile
    self.parameters = parameters
    label = fields.label
    self.format = format
  }

  /// Adds a gesture's record: its intent, and where each of the round's points sent it.
  /// - Throws: ``ShardPartError`` naming the field at fault.
  mutating func record(_ run: Int, _ fields: inout ShardFields) throws(ShardPartError) {
    let intent = try fields.name("intent")
    let ends = try fields.array(
      "ends", points.count...points.count, of: "ends (or null), one for each of the round's points")
    try fields.refuseOthers(of: "a fit record (run, intent, ends)")
    for (p, end) in ends.enumerated() {
      scores[p].add(
        intent: intent, end: end == .null ? nil : try fields.name(end, "ends[\(p)]", anyLength: true))
    }
    gestures += 1
  }

  /// Adds the round to the plan and writes it, or once the search is complete prints the report (and
  /// leaves the plan as the round read it).
  /// - Returns: 0 for a round merged (the report is printed in a later round); once complete, `sheet
  ///   fit`'s exit status.
  /// - Throws: `UsageError` when the plan or the `--write` file cannot be written, or the `--write` file is
  ///   not the one the fit read.
  func report() throws(UsageError) -> Int32 {
    var plan = self.plan
    plan.round += 1
    for (point, score) in zip(points, scores) {
      if let point { plan.scores[point] = score } else { plan.current = score }
    }
    var writeBack: TuneWriteBack?
    let next = plan.next(search)
    if case .done(let result) = next, Set(result.evaluated.keys) != Set(plan.scores.keys) {
      throw UsageError(
        message: "--plan \(planFile): the plan holds \(Plural.count(plan.scores.count, "point")), the search "
          + "evaluated \(result.evaluated.count): it was edited; nothing written, nothing printed")
    }
    if case .done = next, let write {
      writeBack = try TuneWriteBack.unchanged(
        file: write.file, digest: write.digest, parameters: parameters, run: "the fit")
    }
    switch next {
    case .evaluate(_, let points):
      try OutputFile.write(plan.text, to: planFile)
      Output.error(
        "fit: round \(plan.round) merged into \(planFile); the search needs \(Plural.count(points.count, "point")) "
          + "more: run the shards again with --plan \(planFile)")
      return 0
    case .done(let result):
      // the plan stays as the last round read it: merging that round's parts again prints the report
      // again (a report lost to a full disk or a missing redirect is not lost)
      let report = FitReport(
        behaviour: label, search: search, gestures: gestures, withoutIntent: withoutIntent, result: result,
        scores: plan.scores, before: plan.current ?? FitScore())
      return FitCommand.finish(
        report, format: format, writeBack: writeBack, bad: bad, reported: "by the shards")
    }
  }
}
