import SheetScript
import SheetTrace

extension JSONWriter {
  /// A reply to the page, or one of its items: an object that starts with its `type`, its strings
  /// escaped so that no text can end the page's `<script>` (`<`, U+2028 and U+2029 too).
  /// - Parameter type: The message's type.
  /// - Returns: The writer, the object open.
  static func message(_ type: String) -> JSONWriter {
    var writer = JSONWriter()
    writer.forHTML = true
    writer.beginObject()
    writer.field("type", type)
    return writer
  }

  /// Closes the message's object and returns its text.
  mutating func finished() -> String {
    endObject()
    return text
  }
}
