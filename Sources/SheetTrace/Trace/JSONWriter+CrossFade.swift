import SheetCore

extension JSONWriter {
  /// The decimals a trace writes a cross-fade's numbers with: the old height as heights (4), the progress
  /// as the backdrop (5).
  public static let crossFadeDecimals = (from: 4, progress: 5)

  /// A running cross-fade as a frame's field, the one description every frame line uses:
  /// `"cross_fade":{"from":200,"progress":0.5}`.
  /// - Parameter fade: The cross-fade.
  public mutating func crossFade(_ fade: CrossFade) {
    key(literal: "cross_fade")
    beginObject()
    key(literal: "from")
    number(fade.from, decimals: Self.crossFadeDecimals.from)
    key(literal: "progress")
    number(fade.progress, decimals: Self.crossFadeDecimals.progress)
    endObject()
  }

  /// The bytes ``crossFade(_:)`` writes but its numbers, with the comma before its key.
  public static let crossFadeLayoutBytes = #","cross_fade":{"from":,"progress":}"#.utf8.count
}
