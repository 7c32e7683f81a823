import SheetCore

/// Threshold overrides changed while the sheet runs: a tuning panel's sliders, `sheet preview`'s.
extension ScriptedSheet {
  /// Replaces the threshold overrides and reloads the behaviour with them, as ``reload()`` does (the
  /// file read anew when it is one, else the same preset or text): the values go through the checks
  /// `--set` and ``Configuration/overrides`` go through (a threshold the default policy reads must lie
  /// in its range, any other must be finite, and each must be one the behaviour declares), and the new
  /// version takes over at once, or when the drag in progress ends.
  ///
  /// When the behaviour refuses them, nothing changes: the previous overrides and the running
  /// behaviour stay, and the refusal is thrown and recorded as a `reload ok=false` event.
  /// - Parameter overrides: Threshold values by name (an empty dictionary: the behaviour's own values).
  /// - Throws: ``BehaviourError``: ``BehaviourError/invalidThreshold(file:error:)`` naming the threshold,
  ///   the value and its range, ``BehaviourError/unknownThreshold(file:name:suggestion:declared:)``, or
  ///   the error of a behaviour file that no longer loads.
  public func setOverrides(_ overrides: [String: Double]) throws(BehaviourError) {
    let previous = configuration.overrides
    configuration.overrides = overrides
    do throws(BehaviourError) {
      try reload()
    } catch {
      configuration.overrides = previous
      throw error
    }
  }
}
