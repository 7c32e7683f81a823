import LuaHost

/// The Lua functions a behaviour's animations use as timing curves (`curve = function(t) ... end`), by
/// the identifiers the core's `SheetCore/Motion/customCurve(_:duration:)` carries and hands back to
/// ``Behaviour/curve(_:at:)`` at every frame.
///
/// The file's own animation tables keep their curves for the behaviour's life (identifiers 0, 1, ...).
/// A curve in an animation a callback returns (an `animations` function, `on_release`'s third result)
/// lives in one of ``recentSlots`` slots, reused in turn: a transition reads at most one animation with
/// at most two curves before it starts, so a running transition's curves are never overwritten by the
/// next ones, and the registry stays bounded however many transitions run. An identifier whose slot was
/// reused is no longer found (the core then finishes with its default policy).
package final class CurveRegistry {
  /// Slots for callbacks' curves: two transitions' worth of height and backdrop curves.
  package static let recentSlots = 4

  private var permanent: [LuaFunction] = []
  private var recent: [(id: Int, function: LuaFunction)?] = Array(repeating: nil, count: recentSlots)
  private var nextRecent = 0

  /// Whether no file's curve is registered (callbacks' curves come later, once the behaviour runs).
  package var hasNoFileCurves: Bool { permanent.isEmpty }

  /// Registers a curve.
  /// - Parameters:
  ///   - function: The curve.
  ///   - permanent: Whether it is a file's own (kept for the behaviour's life) or a callback's result.
  /// - Returns: Its identifier.
  package func register(_ function: LuaFunction, permanent: Bool) -> Int {
    if permanent {
      self.permanent.append(function)
      return self.permanent.count - 1
    }
    // Identifiers of callbacks' curves come after every permanent one the file could have: a file's
    // animations are read once, before any callback runs, so `permanent.count` no longer changes.
    let id = self.permanent.count + nextRecent
    recent[nextRecent % Self.recentSlots] = (id, function)
    nextRecent += 1
    return id
  }

  /// The curve with an identifier, or nil when it is unknown or its slot was reused.
  package func function(_ id: Int) -> LuaFunction? {
    if id >= 0 && id < permanent.count { return permanent[id] }
    guard id >= permanent.count, let entry = recent[(id - permanent.count) % Self.recentSlots], entry.id == id
    else { return nil }
    return entry.function
  }
}
