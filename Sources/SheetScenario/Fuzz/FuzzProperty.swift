/// A property `sheet fuzz` checks: one of the built-in ones, or one the behaviour's author wrote in Lua
/// (``FuzzUserProperties``).
package enum FuzzProperty: Hashable, Sendable, Comparable {
  /// It comes to rest within ``FuzzProperty/restBound`` seconds, on an active detent, or dismissed or
  /// hidden (checked by the rest steps, which also fail when the sheet does not come to rest within a
  /// scenario's `settle()` limit of 60 s).
  case rests
  /// A release never dismisses a sheet whose behaviour does not allow dismissal (`allow_dismiss =
  /// false`): `dismiss()` and taps may, as the configuration says.
  case noDismiss
  /// Its height, velocity and backdrop are finite, the height within the screen and the backdrop within
  /// [0, 1], after every step.
  case finite
  /// No script error and no limit reached (a callback's instruction, memory or time budget, or the
  /// run's).
  case noError
  /// Monotone releases: from the same place, a faster flick toward a larger detent never ends lower than
  /// a slower one, and a faster flick toward a smaller one never ends higher (on the pairs of flicks the
  /// fuzzer makes for it).
  case monotone
  /// Snapping to the detent the sheet rests at does not move it.
  case snapCurrent
  /// A rotation there and back (the screen's width and height swapped, then swapped back) returns the
  /// sheet to the detent it rested at.
  case rotation
  /// A reload of the same behaviour file, while the sheet rests, changes nothing: it rests at the same
  /// detent and height.
  case reload
  /// A property of the author's: `property('name', function(sheet) ... end)`.
  case user(String)

  /// The built-in properties, in the order they are checked and listed.
  package static let builtIn: [FuzzProperty] = [
    .rests, .noDismiss, .finite, .noError, .monotone, .snapCurrent, .rotation, .reload,
  ]

  /// The longest a rest step waits for the sheet to come to rest, seconds.
  package static let restBound = 10.0

  /// The property's name on the command line (`--exempt`) and in reports: `rests`, `no-dismiss`, ...;
  /// a user property's own name.
  package var name: String {
    switch self {
    case .rests: "rests"
    case .noDismiss: "no-dismiss"
    case .finite: "finite"
    case .noError: "no-error"
    case .monotone: "monotone"
    case .snapCurrent: "snap-current"
    case .rotation: "rotation"
    case .reload: "reload"
    case .user(let name): name
    }
  }

  /// The property in one sentence: the message of the expectation a written finding fails with.
  package var sentence: String {
    switch self {
    case .rests:
      "rests: comes to rest within \(Int(Self.restBound)) s on an active detent, or dismissed or hidden"
    case .noDismiss: "no-dismiss: a release never dismisses a sheet whose behaviour does not allow dismissal"
    case .finite: "finite: height, velocity and backdrop finite, height on the screen, backdrop in [0, 1]"
    case .noError: "no-error: no script error, no limit reached"
    case .monotone: "monotone: a faster flick never ends short of where a slower one from the same place ends"
    case .snapCurrent: "snap-current: snapping to the detent the sheet rests at does not move it"
    case .rotation: "rotation: a rotation there and back returns the sheet to the same detent"
    case .reload: "reload: a reload of the same file changes nothing"
    case .user(let name): "property '\(name)'"
    }
  }

  /// The property a name gives (`--exempt`), built-in or one of `userNames`.
  /// - Parameters:
  ///   - name: The name.
  ///   - userNames: The user properties' names.
  /// - Returns: The property, or nil for no such name.
  package static func named(_ name: String, userNames: [String] = []) -> FuzzProperty? {
    if let found = builtIn.first(where: { $0.name == name }) { return found }
    return userNames.contains(name) ? .user(name) : nil
  }

  package static func < (a: FuzzProperty, b: FuzzProperty) -> Bool {
    func rank(_ p: FuzzProperty) -> (Int, String) {
      (builtIn.firstIndex(of: p) ?? builtIn.count, p.name)
    }
    return rank(a) < rank(b)
  }
}
