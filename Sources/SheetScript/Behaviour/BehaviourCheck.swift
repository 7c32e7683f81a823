import LuaHost
import SheetCore
import SheetTrace

/// Validates a behaviour and describes what it defines, for `sheet check`.
public enum BehaviourCheck {
  /// What a valid behaviour defines.
  public struct Summary: Sendable, CustomStringConvertible {
    /// The behaviour's name (its file).
    public var name: String
    /// The attached edge.
    public var edge: SheetEdge
    /// Active detents on the reference screen (390 x 844, safe area 47/34), ascending.
    public var detents: [ResolvedDetent]
    /// Thresholds by name, sorted.
    public var thresholds: [(name: String, value: Double)]
    /// The callbacks the file defines as functions (`BehaviourField.callbacks`, in that order; the
    /// rest come from the default policy).
    public var callbacks: [String]
    /// What is valid but likely a mistake, each as `file:line: warning: ...` (detents declared out of
    /// height order).
    public var warnings: [String] = []
    /// The lines the file's `print` wrote while it loaded, the first ``BehaviourCheck/shownPrints``.
    public var prints: [String] = []
    /// How many more lines it printed.
    public var unshownPrints = 0

    /// The summary as a few lines of text.
    public var description: String {
      var text = "\(name): valid\n  edge: \(edge.rawValue)\n"
      text += "  detents on 390x844 (safe 47/34): "
      text +=
        detents.isEmpty
        ? "none active\n"
        : detents.map { "\($0.id) \(TraceNumber.format($0.height, decimals: 2))" }.joined(separator: ", ")
          + "\n"
      text += "  thresholds: "
      text +=
        thresholds.isEmpty
        ? "none\n"
        : thresholds.map { "\($0.name)=\(TraceNumber.format($0.value, decimals: 6))" }.joined(separator: ", ")
          + "\n"
      text +=
        "  callbacks: "
        + (callbacks.isEmpty ? "none (all from the default policy)" : callbacks.joined(separator: ", "))
        + "\n"
      for line in prints { text += "  print: \(line)\n" }
      if unshownPrints > 0 { text += "  print: ... \(Plural.count(unshownPrints, "more line"))\n" }
      for warning in warnings { text += "\(warning)\n" }
      return text
    }
  }

  /// Loads and validates a behaviour by preset name or path.
  /// - Parameter reference: A preset name or a file path.
  /// - Returns: What it defines.
  /// - Throws: `BehaviourError` naming the file, line, field and value.
  public static func check(_ reference: String) throws(BehaviourError) -> Summary {
    let prints = PrintBuffer()
    let behaviour = try Behaviour.load(
      try BehaviourSource.resolve(reference), options: LuaState.Options(print: prints.sink))
    var screen = SheetGeometry.reference
    screen.edge = behaviour.configuration.edge
    // The detents as a sheet on this screen gets them: one resolution, checked by the core.
    let context = DetentContext(geometry: screen, contentHeight: nil)
    let resolved: DetentResolution.Result
    do throws(ScriptError) {
      resolved = DetentResolution.check(try behaviour.detents(in: context), in: context)
    } catch {
      throw resolverFailure(behaviour, error.message)
    }
    if let problem = resolved.problems.first {
      throw resolverFailure(behaviour, behaviour.scriptError(refusing: .detents, problem).message)
    }
    let detents = resolved.ascending
    let spec = behaviour.spec
    let callbacks = BehaviourField.callbacks.filter { spec.function($0) != nil }.map(\.rawValue)
    var summary = Summary(
      name: behaviour.source.name, edge: behaviour.configuration.edge, detents: detents,
      thresholds: behaviour.thresholds.keys.sorted().map { ($0, behaviour.thresholds[$0] ?? 0) },
      callbacks: callbacks)
    summary.warnings = orderWarning(behaviour, resolved).map { [$0] } ?? []
    let printed = prints.take()
    summary.prints = Array(printed.prefix(shownPrints))
    summary.unshownPrints = printed.count - summary.prints.count + prints.takeDropped()
    return summary
  }

  /// The most lines of a file's `print` the summary shows.
  public static let shownPrints = 20

  /// A warning when the active detents, in declaration order, are not in ascending height order on
  /// the reference screen: valid (the sheet sorts them by height), but a list read top to bottom then
  /// says something else than the sheet does, and an index into it (`largest_undimmed` of the `system`
  /// preset) counts in the declared order.
  static func orderWarning(_ behaviour: Behaviour, _ resolved: DetentResolution.Result) -> String? {
    let declared = resolved.declared
    guard let i = declared.indices.dropLast().first(where: { declared[$0].height > declared[$0 + 1].height })
    else { return nil }
    let (first, second) = (declared[i], declared[i + 1])
    let line = behaviour.locator.line(of: [.field(.detents)])
    let height = { (d: ResolvedDetent) in TraceNumber.format(d.height, decimals: 2) }
    return "\(SourceLocation(file: behaviour.source.name, line: line)): warning: detents are declared out of "
      + "height order on 390x844: '\(first.id)' (\(height(first))) before '\(second.id)' (\(height(second))); "
      + "the sheet orders them by height (\(resolved.ascending.map(\.id).joined(separator: ", "))), so "
      + "declare them lowest first"
  }

  /// A detent resolution that failed on the reference screen, as a load error at the `detents` field.
  private static func resolverFailure(_ behaviour: Behaviour, _ message: String) -> BehaviourError {
    .invalidField(
      location: SourceLocation(
        file: behaviour.source.name, line: behaviour.locator.line(of: [.field(.detents)])),
      path: BehaviourField.detents.rawValue,
      value: "a function that failed", expected: "a working resolver (\(message))")
  }
}
