import Testing

@testable import SheetCore

@Suite struct SheetStateTests {
  @Test func namesMatchTheScenarioLanguage() {
    #expect(
      SheetState.allCases.map(\.rawValue) == [
        "hidden", "presenting", "resting", "dragging", "settling", "dismissing", "dismissed",
      ])
  }
}
