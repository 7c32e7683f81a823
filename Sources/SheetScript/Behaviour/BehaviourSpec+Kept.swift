import LuaHost
import SheetCore

extension BehaviourSpec {
  /// A parse kept for the next load of the same behaviour in the same warm state (``WarmStates``): the
  /// returned table's image (`LuaTable.image(leavingNumbersOf:)`, the thresholds' numbers left out) and
  /// the spec read from it with its functions taken out. A sweep restores the behaviour's state and runs
  /// its chunk again for every run; when the new table has the same image, it converts to the same
  /// value but for its functions' identity and its thresholds' numbers, so its spec is the kept one with
  /// the new table's functions (taken from the same places) and its thresholds read again.
  struct Kept {
    /// The table's image.
    let image: [UInt8]
    /// The spec, every function in it taken out (nil; a function detent's height a NaN).
    let spec: BehaviourSpec
    /// The fields that held a function (``BehaviourSpec/function(_:)``).
    let functionFields: [BehaviourField]
    /// The positions in `detents` whose height was a function.
    let functionDetents: [Int]
    /// The names of the thresholds (their numbers are read again at every load).
    let thresholdNames: [String]
  }

  /// The spec kept with the image of the table it was read from; nil when a function in it is not one
  /// a table's places give back (an animation given as a function, or a curve the parse ran).
  func kept(image: [UInt8], curves: CurveRegistry) -> Kept? {
    guard curves.hasNoFileCurves else { return nil }
    for entry in animations.values { if case .function = entry { return nil } }
    var spec = self
    var fields: [BehaviourField] = []
    for field in BehaviourField.allCases where function(field) != nil {
      fields.append(field)
      spec.setFunction(nil, for: field)
    }
    var positions: [Int] = []
    for (position, entry) in (detents ?? []).enumerated() {
      if case .function = entry.height {
        positions.append(position)
        spec.detents?[position].height = .fixed(.nan)
      }
    }
    return Kept(
      image: image, spec: spec, functionFields: fields, functionDetents: positions,
      thresholdNames: Array(thresholds.keys))
  }

  /// Sets the function a field holds (see ``function(_:)``); nothing for a field that never holds one.
  mutating func setFunction(_ value: LuaFunction?, for field: BehaviourField) {
    if let slot = Self.functionSlot(field) { self[keyPath: slot] = value }
  }
}

extension BehaviourSpec.Kept {
  /// The spec of `table`, a table with this image: the kept spec with `table`'s functions and its
  /// thresholds' numbers.
  /// - Returns: The spec, or nil when a function is not where the image placed one (never, for a table
  ///   with this image) or a threshold is not a finite number in its range (the full read says which).
  /// - Throws: `LuaError` for a table that cannot be read (a closed state).
  func spec(of table: LuaTable) throws(LuaError) -> BehaviourSpec? {
    var spec = self.spec
    for field in functionFields {
      guard case .function(let function) = try table.get(field.rawValue, byReference: true) else {
        return nil
      }
      spec.setFunction(function, for: field)
    }
    if !functionDetents.isEmpty {
      guard case .tableRef(let list) = try table.get("detents", byReference: true) else { return nil }
      for position in functionDetents {
        guard case .tableRef(let entry) = try list.get(position + 1, byReference: true),
          case .function(let function) = try entry.get("height", byReference: true)
        else { return nil }
        spec.detents?[position].height = .function(function)
      }
    }
    guard !thresholdNames.isEmpty else { return spec }
    // the image holds these names and no other, each a number
    guard case .tableRef(let thresholds) = try table.get("thresholds", byReference: true),
      let numbers = thresholds.numbers(named: thresholdNames)
    else { return nil }
    for (name, number) in zip(thresholdNames, numbers) {
      guard number.isFinite, (try? DefaultPolicy.Threshold.check(name, number)) != nil else { return nil }
      spec.thresholds[name] = number
    }
    return spec
  }
}
