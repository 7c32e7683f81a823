/// A count with its noun in the number the count takes, for every message that counts something:
/// `1 expectation`, `2 expectations`, `0 expectations`.
public enum Plural {
  /// The count and the noun, singular for exactly 1.
  /// - Parameters:
  ///   - count: How many.
  ///   - singular: The noun for one (`expectation`, `more line`).
  ///   - plural: The noun for any other count (default: the singular with an `s`).
  /// - Returns: `"\(count) \(noun)"`.
  public static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(noun(count, singular, plural))"
  }

  /// The noun alone, in the number `count` takes.
  /// - Parameters:
  ///   - count: How many.
  ///   - singular: The noun for one.
  ///   - plural: The noun for any other count (default: the singular with an `s`).
  /// - Returns: The noun.
  public static func noun(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    count == 1 ? singular : plural ?? singular + "s"
  }
}
