import SheetScenario
import SheetScript
import Synchronization

/// The warm states of a sweep's workers, kept between the sweep's runs of its grid (the check of its
/// thresholds, then the grid; every round of `sheet bench`): a worker takes one set for as long as it
/// runs and gives it back, so that no two threads ever share a state.
final class WarmPool: Sendable {
  private let free = Mutex<[WarmStates]>([])

  /// A set no other worker holds (one made before or a new one).
  func take() -> WarmStates {
    free.withLock { $0.popLast() } ?? WarmStates()
  }

  /// Gives a set back for the next worker.
  func give(_ states: WarmStates) {
    free.withLock { $0.append(states) }
  }
}
