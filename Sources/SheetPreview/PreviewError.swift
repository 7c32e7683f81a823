/// A preview that cannot start or an action it refused: the sentence to show.
public struct PreviewError: Error, Equatable, CustomStringConvertible {
  /// The sentence.
  public var message: String

  /// Creates the error.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
