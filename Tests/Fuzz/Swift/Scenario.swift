import Foundation
import SheetScenario
import SheetScript

/// Target `scenario`: the input is a scenario's text, written to a file in the process's folder (beside
/// a copy of the scenarios' shared helpers.lua, from SHEET_FUZZ_SCENARIOS, so `require 'helpers'`
/// resolves) and run by `ScenarioRunner.run(file:options:)` as `sheet test` runs one, under limits
/// tighter than the defaults so that one input takes milliseconds, not minutes.
enum FuzzScenario {
  static let file = FuzzFolder.path + "/fuzz_scenario.lua"

  static let options: ScenarioOptions = {
    if let folder = ProcessInfo.processInfo.environment["SHEET_FUZZ_SCENARIOS"] {
      try? FileManager.default.copyItem(
        atPath: folder + "/helpers.lua", toPath: FuzzFolder.path + "/helpers.lua")
    }
    var options = ScenarioOptions()
    options.limits.instructions = 5_000_000
    options.limits.behaviourInstructions = 10_000_000
    options.limits.calls = 5_000
    options.limits.simulatedTime = 120
    options.limits.frames = 20_000
    options.limits.traceEntries = 50_000
    options.limits.traceBytes = 4 << 20
    return options
  }()

  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    let options = self.options
    guard FileManager.default.createFile(atPath: file, contents: Data(bytes)) else { return }
    _ = ScenarioRunner.run(file: file, options: options)
    FuzzFolder.clear(keeping: ["helpers.lua"])
  }
}
