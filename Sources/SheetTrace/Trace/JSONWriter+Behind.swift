import SheetCore

extension JSONWriter {
  /// The decimals a trace writes each of the view behind's numbers with: scale and dim 5 (as the
  /// backdrop), corner radius and offset 4 (as heights).
  public static let behindDecimals = (scale: 5, cornerRadius: 4, offset: 4, dim: 5)

  /// The view behind the sheet as a frame's field, the one description every frame line uses (a trace's
  /// JSON Lines, the preview's frame messages):
  /// `"behind":{"scale":0.9165,"corner_radius":12,"offset":59.08,"dim":0.1}`.
  /// - Parameter view: The view behind.
  public mutating func behind(_ view: BehindView) {
    let decimals = Self.behindDecimals
    key(literal: "behind")
    beginObject()
    key(literal: "scale")
    number(view.scale, decimals: decimals.scale)
    key(literal: "corner_radius")
    number(view.cornerRadius, decimals: decimals.cornerRadius)
    key(literal: "offset")
    number(view.offset, decimals: decimals.offset)
    key(literal: "dim")
    number(view.dim, decimals: decimals.dim)
    endObject()
  }

  /// The bytes ``behind(_:)`` writes but its numbers, with the comma before its key.
  public static let behindLayoutBytes =
    #","behind":{"scale":,"corner_radius":,"offset":,"dim":}"#.utf8.count
}
