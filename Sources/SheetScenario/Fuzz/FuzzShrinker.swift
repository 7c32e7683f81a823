/// Shrinks a failing fuzz case to a small one that fails the same property: chunks of steps removed
/// (halves, then quarters, down to single steps, as in delta debugging), then each step made simpler
/// (``FuzzStep/simpler``: rounder numbers, no explicit velocities or touch times, shorter waits), then
/// the content height dropped or rounded; again until nothing changes or the budget of runs is spent.
/// Every candidate is run from the start; the steps after the one that fails are dropped. The order of
/// the candidates is fixed, so a case shrinks to the same case in every process.
package struct FuzzShrinker {
  /// The most runs a shrink makes by default.
  package static let defaultBudget = 4000

  /// The behaviour, screen and properties.
  let target: FuzzTarget
  /// The worker's warm states.
  let warm: WarmStates?
  /// The author's properties.
  let properties: FuzzUserProperties?
  /// The most runs.
  let budget: Int
  /// Runs made so far.
  package private(set) var runs = 0
  /// The candidates run so far (none is run twice).
  private var tried: Set<FuzzCase> = []

  /// A shrinker.
  package init(
    target: FuzzTarget, warm: WarmStates?, properties: FuzzUserProperties?, budget: Int = defaultBudget
  ) {
    self.target = target
    self.warm = warm
    self.properties = properties
    self.budget = budget
  }

  /// Shrinks a case that fails.
  /// - Parameters:
  ///   - start: The case.
  ///   - failure: How it fails.
  /// - Returns: The smallest case found that fails the same property, and how it fails.
  package mutating func shrink(_ start: FuzzCase, failing failure: FuzzFailure) -> (FuzzCase, FuzzFailure) {
    var best = start
    var found = failure
    best.steps.removeSubrange((failure.step + 1)...)
    var changed = true
    while changed && runs < budget {
      changed = false
      changed = removeChunks(&best, &found) || changed
      changed = simplifySteps(&best, &found) || changed
      changed = simplifyContent(&best, &found) || changed
    }
    return (best, found)
  }

  /// Runs a candidate: its failure, when it fails the same property.
  private mutating func attempt(_ candidate: FuzzCase, property: FuzzProperty) -> FuzzFailure? {
    guard runs < budget, tried.insert(candidate).inserted else { return nil }
    runs += 1
    guard case .failed(let failure) = candidate.run(target, warm: warm, properties: properties).0,
      failure.property == property
    else { return nil }
    return failure
  }

  /// Tries a candidate; keeps it (cut after its failing step) when it fails the same property.
  private mutating func keep(_ candidate: FuzzCase, _ best: inout FuzzCase, _ found: inout FuzzFailure)
    -> Bool
  {
    guard candidate != best, let failure = attempt(candidate, property: found.property) else { return false }
    best = candidate
    best.steps.removeSubrange((failure.step + 1)...)
    found = failure
    return true
  }

  /// Removes chunks of steps, from half the case down to one step.
  private mutating func removeChunks(_ best: inout FuzzCase, _ found: inout FuzzFailure) -> Bool {
    var changed = false
    var size = max(1, best.steps.count / 2)
    while size >= 1 && runs < budget {
      var start = 0
      while start < best.steps.count && runs < budget {
        var candidate = best
        candidate.steps.removeSubrange(start..<min(start + size, candidate.steps.count))
        if keep(candidate, &best, &found) {
          changed = true
        } else {
          start += size
        }
      }
      size /= 2
    }
    return changed
  }

  /// Replaces each step by the first simpler one that still fails.
  private mutating func simplifySteps(_ best: inout FuzzCase, _ found: inout FuzzFailure) -> Bool {
    var changed = false
    var index = 0
    while index < best.steps.count && runs < budget {
      for simpler in best.steps[index].simpler {
        var candidate = best
        candidate.steps[index] = simpler
        if keep(candidate, &best, &found) {
          changed = true
          break
        }
      }
      index += 1
    }
    return changed
  }

  /// Drops the content height, or rounds it.
  private mutating func simplifyContent(_ best: inout FuzzCase, _ found: inout FuzzFailure) -> Bool {
    guard let height = best.contentHeight else { return false }
    for simpler in [nil] + FuzzStep.rounder(height).map(Optional.some) {
      var candidate = best
      candidate.contentHeight = simpler
      if keep(candidate, &best, &found) { return true }
    }
    return false
  }
}
