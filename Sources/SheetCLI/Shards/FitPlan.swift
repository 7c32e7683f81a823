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
    let text: String
    do throws(SourceFile.Failure) {
      text = try SourceFile.read(file, limit: ShardPart.maximumBytes)
    } catch .notFound {
      return nil
    } catch {
      throw ShardPartError(file: file, line: 0, field: nil, message: error.description)
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    guard let first = lines.first else {
      throw ShardPartError(
        file: file, line: 0, field: nil, message: "is empty; a plan starts with its header")
    }
    var header = try ShardPartFile.object(first, file: file, line: 1)
    func failure(_ line: Int, _ field: String, _ message: String) -> ShardPartError {
      ShardPartError(file: file, line: line, field: field, message: message)
    }
    guard case .number(let number)? = header.removeValue(forKey: "sheet_fit_plan"), number == Double(version)
    else {
      throw failure(1, "sheet_fit_plan", "expected \(version): not a plan of this sheet's sharded fit")
    }
    guard case .string(let fit)? = header.removeValue(forKey: "fit") else {
      throw failure(1, "fit", "expected the fit's digest, a string")
    }
    guard fit == expected else {
      throw failure(
        1, "fit",
        "\(GestureLog.escapingControls(fit)), but this is fit \(expected): the plan is of another fit (its corpora, behaviour, "
          + "parameters or options differ); remove it to start this fit")
    }
    guard case .number(let rounds)? = header.removeValue(forKey: "round"), let round = Int(exactly: rounds),
      round >= 0
    else { throw failure(1, "round", "expected a count of rounds") }
    if let extra = header.keys.sorted().first { throw failure(1, extra, "not a field of a plan's header") }
    var plan = FitPlan(fit: fit, round: round)
    for (k, line) in lines.dropFirst().enumerated() {
      var fields = try ShardPartFile.object(line, file: file, line: k + 2)
      let reader = FitScoreReader(file: file, line: k + 2)
      let score = try reader.score(&fields)
      switch (fields.removeValue(forKey: "current"), fields.removeValue(forKey: "point")) {
      case (.bool(true)?, nil) where plan.current == nil: plan.current = score
      case (nil, .array(let positions)?):
        let point = try reader.point(positions, search: search)
        guard plan.scores.updateValue(score, forKey: point) == nil else {
          throw failure(k + 2, "point", "\(point) again: a plan has a line per point")
        }
      default:
        throw failure(k + 2, "point", "expected a point's positions, or \"current\":true once")
      }
      if let extra = fields.keys.sorted().first {
        throw failure(k + 2, extra, "not a field of a plan's line")
      }
    }
    var digest = SweepDigest()
    digest.add(text)
    return (plan, digest.hex)
  }
}

/// Reads a score and a point from a plan's or a part's line, naming the field at fault.
struct FitScoreReader {
  let file: String
  let line: Int

  private func failure(_ field: String, _ message: String) -> ShardPartError {
    ShardPartError(file: file, line: line, field: field, message: message)
  }

  /// A whole number from 0 to `limit` (``Sweep/largestMaximumRuns``, a count of gestures or runs).
  func count(_ value: JSONValue?, _ field: String, limit: Int = Sweep.largestMaximumRuns)
    throws(ShardPartError)
    -> Int
  {
    guard case .number(let number)? = value, let n = Int(exactly: number), (0...limit).contains(n) else {
      throw failure(
        field, "expected a count from 0 to \(limit), got \(value.map(GestureLog.describe) ?? "none")")
    }
    return n
  }

  /// An intent as a corpus holds it (1 to ``GestureLog/nameLength`` bytes, no control character), or
  /// with `anyLength` a detent's name (a behaviour's, which a line's limit bounds).
  func name(_ value: JSONValue?, _ field: String, anyLength: Bool = false) throws(ShardPartError) -> String {
    let bytes = anyLength ? 1...ShardPart.maximumLineBytes : 1...GestureLog.nameLength
    guard case .string(let text)? = value, bytes.contains(text.utf8.count), GestureLog.isPrintable(text)
    else {
      throw failure(
        field,
        "expected a name of \(bytes.lowerBound) to \(bytes.upperBound) bytes without control characters, got "
          + (value.map(GestureLog.describe) ?? "none"))
    }
    return text
  }

  /// `gestures`, `failures`, `agreement` and `confusion`, removed from `fields`.
  func score(_ fields: inout [String: JSONValue]) throws(ShardPartError) -> FitScore {
    var score = FitScore()
    score.gestures = try count(fields.removeValue(forKey: "gestures"), "gestures")
    score.failures = try count(fields.removeValue(forKey: "failures"), "failures")
    score.agreement = try count(fields.removeValue(forKey: "agreement"), "agreement")
    guard score.agreement + score.failures <= score.gestures else {
      throw failure(
        "agreement", "\(score.agreement), more than the \(score.gestures - score.failures) gestures replayed")
    }
    guard case .object(let rows)? = fields.removeValue(forKey: "confusion") else {
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
