import Testing

@testable import SheetCore

/// A refusal reads as a sentence: the field and the value in words, and what the field accepts; never
/// the enum's raw form (`invalidValue(field: "y", value: nan)`).
@Suite struct SheetErrorDescriptionTests {
  /// Each row: a host call the machine refuses, and the refusal's description.
  static let rows:
    [(call: @Sendable (inout SheetHost) throws(SheetError) -> Void, text: String, line: UInt)] = [
      (
        { h throws(SheetError) in _ = try h.tap(y: .nan) },
        "invalid touch y nan (not a number); expected a finite number within ±1000000 pt", #line
      ),
      (
        { h throws(SheetError) in _ = try h.touchDown(x: -.infinity, y: 10) },
        "invalid touch x -inf (infinite); expected a finite number within ±1000000 pt", #line
      ),
      (
        { h throws(SheetError) in _ = try h.touchDown(finger: 11, y: 10) },
        "invalid finger number 11; expected a whole number in 1...10", #line
      ),
      (
        { h throws(SheetError) in _ = try h.step(-0.5) },
        "invalid frame interval -0.5; expected a finite number of seconds, 0 or more", #line
      ),
      (
        { h throws(SheetError) in _ = try h.setContentHeight(-1) },
        "invalid content height -1; expected a finite number of points, 0 or more", #line
      ),
      (
        { h throws(SheetError) in
          _ = try h.resize(SheetGeometry(width: 390, height: 844, safeArea: SafeArea(top: 844, bottom: 0)))
        },
        "invalid top safe-area inset 844; expected a finite number of points in [0, 10000], below the screen "
          + "height", #line
      ),
      ({ h throws(SheetError) in _ = try h.snap(to: "lareg") }, "unknown or inactive detent 'lareg'", #line),
    ]

  @Test(arguments: rows.indices) func aRefusalNamesTheFieldAndTheValueInWords(_ i: Int) throws {
    let row = Self.rows[i]
    var host = try SheetHost(policy: DefaultPolicy(), geometry: .reference)
    do throws(SheetError) {
      try row.call(&host)
      Issue.record("line \(row.line): not refused")
    } catch {
      #expect(error.description == row.text, "line \(row.line)")
      #expect("\(error)" == row.text, "line \(row.line): string interpolation reads the description")
    }
  }

  @Test func aHostNamesTheFieldInItsOwnWords() {
    let error = SheetError.invalidValue(field: "geometry.safeArea.top", value: 900)
    #expect(
      error.description(naming: { $0 == "geometry.safeArea.top" ? "safe_top" : $0 }).hasPrefix(
        "invalid safe_top 900;"))
  }
}
