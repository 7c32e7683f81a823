/// What a sheet does when the keyboard appears, changes height or hides: the names and meanings of
/// gorhom/react-native-bottom-sheet's `keyboardBehavior` (src/components/bottomSheet/types.d.ts:
/// `interactive` offsets the sheet by the keyboard's size, `extend` extends it to its maximum snap point,
/// `fillParent` extends it to fill the parent view), plus ``KeyboardMode/none``.
///
/// Whatever the mode, the sheet never comes to rest under the keyboard or above the screen's top (see
/// ``KeyboardGeometry``), and when the keyboard hides the sheet returns to the detent it was at (gorhom's
/// `keyboardBlurBehavior = 'restore'`). The raw value is the behaviour field's Lua name.
public enum KeyboardMode: String, Sendable, CaseIterable {
  /// The sheet rises by the keyboard's height, keeping its detent: every detent is lifted onto the
  /// keyboard's top edge (the space above the keyboard is the sheet's screen), capped at the available
  /// height. gorhom's default.
  case interactive
  /// The sheet goes to its largest detent, lifted above the keyboard like every detent.
  case extend
  /// The sheet fills the space above the keyboard, up to the available height (gorhom's `fillParent`).
  case fill
  /// The sheet stays where it is; only a sheet lower than the keyboard rises to the keyboard's top edge.
  /// For a behaviour that insets its content itself.
  case none
}
