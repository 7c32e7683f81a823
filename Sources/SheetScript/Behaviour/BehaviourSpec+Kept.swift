import Foundation
import LuaHost
import SheetCore

extension BehaviourSpec {
  /// A parse kept for the next load of the same behaviour in the same warm state (``WarmStates``): the
  /// returned table's image (``LuaTableImage``, the thresholds' numbers left out) and the spec read from
  /// it with its functions taken out. A sweep restores the behaviour's state and runs its chunk again
  /// for every run; a new table with the same image converts to the same value but for its functions
  /// and its thresholds' numbers, so its spec is the kept one with the new image's functions (from the
  /// same places) and numbers (checked again).
  ///
  /// Why it gives the spec a full parse gives. A parse reads only the table's value; equal images are
  /// equal values but for the functions and the left-out numbers, which are put back in the places the
  /// kept parse took them from; the numbers are checked as the parse checks them (a bad one: the full
  /// parse says which). And it leaves Lua as a parse does: the image is the conversion's read in Lua
  /// (the same references in the same order, the same stack checks), made whether or not it is kept.
  struct Kept {
    /// The table's image bytes.
    let image: [UInt8]
    /// The spec with every function taken out (nil; a function detent's height a NaN).
    let spec: BehaviourSpec
    /// The function slots it took them from, with each function's position in the image's functions.
    let slots: [(slot: WritableKeyPath<BehaviourSpec, LuaFunction?>, function: Int)]
    /// The detents whose height was a function, with its position in the image's functions.
    let detentHeights: [(detent: Int, function: Int)]
    /// The thresholds' names, in the order of the image's left-out numbers.
    let thresholdNames: [String]
    /// The native parameter each name is, if any (its range is checked; any other must be finite).
    let natives: [DefaultPolicy.Threshold?]
  }

  /// Every place the spec keeps a function: the callbacks and `detents` or `animations` given as one.
  static var functionSlots: [WritableKeyPath<BehaviourSpec, LuaFunction?>] {
    [
      \.detentsFunction, \.onDrag, \.onRelease, \.backdrop, \.onTap, \.onResize, \.onState, \.onScroll,
      \.animationsFunction, \.onKeyboard,
    ]
  }

  /// The spec kept with the image of the table it was read from; nil unless the spec holds every one of
  /// the image's functions, each in a function slot or a detent's height, and nothing else does (a
  /// function in an animation or its curve, one closure in two places: those are parsed every time).
  /// - Parameters:
  ///   - image: The image the spec was parsed from (its value).
  ///   - numberNames: The image's ``LuaTableImage/numberNames``.
  ///   - curves: The spec's curve registry.
  func kept(image: LuaTableImage, numberNames: [String], curves: CurveRegistry) -> Kept? {
    guard curves.hasNoFileCurves, image.numbers.count == numberNames.count else { return nil }
    var position: [ObjectIdentifier: Int] = [:]
    for (index, function) in image.functions.enumerated() { position[ObjectIdentifier(function)] = index }
    var spec = self
    var slots: [(slot: WritableKeyPath<BehaviourSpec, LuaFunction?>, function: Int)] = []
    var placed = Set<Int>()
    for slot in Self.functionSlots {
      guard let function = self[keyPath: slot] else { continue }
      guard let index = position[ObjectIdentifier(function)], placed.insert(index).inserted else {
        return nil
      }
      slots.append((slot, index))
      spec[keyPath: slot] = nil
    }
    var heights: [(detent: Int, function: Int)] = []
    for (detent, entry) in (detents ?? []).enumerated() {
      guard case .function(let function) = entry.height else { continue }
      guard let index = position[ObjectIdentifier(function)], placed.insert(index).inserted else {
        return nil
      }
      heights.append((detent, index))
      spec.detents?[detent].height = .fixed(.nan)
    }
    for entry in animations.values { if case .function = entry { return nil } }
    guard placed.count == image.functions.count else { return nil }
    guard Set(numberNames) == Set(thresholds.keys), numberNames.count == thresholds.count else { return nil }
    return Kept(
      image: image.bytes, spec: spec, slots: slots, detentHeights: heights, thresholdNames: numberNames,
      natives: numberNames.map { DefaultPolicy.Threshold(rawValue: $0) })
  }
}

extension BehaviourSpec.Kept {
  /// Whether a new table's image has the kept bytes (compared as memory, not byte by byte).
  func matches(_ other: LuaTableImage) -> Bool {
    guard image.count == other.bytes.count else { return false }
    return image.withUnsafeBytes { kept in
      other.bytes.withUnsafeBytes { new in
        guard let a = kept.baseAddress, let b = new.baseAddress else { return true }  // both empty
        return memcmp(a, b, kept.count) == 0
      }
    }
  }

  /// The spec of a table with this image: the kept spec with the image's functions and numbers.
  /// - Parameter image: The new table's image (its bytes equal to ``image``).
  /// - Returns: The spec, or nil when a threshold is not a finite number in its range (the full parse
  ///   says which).
  func spec(with image: LuaTableImage) -> BehaviourSpec? {
    // equal bytes place as many functions and numbers (the kept parse placed every function)
    guard image.functions.count == slots.count + detentHeights.count,
      image.numbers.count == thresholdNames.count
    else { return nil }
    var spec = self.spec
    for (slot, function) in slots { spec[keyPath: slot] = image.functions[function] }
    for (detent, function) in detentHeights {
      spec.detents?[detent].height = .function(image.functions[function])
    }
    var thresholds: [String: Double] = [:]
    thresholds.reserveCapacity(thresholdNames.count)
    for (index, name) in thresholdNames.enumerated() {
      guard let number = image.numbers[index].doubleValue, FieldReader.accepts(number, as: natives[index])
      else { return nil }
      thresholds[name] = number
    }
    spec.thresholds = thresholds
    return spec
  }
}
