import Foundation

/// The simpler versions of a step the shrinker tries, simplest first.
extension FuzzStep {
  /// Simpler steps in place of this one: a field at its default (no explicit velocity, no touch time,
  /// no horizontal travel, finger 1), a number rounder (``rounder(_:)``), a wait shorter, a snap to a
  /// lower detent. Empty when there is nothing simpler.
  var simpler: [FuzzStep] {
    switch self {
    case .present, .dismiss, .tapBackdrop, .reload, .rest, .snapCurrent, .rotation, .reloadCheck, .back,
      .reduceMotion:
      return []
    case .accessibilityAction(let place): return place != 0 ? [.accessibilityAction(place: 0)] : []
    case .snap(let place): return place > 0 ? [.snap(0), .snap(place - 1)].uniqued(without: self) : []
    case .wait(let frames):
      return frames > 0
        ? [.wait(frames: 1), .wait(frames: frames / 2), .wait(frames: frames - 1)].uniqued(without: self) : []
    case .drag(let dy, let dx, let duration, let grab, let release, let velocity):
      var options: [FuzzStep] = []
      if velocity != nil {
        options.append(.drag(dy: dy, dx: dx, duration: duration, grab: grab, release: release, velocity: nil))
      }
      if dx != 0 {
        options.append(
          .drag(dy: dy, dx: 0, duration: duration, grab: grab, release: release, velocity: velocity))
      }
      options += Self.rounder(duration, step: 0.05).map {
        .drag(dy: dy, dx: dx, duration: max($0, 0), grab: grab, release: release, velocity: velocity)
      }
      options += Self.rounder(dy).map {
        .drag(dy: $0, dx: dx, duration: duration, grab: grab, release: release, velocity: velocity)
      }
      options += Self.rounder(grab, zero: true).map {
        .drag(dy: dy, dx: dx, duration: duration, grab: $0, release: release, velocity: velocity)
      }
      if let velocity {
        options += Self.rounder(velocity).map {
          .drag(dy: dy, dx: dx, duration: duration, grab: grab, release: release, velocity: $0)
        }
      }
      return options.uniqued(without: self)
    case .flick(let dy, let velocity, let grab):
      return
        (Self.rounder(dy).filter { $0 != 0 && ($0 < 0) == (dy < 0) }.map {
          .flick(dy: $0, velocity: velocity, grab: grab)
        }
        + Self.rounder(velocity).filter { $0 != 0 }.map { .flick(dy: dy, velocity: $0, grab: grab) }
        + Self.rounder(grab, zero: true).map { .flick(dy: dy, velocity: velocity, grab: $0) }).uniqued(
          without: self)
    case .touchDown(let finger, let grab, let x, let time):
      var options: [FuzzStep] = []
      if time != nil { options.append(.touchDown(finger: finger, grab: grab, x: x, time: nil)) }
      if x != nil { options.append(.touchDown(finger: finger, grab: grab, x: nil, time: time)) }
      if finger != 1 { options.append(.touchDown(finger: 1, grab: grab, x: x, time: time)) }
      options += Self.rounder(grab, zero: true).map { .touchDown(finger: finger, grab: $0, x: x, time: time) }
      return options.uniqued(without: self)
    case .touchMove(let finger, let dy, let time):
      var options: [FuzzStep] = []
      if time != nil { options.append(.touchMove(finger: finger, dy: dy, time: nil)) }
      if finger != 1 { options.append(.touchMove(finger: 1, dy: dy, time: time)) }
      options += Self.rounder(dy, zero: true).map { .touchMove(finger: finger, dy: $0, time: time) }
      return options.uniqued(without: self)
    case .touchUp(let finger, let velocity, let time):
      var options: [FuzzStep] = []
      if time != nil { options.append(.touchUp(finger: finger, velocity: velocity, time: nil)) }
      if velocity != nil { options.append(.touchUp(finger: finger, velocity: nil, time: time)) }
      if finger != 1 { options.append(.touchUp(finger: 1, velocity: velocity, time: time)) }
      if let velocity {
        options += Self.rounder(velocity, zero: true).map {
          .touchUp(finger: finger, velocity: $0, time: time)
        }
      }
      return options.uniqued(without: self)
    case .touchCancel(let finger): return finger != 1 ? [.touchCancel(finger: 1)] : []
    case .tap(let grab): return Self.rounder(grab, zero: true).map { .tap(grab: $0) }.uniqued(without: self)
    case .resize(let width, let height, let top, let bottom):
      return
        (Self.rounder(width).map { .resize(width: $0, height: height, safeTop: top, safeBottom: bottom) }
        + Self.rounder(height).map { .resize(width: width, height: $0, safeTop: top, safeBottom: bottom) }
        + Self.rounder(top, zero: true).map {
          .resize(width: width, height: height, safeTop: $0, safeBottom: bottom)
        }
        + Self.rounder(bottom, zero: true).map {
          .resize(width: width, height: height, safeTop: top, safeBottom: $0)
        })
        .uniqued(without: self)
    case .content(let height):
      return Self.rounder(height, zero: true).map { .content(height: $0) }.uniqued(without: self)
    case .scrollView(let contentHeight, let top):
      guard let contentHeight else { return [] }
      return
        (Self.rounder(contentHeight, zero: true).map { .scrollView(contentHeight: $0, top: top) }
        + Self.rounder(top, zero: true).map { .scrollView(contentHeight: contentHeight, top: $0) }).uniqued(
          without: self)
    case .scrollTo(let offset):
      return Self.rounder(offset, zero: true).map { .scrollTo($0) }.uniqued(without: self)
    case .keyboard(let fraction, let duration):
      // 0.25 s (UIKit's) is the simplest duration, then none: never back from 0 to 0.25
      let durations: [Double] = duration == 0.25 ? [] : duration == 0 ? [0.25] : [0.25, 0]
      return
        (durations.map { .keyboard(fraction: fraction, duration: $0) }
        + Self.rounder(fraction, step: 0.05, zero: true).map {
          .keyboard(fraction: min(max($0, 0), 1), duration: duration)
        })
        .uniqued(without: self)
    case .pair(let dy, let slow, let fast, let grab):
      return
        (Self.rounder(dy).filter { $0 != 0 && ($0 < 0) == (dy < 0) }.map {
          .pair(dy: $0, slow: slow, fast: fast, grab: grab)
        }
        + Self.rounder(slow).filter { $0 > 0 && $0 < fast }.map {
          .pair(dy: dy, slow: $0, fast: fast, grab: grab)
        }
        + Self.rounder(fast).filter { $0 > slow }.map { .pair(dy: dy, slow: slow, fast: $0, grab: grab) }
        + Self.rounder(grab, zero: true).map { .pair(dy: dy, slow: slow, fast: fast, grab: $0) }).uniqued(
          without: self)
    }
  }

