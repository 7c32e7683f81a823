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
      return text
    }
  }

  /// Loads and validates a behaviour by preset name or path.
  /// - Parameter reference: A preset name or a file path.
  /// - Returns: What it defines.
  /// - Throws: `BehaviourError` naming the file, line, field and value.
  public static func check(_ reference: String) throws(BehaviourError) -> Summary {
    let behaviour = try Behaviour.load(try BehaviourSource.resolve(reference))
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
    return Summary(
      name: behaviour.source.name, edge: behaviour.configuration.edge, detents: detents,
      thresholds: behaviour.thresholds.keys.sorted().map { ($0, behaviour.thresholds[$0] ?? 0) },
      callbacks: callbacks)
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
