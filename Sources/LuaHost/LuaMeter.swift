/// A counter of budget units that several states add to: a host that runs many states for one job (a
/// scenario, its behaviour and every version of it a hot reload loads) bounds their sum.
///
/// Every unit a state spends (VM instructions, billed allocations, the counted library's work) is
/// added to its meter too, failed loads included. Used from the states' thread, like the states.
public final class LuaMeter: @unchecked Sendable {
  let counter: UnsafeMutablePointer<Int64>

  /// A meter at zero.
  public init() {
    counter = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
    counter.initialize(to: 0)
  }

  deinit {
    counter.deinitialize(count: 1)
    counter.deallocate()
  }

  /// Units spent so far by every state that reports here.
  public var units: Int { Int(counter.pointee) }

  /// Adds units spent elsewhere: a restored state's set-up, which a run that builds the state anew
  /// spends here (``LuaState/restore(_:meter:)``).
  /// - Parameter units: The units (0 or more).
  package func add(_ units: Int) { counter.pointee += Int64(units) }
}
