import LuaHost
import SheetScenario
import SheetTrace

/// What the rounds of a sharded `sheet fit` have found so far: the score at the current values and at
/// each point the search evaluated. The search asks for its batches in an order that depends only on
/// the scores (``FitSearch/run(evaluate:)``), so the plan says which batch comes next (``next(_:)``):
/// the shards of a round evaluate it over their gestures, and `sheet merge` adds their scores to the
/// plan, until the search needs no more and the merge prints the report one process prints.
///
/// The file, JSON Lines: a header `{"sheet_fit_plan":1,"fit":"…","round":3}` (the format's version, the
/// fit's digest, the rounds merged), then a line per score: `{"current":true,…}` for the current values,
/// `{"point":[0,4],…}` for a point (a value position per parameter), each with `gestures`, `failures`,
/// `agreement` and `confusion` (intent → end → gestures). A plan that is absent is the first round's.
struct FitPlan: Equatable {
  /// The format's version.
  static let version = 1

  /// The digest of the fit the plan is of (``FitSetup/fitDigest()``).
  var fit: String
  /// Rounds merged.
  var round = 0
  /// The score at the current values, once the first round is merged.
  var current: FitScore?
  /// Each evaluated point's score.
  var scores: [FitSearch.Point: FitScore] = [:]

  /// What the search does next.
  enum Next: Equatable {
    /// A round evaluates the current values (in the first round) and these points.
    case evaluate(current: Bool, points: [FitSearch.Point])
    /// The search is over.
    case done(FitSearch.Result)
  }

  /// The search's next step over the scores known.
  func next(_ search: FitSearch) -> Next {
    struct Pending: Error { var points: [FitSearch.Point] }
    do throws(Pending) {
      let result = try search.run { (batch: [FitSearch.Point]) throws(Pending) -> [Int] in
        try batch.map { point throws(Pending) in
          guard let score = scores[point] else { throw Pending(points: batch.filter { scores[$0] == nil }) }
          return score.agreement
        }
      }
      return current == nil ? .evaluate(current: true, points: []) : .done(result)
    } catch {
      return .evaluate(current: current == nil, points: error.points)
    }
  }

  /// The plan as its file holds it: points in the grid's order, so the same scores give the same bytes.
  var text: String {
    var json = JSONWriter()
    json.beginObject()
    json.field("sheet_fit_plan", Self.version)
    json.field("fit", fit)
    json.field("round", round)
    json.endObject()
    json.newline()
    if let current { Self.write(current, key: nil, into: &json) }
    for point in scores.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
      Self.write(scores[point] ?? FitScore(), key: point, into: &json)
    }
    return json.text
  }

  private static func write(_ score: FitScore, key point: FitSearch.Point?, into json: inout JSONWriter) {
    json.beginObject()
    if let point {
      json.key(literal: "point")
      json.beginArray()
      for position in point { json.integer(position) }
      json.endArray()
    } else {
      json.field("current", true)
    }
    json.field("gestures", score.gestures)
    json.field("failures", score.failures)
    json.field("agreement", score.agreement)
    score.writeConfusion(into: &json)
    json.endObject()
    json.newline()
  }
}

extension FitPlan {
  /// Reads a plan file, or nil when there is none yet.
  /// - Parameters:
  ///   - file: The plan's path.
  ///   - fit: The digest of the fit it must be of.
  ///   - search: The fit's search, whose parameters a point's positions index.
  /// - Returns: The plan and its digest (of its bytes), or nil for a file that does not exist.
  /// - Throws: ``ShardPartError`` naming the file, line and field at fault, or the plan of another fit.
  static func read(_ file: String, fit expected: String, search: FitSearch) throws(ShardPartError)
    -> (plan: FitPlan, digest: String)?
  {
    guard let lines = try ShardPartFile.lines(of: file, kind: "plan") else { return nil }
    guard let first = lines.first else {
      throw ShardPartError(
        file: file, line: 0, field: nil, message: "is empty; a plan starts with its header")
    }
    var header = ShardFields(try ShardPartFile.object(first, file: file, line: 1), file: file, line: 1)
    guard (try? header.count("sheet_fit_plan", limit: Int(Int32.max))) == version else {
      throw header.failure("sheet_fit_plan", "expected \(version): not a plan of this sheet's sharded fit")
    }
    let fit = try header.string("fit")
    guard fit == expected else {
      throw header.failure(
        "fit",
        "\(GestureLog.escapingControls(fit)), but this is fit \(expected): the plan is of another fit (its corpora, behaviour, "
          + "parameters or options differ); remove it to start this fit")
    }
    let round = try header.count("round")
    try header.refuseOthers(of: "a plan's header")
    var plan = FitPlan(fit: fit, round: round)
    var digest = SweepDigest()
    for (k, line) in lines.enumerated() {
      digest.add(line)
      guard k > 0 else { continue }
      var fields = ShardFields(
        try ShardPartFile.object(line, file: file, line: k + 1), file: file, line: k + 1)
      let score = try fields.score()
      switch (fields.take("current"), fields.take("point")) {
      case (.bool(true)?, nil) where plan.current == nil: plan.current = score
      case (nil, .array(let positions)?):
        let point = try fields.point(positions, search: search)
        guard plan.scores.updateValue(score, forKey: point) == nil else {
          throw fields.failure("point", "\(point) again: a plan has a line per point")
        }
      default:
        throw fields.failure("point", "expected a point's positions, or \"current\":true once")
      }
      try fields.refuseOthers(of: "a plan's line")
    }
    return (plan, digest.hex)
  }
}

/// A plan line's score and point.
extension ShardFields {
  /// `gestures`, `failures`, `agreement` and `confusion`, taken.
  mutating func score() throws(ShardPartError) -> FitScore {
    var score = FitScore()
    score.gestures = try count("gestures")
    score.failures = try count("failures")
    score.agreement = try count("agreement")
    guard score.agreement + score.failures <= score.gestures else {
      throw failure(
        "agreement", "\(score.agreement), more than the \(score.gestures - score.failures) gestures replayed")
    }
    guard case .object(let rows)? = take("confusion") else {
      throw failure("confusion", "expected intent → end → gestures")
    }
    var total = score.failures
    for intent in rows.keys.sorted() {
      guard case .object(let ends)? = rows[intent] else {
        throw failure("confusion.\(intent)", "expected end → gestures")
      }
      let row = try name(.string(intent), "confusion")
      for end in ends.keys.sorted() {
        let n = try count(ends[end], "confusion.\(intent).\(end)")
        score.confusion[row, default: [:]][try name(.string(end), "confusion.\(intent)", anyLength: true)] = n
        total += n
      }
    }
    guard total == score.gestures else {
      throw failure("gestures", "\(score.gestures), but the confusion and failures count \(total)")
    }
    return score
  }

  /// A point: a position per parameter, each within its values.
  func point(_ positions: [JSONValue], search: FitSearch) throws(ShardPartError) -> FitSearch.Point {
    guard positions.count == search.axes.count else {
      throw failure("point", "expected \(search.axes.count) positions, one per parameter")
    }
    return try zip(positions, search.axes).map { value, axis throws(ShardPartError) in
      guard case .number(let number) = value, let position = Int(exactly: number),
        axis.values.indices.contains(position)
      else { throw failure("point", "expected positions of \(axis.name) from 0 to \(axis.values.count - 1)") }
      return position
    }
  }
}
