import LuaHost
import SheetScript

/// `sheet tune --write FILE`: after the sweep, the passing point nearest the file's own thresholds is
/// written into the file through ``ThresholdWriter`` (the preview's write-back), changing only those
/// numbers.
///
/// Nearest: the smallest sum of squared moves, each parameter's move measured in its swept span (so a
/// velocity in pt/s and a rate near 1 weigh alike); a tie goes to the point the grid lists first. The
/// file is loaded, its thresholds read and the rewrite tried before anything runs, so a file that cannot
/// take the values is refused before the sweep, and a file edited during the sweep is left as it is.
struct TuneWriteBack {
  /// The behaviour file.
  let source: BehaviourSource
  /// The swept parameters.
  private let parameters: [SweepParameter]
  /// The file's value of each swept parameter.
  private let current: [Double]
  /// The nearest passing point so far: its grid index and distance.
  private(set) var best: (index: Int, distance: Double)?

  /// The write-back of a merge: the file must be the one the shards read (the digest of its text in
  /// their parts), so a merge never writes into a file that changed since, or one elsewhere.
  /// - Parameters:
  ///   - file: The `--write` file.
  ///   - digest: The digest of its text the shards recorded.
  ///   - parameters: The swept or fitted parameters.
  ///   - run: What read the file, for the message ("the sweep", "the fit").
  /// - Throws: `UsageError` when the file is not the one read, or cannot take the parameters.
  static func unchanged(file: String, digest: String, parameters: [SweepParameter], run: String)
    throws(UsageError) -> TuneWriteBack
  {
    guard TuneSetup.fileDigest(file) == digest else {
      throw UsageError(
        message: "--write \(file): the file is not the one \(run) read (it changed, or is not here); "
          + "nothing written, nothing printed")
    }
    return try TuneWriteBack(file: file, parameters: parameters)
  }

  /// Loads the file and checks it can take every swept parameter.
  /// - Throws: `UsageError` naming the file and the parameter it cannot take.
  init(file: String, parameters: [SweepParameter]) throws(UsageError) {
    let behaviour: Behaviour
    do throws(BehaviourError) {
      source = try BehaviourSource.resolve(file)
      behaviour = try Behaviour.load(source)
    } catch {
      throw UsageError(message: "--write: \(error.description)")
    }
    guard source.path != nil else {
      throw UsageError(message: "--write \(file): a preset is built in; write into a file of your own")
    }
    let declared = behaviour.thresholds
    let name = source.name
    current = try parameters.map { parameter throws(UsageError) in
      guard let value = declared[parameter.name] else {
        throw UsageError(
          message: "--write \(name): the behaviour declares no threshold '\(parameter.name)'"
            + NameSuggestion.hint(parameter.name, among: declared.keys.sorted()))
      }
      return value
    }
    self.parameters = parameters
    do throws(ThresholdWriterError) {
      let values = Dictionary(uniqueKeysWithValues: zip(parameters.map(\.name), current))
      _ = try ThresholdWriter.rewrite(values, in: source.text, file: source.name)
    } catch {
      throw UsageError(message: "--write: \(error.description)")
    }
  }

  /// Notes a grid point every scenario passed at.
  mutating func passed(index: Int, point: [Double]) {
    var distance = 0.0
    for (parameter, (value, now)) in zip(parameters, zip(point, current)) {
      let span = (parameter.values.max() ?? 0) - (parameter.values.min() ?? 0)
      let move = span > 0 ? (value - now) / span : 0
      distance += move * move
    }
    if let best, best.distance < distance || (best.distance == distance && best.index < index) { return }
    best = (index, distance)
  }

  /// Writes the nearest passing point into the file, or says why nothing was written.
  /// - Parameter sweep: The sweep, for the point's values.
  /// - Returns: What to print, and whether the file was written.
  func write(_ sweep: Sweep) -> (text: String, written: Bool) {
    guard let best else { return ("\(source.name): not written: no point passes\n", false) }
    let point = sweep.point(at: best.index)
    return write(
      Dictionary(uniqueKeysWithValues: zip(parameters.map(\.name), point)),
      heading: "the passing point nearest the file's values", unchanged: "its thresholds already pass")
  }

  /// Writes values into the file through ``ThresholdWriter``, or says why nothing was written.
  /// - Parameters:
  ///   - values: The thresholds' new values, by name.
  ///   - heading: What the values are, after `wrote`.
  ///   - unchanged: Why nothing needed writing, when the file already holds them.
  /// - Returns: What to print (a line per changed threshold, `file:line: name = new (was old)`), and
  ///   whether the file was written (or already held the values).
  func write(_ values: [String: Double], heading: String, unchanged: String) -> (text: String, written: Bool)
  {
    do throws(ThresholdWriterError) {
      let rewrite = try ThresholdWriter.write(values, toFile: source.path ?? source.name, loaded: source.text)
      guard !rewrite.changes.isEmpty else {
        return ("\(source.name): \(unchanged); nothing to write\n", true)
      }
      let lines = rewrite.changes.map { change in
        "\(source.name):\(change.line): \(change.name) = \(change.new)"
          + (change.old.map { " (was \($0))" } ?? " (added)") + "\n"
      }
      return ("wrote \(heading):\n" + lines.joined(), true)
    } catch {
      return ("\(source.name): not written: \(error.description)\n", false)
    }
  }
}
