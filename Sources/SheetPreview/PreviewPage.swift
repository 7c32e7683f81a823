/// The page's files, embedded in the binary by the EmbedFiles plugin from
/// `Sources/SheetPreview/Page/`: plain HTML, CSS and JavaScript, no build step, nothing fetched at
/// run time. These are the only files the server serves.
public enum PreviewPage {
  /// A served file: its content type and bytes.
  public struct File: Sendable {
    /// The `Content-Type`.
    public var contentType: String
    /// The bytes.
    public var bytes: [UInt8]
  }

  /// The file for a request path (`/` is `index.html`), or nil: the server answers nothing else.
  /// - Parameter path: The request's path, without its query.
  public static func file(at path: String) -> File? {
    let name = path == "/" ? "index.html" : String(path.dropFirst())
    return files[name]
  }

  /// The embedded files by name.
  static let files: [String: File] = {
    var files: [String: File] = [:]
    for (name, text) in EmbeddedPage.files {
      files[name] = File(contentType: contentType(of: name), bytes: Array(text.utf8))
    }
    return files
  }()

  /// The names of the embedded files.
  public static var names: [String] { files.keys.sorted() }

  static func contentType(of name: String) -> String {
    if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
    if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
    if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
    return "application/octet-stream"
  }
}
