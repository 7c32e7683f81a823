import LuaHost
import SheetCore

extension Behaviour {
  /// The configuration the spec describes, the default policy's where a field is missing.
  func makeConfiguration() throws(BehaviourError) -> SheetConfiguration {
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
    if let entries = spec.detents {
      configuration.detents = entries.map { Detent($0.id, resolver(for: $0.height, id: $0.id)) }
    } else if let function = spec.detentsFunction {
      configuration.detents = try detentsFromFunction(function)
    }
    return configuration
  }

  /// The default policy with the configuration and the thresholds that tune it (each of
  /// ``DefaultPolicy/Threshold`` the behaviour declares), checked against their ranges.
  /// - Throws: `BehaviourError.invalidField` naming `thresholds.NAME` for a value outside its range (the
  ///   file's values are checked when read and overrides before the file runs, so only a table changed
  ///   in between gets here).
  func makeFallback() throws(BehaviourError) -> DefaultPolicy {
    var policy = DefaultPolicy(configuration: configuration)
    for threshold in DefaultPolicy.Threshold.allCases {
      guard let value = thresholds[threshold.rawValue] else { continue }
      do throws(ThresholdError) {
        try policy.set(threshold, to: value)
      } catch {
        let path: [PathComponent] = [.key("thresholds"), .key(threshold.rawValue)]
        throw .invalidField(
          file: source.name, line: locator.line(of: path), path: PathComponent.text(path),
          value: Format.general(value), expected: "\(error.expected) (the native policy's range)")
      }
    }
    policy.largestUndimmedDetent = spec.largestUndimmedDetent
    return policy
  }

  /// The core's resolver for one detent height.
  private func resolver(for height: BehaviourSpec.DetentHeight, id: String) -> DetentResolver {
    switch height {
    case .fixed(let points): return .fixed(points)
    case .fraction(let fraction): return .fraction(fraction)
    case .inset(let inset): return .insetFromTop(inset)
    case .content(let cap): return .content(cap: cap)
    case .function(let function):
      let box = DetentFunction(behaviour: self, function: function, id: id, listed: false)
      return .custom { context in box.height(in: context) }
    }
  }

  /// Calls a detent's height function; an error or a bad result is recorded and makes the detent inactive.
  func resolve(_ function: LuaFunction, id: String, in context: DetentContext) -> Double? {
    views.update(context: context)
    do throws(LuaError) {
      switch try function.callOne(views.context) {
      case .nil: return nil
      case let value:
        guard let height = value.doubleValue, height.isFinite, height >= 0 else {
          faults.append(
            PolicyFault(
              callback: "detents",
              message:
                "\(source.name):\(locator.line(of: [.key("detents")])): detent '\(id)' height function "
                + "returned \(FieldReader.describe(value)); expected a number >= 0 or nil"))
          return nil
        }
        return height
      }
    } catch {
      faults.append(PolicyFault(callback: "detents", message: message(for: error, callback: "detents")))
      return nil
    }
  }

  /// Detents from a `detents = function(ctx)`: its ids are read once with the reference screen, and
  /// each detent re-runs the function when the core resolves it.
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
    return try reader.detents(list, at: [.key("detents")]).map { entry in
      let box = DetentFunction(behaviour: self, function: function, id: entry.id, listed: true)
      return Detent(entry.id, .custom { context in box.height(in: context) })
    }
  }

  /// One detent of a `detents` function's list, resolved in `context`.
  func resolveListed(_ function: LuaFunction, id: String, in context: DetentContext) -> Double? {
    views.update(context: context)
    let reader = FieldReader(file: source.name, locator: locator)
    do {
      let list = try function.call([.tableRef(views.context)]).first ?? .nil
      guard let entry = try reader.detents(list, at: [.key("detents")]).first(where: { $0.id == id }) else {
        return nil
      }
      return resolver(for: entry.height, id: id).rawHeight(in: context)
    } catch let error as LuaError {
      faults.append(PolicyFault(callback: "detents", message: message(for: error, callback: "detents")))
    } catch {
      faults.append(PolicyFault(callback: "detents", message: "\(error)"))
    }
    return nil
  }

  /// A Lua error as a fault message that names the file and line: the error's own location when it has
  /// one, else the line where the callback is defined.
  /// - Parameters:
  ///   - error: The error.
  ///   - callback: The callback's field name.
  /// - Returns: `file:line: callback: message`.
  func message(for error: LuaError, callback: String) -> String {
    if case .syntax = error { return error.description }
    if error.location != nil { return "\(error.description) (in \(callback))" }
    return "\(source.name):\(locator.line(of: [.key(callback)])): \(callback): \(error.description)"
  }
}

/// A detent's Lua height function, held for the core's resolver with a weak reference to its behaviour
/// (the resolver lives in the behaviour's own configuration). Used on the behaviour's thread only.
final class DetentFunction: @unchecked Sendable {
  private weak var behaviour: Behaviour?
  private let function: LuaFunction
  private let id: String
  private let listed: Bool

  /// Creates the resolver's box.
  /// - Parameters:
  ///   - behaviour: The behaviour the function belongs to.
  ///   - function: A detent's `height` function, or the `detents` function itself when `listed`.
  ///   - id: The detent's id.
  ///   - listed: Whether `function` returns the whole detent list.
  init(behaviour: Behaviour, function: LuaFunction, id: String, listed: Bool) {
    self.behaviour = behaviour
    self.function = function
    self.id = id
    self.listed = listed
  }

  /// The detent's height in a context, or `nil` when inactive (or the behaviour is gone).
  func height(in context: DetentContext) -> Double? {
    guard let behaviour else { return nil }
    return listed
      ? behaviour.resolveListed(function, id: id, in: context)
      : behaviour.resolve(function, id: id, in: context)
  }
}
