import SheetCore
import SheetScript
import SheetTrace

/// One or more scenarios run under several behaviours, reduced to what `sheet compare` sets side by
/// side: each release's decision and each run's outcome, plus the height curve a plot overlays.
///
/// Everything is taken from the runs' traces, so a comparison is as deterministic as the runs: the same
/// scenarios and behaviours give the same bytes in every format.
public struct Comparison: Sendable {
  /// The most decisions kept per run (a scenario may release thousands of times); the rest are counted.
  public static let maximumDecisions = 50
  /// The most characters of a decision's reason kept (longer ones are cut and say their length).
  public static let maximumReason = 200
  /// The most failures kept per run.
  public static let maximumFailures = 5
  /// The most points of a run's height curve kept for a plot (evenly thinned, the last always kept).
  public static let maximumPlotPoints = 2000
  /// The most detent guides of a run kept for a plot (a detent's height changes with every resize).
  public static let maximumGuides = 64

  /// A release's decision: when, where to, and the behaviour's reason.
  public struct Decision: Sendable, Equatable {
    /// Seconds since the scenario started.
    public var time: Double
    /// The target: a detent id, `dismiss` or `height 420.0`.
    public var target: String
    /// The reason the behaviour (or the default policy) gave, cut to ``Comparison/maximumReason``.
    public var reason: String
  }

  /// How a run ended.
  public enum Status: String, Sendable, Equatable {
    /// Every expectation held and nothing failed.
    case ok
    /// An expectation failed, a script error was not declared, or nothing was checked.
    case failed = "FAIL"
    /// An error ended the scenario early (a bad value, a detent the behaviour does not have, a limit).
    case error
  }

  /// One scenario under one behaviour.
  public struct Run: Sendable {
    /// The scenario file, as given.
    public var scenario: String
    /// The behaviour, by the name the comparison shows it by (a preset's name or a file's).
    public var behaviour: String
    /// The release decisions, in order, at most ``Comparison/maximumDecisions``.
    public var decisions: [Decision]
    /// How many decisions the run made in all.
    public var decisionCount: Int
    /// The state at the end (`resting`, `dismissed`, ...); `hidden` when the sheet never moved.
    public var state: SheetState
    /// The detent at the end, if any.
    public var detent: String?
    /// The height at the end, pt.
    public var height: Double
    /// How the run ended.
    public var status: Status
    /// Expectations that held.
    public var passed: Int
    /// Expectations that did not hold.
    public var failed: Int
    /// The run's failures as `file:line: message`, at most ``Comparison/maximumFailures``.
    public var failures: [String]
    /// How many failures the run had in all.
    public var failureCount: Int
    /// The height over time (s, pt), thinned to ``Comparison/maximumPlotPoints``.
    public var curve: [TracePlot.Point]
    /// The releases, in order, at most ``Comparison/maximumDecisions``: when the finger lifted and when
    /// its gesture began (the plot aligns the curves there).
    public var releases: [TracePlot.Release]
    /// The detents' heights over time, at most ``Comparison/maximumGuides``.
    public var guides: [TraceGuide]

    /// Reduces a scenario's result.
    /// - Parameters:
    ///   - scenario: The scenario file, as given.
    ///   - behaviour: The behaviour, as given.
    ///   - result: What the run produced.
    public init(scenario: String, behaviour: String, result: ScenarioResult) {
      self.scenario = scenario
      self.behaviour = behaviour
      var decisions: [Decision] = []
      var count = 0
      for event in result.trace.events where event.name == "decision" {
        count += 1
        guard decisions.count < Comparison.maximumDecisions else { continue }
        decisions.append(
          Decision(
            time: event.time, target: Self.text(event["target"]),
            reason: Quote.cut(Self.text(event["reason"]), limit: Comparison.maximumReason)))
      }
      self.decisions = decisions
      decisionCount = count
      let frames = result.trace.frames.filter(\.isFinite)
      let last = frames.last
      state = last?.state ?? .hidden
      detent = last?.detent
      height = last?.height ?? 0
      status = result.scriptError != nil ? .error : result.passed ? .ok : .failed
      passed = result.expectationsPassed
      failed = result.expectationsFailed
      failures = result.failures.prefix(Comparison.maximumFailures).map { Quote.cut($0.description) }
      failureCount = result.failures.count
      curve = Self.thinned(frames.map { TracePlot.Point(time: $0.time, height: $0.height) })
      releases = Array(TracePlot.Release.all(in: result.trace).prefix(Comparison.maximumDecisions))
      guides = Array(result.trace.guides.prefix(Comparison.maximumGuides))
    }

    /// A trace value as text (a string as it is, anything else as the trace writes it).
    private static func text(_ value: TraceValue?) -> String {
      switch value {
      case .string(let text)?: text
      case .number(let number)?: TraceNumber.format(number)
      case .integer(let integer)?: String(integer)
      case .bool(let bool)?: bool ? "true" : "false"
      case .null?, nil: ""
      }
    }

    /// Every k-th point (k the smallest stride that keeps at most the maximum) and the last one.
    static func thinned(_ points: [TracePlot.Point]) -> [TracePlot.Point] {
      let limit = Comparison.maximumPlotPoints
      guard points.count > limit, let last = points.last else { return points }
      let stride = (points.count + limit - 2) / (limit - 1)
      var kept = Swift.stride(from: 0, to: points.count - 1, by: stride).map { points[$0] }
      kept.append(last)
      return kept
    }
  }

  /// The scenarios, in the order given.
  public var scenarios: [String]
  /// The behaviours, in the order given.
  public var behaviours: [String]
  /// Every run, scenario by scenario, each scenario's runs in the behaviours' order.
  public var runs: [Run]

  /// A comparison of runs made scenario by scenario, behaviour by behaviour.
  /// - Parameters:
  ///   - scenarios: The scenario files.
  ///   - behaviours: The behaviours.
  ///   - runs: `scenarios.count * behaviours.count` runs, scenario-major.
  public init(scenarios: [String], behaviours: [String], runs: [Run]) {
    self.scenarios = scenarios
    self.behaviours = behaviours
    self.runs = runs
  }

  /// The runs of one scenario, in the behaviours' order.
  /// - Parameter index: The scenario's position in ``scenarios``.
  /// - Returns: Its runs.
  public func runs(ofScenario index: Int) -> ArraySlice<Run> {
    let count = behaviours.count
    return runs[min(index * count, runs.count)..<min((index + 1) * count, runs.count)]
  }

  /// How many runs did not end `ok`.
  public var failedRuns: Int { runs.filter { $0.status != .ok }.count }
}
