/// A clock a host gives the deadline in place of the monotonic clock (``LuaState/setDeadlineClock(_:)``),
/// boxed so C can hold it as a context pointer.
final class DeadlineClock {
  /// Seconds, never decreasing.
  let read: () -> Double

  init(_ read: @escaping () -> Double) {
    self.read = read
  }
}
