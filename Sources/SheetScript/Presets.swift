/// The behaviours that ship inside the binary, from `scripts/behaviours/`.
public enum Presets {
  /// Every embedded Lua file's name (without `.lua`) and text, sorted by name.
  public static var files: [(name: String, text: String)] { EmbeddedBehaviours.files }
}
