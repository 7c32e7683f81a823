import LuaHost
import SheetCore

extension Behaviour {
  /// The configuration the spec describes, the default policy's where a field is missing.
  package func makeConfiguration() throws(BehaviourError) -> SheetConfiguration {
    let standard = DefaultPolicy.standardConfiguration
    var configuration = standard
    configuration.edge = spec.edge ?? standard.edge
    configuration.cornerRadius = spec.cornerRadius ?? standard.cornerRadius
    configuration.grabber = spec.grabber ?? standard.grabber
    configuration.pannable = spec.pannable ?? standard.pannable
    configuration.gestureArea = spec.gestureArea ?? standard.gestureArea
    configuration.backdropMax = spec.backdropMax ?? standard.backdropMax
    configuration.tapDismissRegions = spec.tapRegions ?? standard.tapDismissRegions
    configuration.allowsDismiss = spec.allowsDismiss ?? standard.allowsDismiss
    configuration.presentDetent = spec.presentDetent
    configuration.backdropFollowsHeight = spec.backdropFollowsHeight ?? standard.backdropFollowsHeight
    configuration.keyboard = spec.keyboard ?? standard.keyboard
    configuration.describesBehind = spec.behind != nil
    configuration.reportsDismissAttempts = spec.onDismissAttempt != nil
    configuration.backCollapses = spec.backCollapses ?? standard.backCollapses
    configuration.prefersScrollingExpandsWhenScrolledToEdge =
      spec.prefersScrollingExpands ?? standard.prefersScrollingExpandsWhenScrolledToEdge
    if let entries = spec.detents {
      configuration.detents = entries.map { Detent($0.id, resolver(for: $0.height)) }
    } else if let function = spec.detentsFunction {
      configuration.detents = try detentsFromFunction(function)
    }
    return configuration
  }

  /// The default policy with the configuration and the thresholds that tune it (each of
  /// `DefaultPolicy/Threshold` the behaviour declares), checked against their ranges.
  /// - Throws: `BehaviourError.invalidField` naming `thresholds.NAME` for a value outside its range (the
  ///   file's values are checked when read and overrides before the file runs, so only a table changed
  ///   in between gets here).
  package func makeFallback() throws(BehaviourError) -> DefaultPolicy {
    var policy = DefaultPolicy(configuration: configuration)
    for threshold in DefaultPolicy.Threshold.allCases {
      guard let value = thresholds[threshold.rawValue] else { continue }
      do throws(ThresholdError) {
        try policy.set(threshold, to: value)
      } catch {
        let path: [PathComponent] = [.key("thresholds"), .key(threshold.rawValue)]
        throw .invalidField(
          location: SourceLocation(file: source.name, line: locator.line(of: path)),
          path: PathComponent.text(path),
          value: Format.general(value), expected: "\(error.expected) (the default policy's range)")
      }
    }
    policy.largestUndimmedDetent = spec.largestUndimmedDetent
    return policy
  }

  /// The configuration's resolver for one detent height: the built-in one for a number, fraction, inset
  /// or content height; for a Lua function, none the default policy can run (the detent is resolved by
  /// ``detents(in:)``, and when that script errors the fallback leaves it inactive).
  package func resolver(for height: BehaviourSpec.DetentHeight) -> DetentResolver {
    switch height {
    case .fixed(let points): return .fixed(points)
    case .fraction(let fraction): return .fraction(fraction)
    case .inset(let inset): return .insetFromTop(inset)
    case .content(let cap): return .content(cap: cap)
    case .function: return Self.scriptedResolver
    }
  }

  /// The resolver of a detent only Lua code can resolve: inactive for the default policy.
  package static let scriptedResolver = DetentResolver.custom { _ in nil }

  /// Detents from a `detents = function(ctx)`, read once with the reference screen for the
  /// configuration's ids (and checked as a file's literal list is); ``detents(in:)`` calls the function
  /// again for every resolution.
  private func detentsFromFunction(_ function: LuaFunction) throws(BehaviourError) -> [Detent] {
    let reader = FieldReader(file: source.name, locator: locator)
    let reference = DetentContext(geometry: .reference, contentHeight: nil)
    views.update(context: reference)
    let list: LuaValue
    do throws(LuaError) {
      list = try function.call([.tableRef(views.context)]).first ?? .nil
    } catch {
      throw .lua(file: source.name, error: error)
    }
    return try reader.detents(list, at: [.key("detents")]).map { Detent($0.id, Self.scriptedResolver) }
  }

  /// A Lua error as a script error message that names the file and line: the error's own location when it has
  /// one, else the line where the callback is defined.
  /// - Parameters:
  ///   - error: The error.
  ///   - callback: The callback's field name.
  /// - Returns: `file:line: callback: message`.
  package func message(for error: LuaError, callback: String) -> String {
    if case .syntax = error { return error.description }
    if error.location != nil { return "\(error.description) (in \(callback))" }
    return "\(source.name):\(locator.line(of: [.key(callback)])): \(callback): \(error.description)"
  }
}
