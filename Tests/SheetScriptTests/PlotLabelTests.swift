import Foundation
import SheetScript
import SheetTestSupport
import SheetTrace
import Testing

@testable import SheetScenario

/// No label of a plot covers a curve (its white halo would cut a hole in it): every shipped scenario's
/// plot, and the compare suite overlaid under every preset, read back from the SVG.
@Suite struct PlotLabelTests {
  static let scenarios = ScenarioRunner.find(in: [packageRoot.appendingPathComponent("Tests/Scenarios").path])
    .scenarios

  @Test func noLabelOfAShippedScenariosPlotCoversACurve() throws {
    try #require(Self.scenarios.count > 50)
    var labels = 0
    for file in Self.scenarios {
      let svg = try SVGDocument(TracePlot().svg(ScenarioRunner.run(file: file).trace))
      #expect(svg.labelsOverCurves() == [], "\(file)")
      labels += svg.labels.count
    }
    #expect(labels > 20 * Self.scenarios.count, "the plots have their labels")
  }

  @Test func noLabelOfTheCompareOverlayCoversACurve() throws {
    let files = Self.scenarios.filter { $0.contains("/compare/") }
    try #require(files.count >= 6)
    let presets = Presets.catalogue.map(\.name)
    let panels = files.map { file in
      TracePlot.Panel(
        title: file,
        series: presets.map { preset in
          var options = ScenarioOptions()
          options.behaviourPath = preset
          let run = Comparison.Run(
            scenario: file, behaviour: preset, result: ScenarioRunner.run(file: file, options: options))
          return TracePlot.Series(
            label: preset, points: run.curve, releases: run.releases, guides: run.guides)
        })
    }
    let svg = try SVGDocument(TracePlot().overlay(panels))
    #expect(svg.labelsOverCurves() == [])
    #expect(svg.curves.count == files.count * presets.count)
  }
}