  /// Rounder values than `value`, roundest first: 0 (when `zero` allows it), one significant digit,
  /// two, then a whole multiple of `step`; each differs from `value` and from those before it.
  /// - Parameters:
  ///   - value: The value.
  ///   - step: The finest rounding tried (default 1).
  ///   - zero: Whether 0 is a candidate.
  /// - Returns: The candidates.
  static func rounder(_ value: Double, step: Double = 1, zero: Bool = false) -> [Double] {
    guard value.isFinite, value != 0 else { return [] }
    var candidates: [Double] = zero ? [0] : []
    let magnitude = pow10(floor(log10(abs(value))))
    for unit in [magnitude, magnitude / 10] where unit >= step {
      candidates.append(round(value, to: unit))
    }
    candidates.append(round(value, to: step))
    var seen: [Double] = []
    for candidate in candidates where candidate != value && !seen.contains(candidate) {
      seen.append(candidate)
    }
    return seen
  }

  /// `value` to the nearest multiple of `unit` (a power of ten, or a step such as 0.05), as its
  /// decimal reads: a unit below 1 divides by its inverse (0.3, not 3 * 0.1 = 0.30000000000000004).
  private static func round(_ value: Double, to unit: Double) -> Double {
    if unit >= 1 { return normalized((value / unit).rounded() * unit) }
    let inverse = (1 / unit).rounded()
    return normalized((value * inverse).rounded() / inverse)
  }

  /// 10 to a whole power, exactly for the powers a step's numbers have.
  private static func pow10(_ exponent: Double) -> Double {
    var result = 1.0
    if exponent >= 0 {
      for _ in 0..<Int(exponent) { result *= 10 }
    } else {
      for _ in 0..<Int(-exponent) { result /= 10 }
    }
    return result
  }

  /// 0 for -0, so that a value reads the same written as in the run.
  static func normalized(_ value: Double) -> Double { value == 0 ? 0 : value }
}

extension Array where Element == FuzzStep {
  /// The steps in order without repeats, and without `step` itself.
  fileprivate func uniqued(without step: FuzzStep) -> [FuzzStep] {
    var kept: [FuzzStep] = []
    for candidate in self where candidate != step && !kept.contains(candidate) { kept.append(candidate) }
    return kept
  }
}
