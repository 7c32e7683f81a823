import SheetScript
import SheetTrace

/// Writing the tuned thresholds back into the behaviour file, through `ThresholdWriter` (the writer
/// `sheet fit` uses too).
extension PreviewSession {
  /// Writes the thresholds in effect (the set-up's overrides and the page's) into the behaviour file,
  /// changing only those numbers, and replies with what changed.
  ///
  /// Refused, with nothing written, for a preset (there is no file), during a recording (a recording
  /// runs one version of the file), past the page's quota (``PreviewLimits/writesPerSession``), with no
  /// threshold tuned, and with every refusal of `ThresholdWriter`: a file changed on disk since the
  /// running behaviour was loaded from it (an edit not reloaded yet, or a broken save), a threshold
  /// written as an expression. After a write the running behaviour is loaded from the new file at once
  /// (a second write compares with it), and the written values become the sliders' defaults.
  /// - Returns: The `written` reply: the file and each change (`name`, `line`, `old`, `new`).
  func writeThresholds() throws(PreviewError) -> String {
    guard let path = sheet.source.path, !setup.isPreset else {
      throw PreviewError(
        "write: the behaviour is the preset '\(setup.behaviour)', not a file (run sheet preview with "
          + "--behaviour FILE to write its thresholds)")
    }
    guard recorder == nil else {
      throw PreviewError("write: stop recording first (a recording runs one version of the file)")
    }
    guard writes < setup.limits.writesPerSession else {
      throw PreviewError(
        "write: this page has written the file \(writes) times, the most one page may (reload the page to "
          + "start a new quota)")
    }
    guard !overrides.isEmpty else {
      throw PreviewError("write: no threshold is tuned (move a slider or type a value first)")
    }
    let rewrite: ThresholdWriter.Rewrite
    do throws(ThresholdWriterError) {
      rewrite = try ThresholdWriter.write(overrides, toFile: path, loaded: sheet.source.text)
    } catch {
      throw PreviewError("write: \(error)")
    }
    writes += 1
    if !rewrite.changes.isEmpty { try applyOverrides(overrides) }
    adoptDefaults(overrides)
    layoutChanged = true
    let file = sheet.source.name
    notes.append(
      rewrite.changes.isEmpty
        ? "\(file) already holds every tuned threshold: nothing written"
        : "wrote "
          + rewrite.changes.map { "\($0.name) = \($0.new) (line \($0.line))" }.joined(separator: ", ")
          + " to \(file)")
    var reply = JSONWriter.message("written")
    reply.field("file", file)
    reply.key("changes")
    reply.beginArray()
    for change in rewrite.changes {
      reply.beginObject()
      reply.field("type", "change")
      reply.field("name", change.name)
      reply.field("line", change.line)
      reply.field("old", change.old)
      reply.field("new", change.new)
      reply.endObject()
    }
    reply.endArray()
    return reply.finished()
  }
}
