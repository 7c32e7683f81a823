import SheetScript

/// A fuzz run as data: the content height its sheet is made with and its steps. Running it again
/// (``FuzzSheet/run(_:)``) makes the same calls and ends the same way, in any process.
package struct FuzzCase: Sendable, Hashable {
  /// The content's height (nil: none).
  package var contentHeight: Double?
  /// The steps, in order.
  package var steps: [FuzzStep]

  /// A case.
  package init(contentHeight: Double?, steps: [FuzzStep]) {
    self.contentHeight = contentHeight
    self.steps = steps
  }

  /// Makes run `index` of a fuzz with seed `seed`: steps drawn one at a time for the sheet as it is
  /// (``FuzzGenerator``), each carried out and checked before the next is drawn, then the closing
  /// lifts and rest.
  /// - Parameters:
  ///   - target: The behaviour, screen and properties.
  ///   - seed: The fuzz's seed.
  ///   - index: The run's index.
  ///   - warm: The worker's warm states.
  ///   - properties: The author's properties, loaded in the worker's state.
  /// - Returns: The case and how it ended.
  package static func generate(
    _ target: FuzzTarget, seed: UInt64, run index: Int, warm: WarmStates?, properties: FuzzUserProperties?
  ) -> (FuzzCase, FuzzVerdict) {
    var generator = FuzzGenerator(seed: FuzzGenerator.seed(seed, run: index))
    var made = FuzzCase(contentHeight: generator.contentHeight(), steps: [])
    let sheet = FuzzSheet(
      target: target, contentHeight: made.contentHeight, warm: warm, properties: properties)
    let length = generator.length(maximum: target.maximumSteps)
    for _ in 0..<length {
      let step = generator.next(for: sheet)
      made.steps.append(step)
      if let end = sheet.perform(step, at: made.steps.count - 1) { return (made, end) }
    }
    for step in generator.closing(for: sheet) {
      made.steps.append(step)
      if let end = sheet.perform(step, at: made.steps.count - 1) { return (made, end) }
    }
    return (made, .passed)
  }

  /// Runs the case on a new sheet.
  /// - Parameters:
  ///   - target: The behaviour, screen and properties.
  ///   - warm: The worker's warm states.
  ///   - properties: The author's properties.
  ///   - writing: Whether to keep the transcript.
  /// - Returns: How it ended, and the sheet (its transcript).
  package func run(
    _ target: FuzzTarget, warm: WarmStates?, properties: FuzzUserProperties?, writing: Bool = false
  ) -> (FuzzVerdict, FuzzSheet) {
    let sheet = FuzzSheet(
      target: target, contentHeight: contentHeight, warm: warm, properties: properties, writing: writing)
    return (sheet.run(steps), sheet)
  }

  /// The case as a scenario: its set-up (the screen, the behaviour as ``FuzzTarget/reference`` names
  /// it, its edge when the target sets one, the content height, the author's properties when asked), then the case run once more on a new
  /// sheet with its transcript: every call and check as it ran.
  /// - Parameters:
  ///   - target: The behaviour, screen and properties.
  ///   - properties: The author's properties, loaded.
  ///   - comments: The first lines (the first starts with `-- scenario`).
  ///   - writesProperties: Whether the properties file is loaded at the top, as `properties`.
  /// - Returns: The scenario's text, and the sheet of the run that wrote it.
  package func scenario(
    _ target: FuzzTarget, properties: FuzzUserProperties?, comments: [String], writesProperties: Bool
  ) -> (text: String, sheet: FuzzSheet) {
    let (_, sheet) = run(target, warm: nil, properties: properties, writing: true)
    let g = target.screen
    var lines =
      comments + [
        "screen { width = \(LuaLiteral.number(g.width)), height = \(LuaLiteral.number(g.height)), "
          + "safe_top = \(LuaLiteral.number(g.safeArea.top)), "
          + "safe_bottom = \(LuaLiteral.number(g.safeArea.bottom)), fps = \(LuaLiteral.number(target.fps)) }",
        "behaviour \(LuaLiteral.quoted(target.reference))",
      ]
    if let edge = target.edge { lines.append(ScenarioAction.edge(edge).text(fps: target.fps) ?? "") }
    if let contentHeight { lines.append("content { height = \(LuaLiteral.number(contentHeight)) }") }
    if writesProperties, let properties { lines += properties.scenarioLines }
    lines += sheet.transcript ?? []
    return (lines.joined(separator: "\n") + "\n", sheet)
  }
}
