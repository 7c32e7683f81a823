/// A message the server refused: the sentence the page shows.
struct PreviewMessageError: Error, Equatable, CustomStringConvertible {
  var message: String

  init(_ message: String) { self.message = message }

  var description: String { message }
}
