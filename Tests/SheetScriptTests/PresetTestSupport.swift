import Foundation
import LuaHost
import SheetCore
import Testing

@testable import SheetScenario
@testable import SheetScript
@testable import SheetTrace

/// Helpers for the preset, fault and reload suites: loading presets, driving them, reading traces, and
/// independent evaluations of the curves and springs the seeds name (written from the seeds'
/// descriptions, not from the core's code).
enum PresetTest {
  /// The reference screen of the seeds: 390 x 844, safe area 47 / 34.
  static let reference = SheetGeometry(width: 390, height: 844, safeArea: SafeArea(top: 47, bottom: 34))
  /// The reference phone rotated to landscape: 844 x 390, no top inset, 21 pt home indicator.
  static let rotated = SheetGeometry(width: 844, height: 390, safeArea: SafeArea(top: 0, bottom: 21))

  /// Loads a preset by name.
  static func load(_ name: String, overrides: [(name: String, value: Double)] = []) throws -> Behaviour {
    let source = try #require(Presets.source(named: name))
    return try Behaviour.load(source, overrides: overrides)
  }

  /// A driver over a preset on `geometry` (the edge comes from the preset's configuration).
  static func driver(
    _ name: String, geometry: SheetGeometry = reference, content: Double? = nil
  ) throws -> SheetDriver {
    try SheetDriver(policy: try load(name), geometry: geometry, contentHeight: content)
  }

  /// A driver over inline behaviour text named `name`, in a state capped at 2 MiB (a runaway allocation
  /// then stays small next to the suites that measure the process's memory).
  static func driver(source text: String, name: String = "test.lua", content: Double? = nil) throws
    -> SheetDriver
  {
    let options = LuaState.Options(memoryLimit: 2 << 20, deadline: 0)  // the caps end a run, not the clock
    let behaviour = try Behaviour.load(BehaviourSource(name: name, text: text), options: options)
    return try SheetDriver(policy: behaviour, geometry: reference, contentHeight: content)
  }

  /// Whether two numbers agree within `tolerance`.
  static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

  /// How closely sampled heights must match the independent curve: the core solves x(u) = t by Newton's
  /// method to 1e-7 in x (CubicBezier), so a 500 pt travel may be off by ~1e-4 pt; 1e-3 pt is far below
  /// anything visible and far above that.
  static let curveTolerance = 1e-3

  /// UIKit's named curves as cubic-Bézier control points.
  static let easeInOut = (0.42, 0.0, 0.58, 1.0)
  static let easeIn = (0.42, 0.0, 1.0, 1.0)
  static let easeOut = (0.0, 0.0, 0.58, 1.0)

  /// The eased progress of a CSS-style cubic Bézier at time fraction `t`, by bisection on x(u) = t
  /// (independent of the core's Newton solver).
  static func bezier(_ p: (Double, Double, Double, Double), at t: Double) -> Double {
    func coordinate(_ a: Double, _ b: Double, _ u: Double) -> Double {
      let v = 1 - u
      return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u
    }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<100 {
      let mid = (lo + hi) / 2
      if coordinate(p.0, p.2, mid) < t { lo = mid } else { hi = mid }
    }
    return coordinate(p.1, p.3, (lo + hi) / 2)
  }

  /// A critically damped spring `UIViewPropertyAnimator(duration: d, dampingRatio: 1)`, with a
  /// settling time of d: ω0 = ln(1000) / d; displacement x(t) = (x0 + (v0 + ω0 x0) t) e^(-ω0 t).
  static func criticalSpring(duration d: Double, x0: Double, v0: Double, at t: Double) -> Double {
    let w = log(1000) / d
    return (x0 + (v0 + w * x0) * t) * exp(-w * t)
  }
}

extension SheetDriver {
  /// Presents and runs to rest.
  mutating func presentAndSettle() throws {
    try apply { h in h.present() }
    #expect(try settle())
  }

  /// Steps frames 1...`frames` of an animation started at this instant and checks each height (and the
  /// backdrop, when given) against the independent Bézier `curve` from `height.0` to `height.1` over
  /// `duration` seconds.
  mutating func expectCurve(
    _ curve: (Double, Double, Double, Double), duration: Double, height: (Double, Double),
    backdrop: (Double, Double)? = nil, frames: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    for k in 1...frames {
      try frame()
      let eased = PresetTest.bezier(curve, at: Double(k) / fps / duration)
      let h = height.0 + (height.1 - height.0) * eased
      #expect(
        PresetTest.close(machine.height, h, PresetTest.curveTolerance), "frame \(k)",
        sourceLocation: sourceLocation)
      if let backdrop {
        let a = backdrop.0 + (backdrop.1 - backdrop.0) * eased
        #expect(
          PresetTest.close(machine.backdrop, a, PresetTest.curveTolerance), "frame \(k)",
          sourceLocation: sourceLocation)
      }
    }
  }

  /// The trace events named `name`, oldest first.
  func events(_ name: String) -> [TraceEvent] { trace.events.filter { $0.name == name } }

  /// The last event named `name`.
  func last(_ name: String) -> TraceEvent? { events(name).last }

  /// Lua behaviour errors recorded so far, as `callback: message`.
  var scriptErrors: [String] {
    events("script_error").map { "\($0["callback"]?.text ?? ""): \($0["message"]?.text ?? "")" }
  }
}

extension TraceValue {
  /// The text of a string value.
  var text: String? {
    if case .string(let s) = self { return s }
    return nil
  }
}

/// A place in a script: LuaHost's (Swift Testing's own is `Testing.SourceLocation` here).
typealias SourceLocation = LuaHost.SourceLocation
