/// Finds the known name nearest a misspelt one, for "did you mean" hints.
public enum NameSuggestion {
  /// The known name with the smallest edit distance to `name`, when it is close enough to be a typo.
  /// - Parameters:
  ///   - name: The name the user wrote.
  ///   - known: The names that are accepted.
  /// - Returns: The nearest known name (first wins a tie), or `nil` when none is within
  ///   `max(2, name.count / 3)` edits.
  public static func nearest(to name: String, in known: [String]) -> String? {
    guard name.utf8.count <= 64 else { return nil }  // no typo is that long (and the distance is quadratic)
    var best: (name: String, distance: Int)?
    for candidate in known {
      let distance = editDistance(name, candidate)
      if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    guard let best, best.distance <= max(2, name.count / 3) else { return nil }
    return best.name
  }

  /// " (did you mean 'name'?)" for the known name nearest `name`, or "" when none is close.
  /// - Parameters:
  ///   - name: The name the user wrote.
  ///   - known: The names that are accepted.
  /// - Returns: The hint, with its leading space.
  public static func hint(_ name: String, among known: [String]) -> String {
    nearest(to: name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
  }

  /// The Levenshtein distance between two strings: insertions, deletions and substitutions of characters.
  /// - Parameters:
  ///   - a: One string.
  ///   - b: The other.
  /// - Returns: The number of single-character edits that turn `a` into `b`.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
