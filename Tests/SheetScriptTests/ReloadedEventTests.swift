import Foundation
import SheetCore
import Testing

@testable import SheetScript

/// `reloaded`: the event that says a reloaded behaviour has taken over. At once after a reload made at
/// rest; after a reload made mid-drag, when the drag ends, following that release, which the version
/// that was running decided; once for the last of several reloads in one drag; never for a version that
/// did not load.
@Suite struct ReloadedEventTests {
  /// Two detents and the default policy's release rule: a short slow drag up from `low` restores it.
  static let restoring = """
    return {
      detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } },
    }
    """

  /// The same detents; every release goes to `high`, with its own reason.
  static let alwaysHigh = """
    return {
      detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } },
      on_release = function() return 'high', 'always high' end,
    }
    """

  /// A sheet of `restoring` at rest at `low` (300 pt: its top edge at y 544), its events drained.
  static func restingSheet() throws -> ScriptedSheet {
    let sheet = try ScriptedSheet(source: restoring, name: "a.lua")
    sheet.present()
    while !sheet.isStill { try sheet.step() }
    _ = sheet.drainEvents()
    return sheet
  }

  /// A 20 pt drag up from y 560 over 0.2 s, released at 100 pt/s, each move stepped; the reloads are
  /// made after the first move. Returns the events of the whole drag, and those of the release alone.
  static func drag(
    _ sheet: ScriptedSheet, reloading versions: [(text: String, name: String)]
  ) throws -> (all: [String], release: [String]) {
    var all: [String] = []
    let start = sheet.time
    try sheet.touchDown(y: 560, timestamp: start)
    for frame in 1...24 {
      try sheet.step()
      try sheet.touchMove(y: 560 - 20 * Double(frame) / 24, timestamp: start + Double(frame) / 120)
      if frame == 1 {
        for version in versions { try sheet.reload(source: version.text, name: version.name) }
      }
    }
    all += sheet.drainEvents().map(\.description)
    try sheet.touchUp(y: 540, timestamp: sheet.time, velocity: -100)
    let release = sheet.drainEvents().map(\.description)
    return (all + release, release)
  }

  @Test func atRestTheNewVersionTakesOverAtOnce() throws {
    let sheet = try Self.restingSheet()
    let first = sheet.behaviour
    try sheet.reload(source: Self.alwaysHigh, name: "b.lua")
    #expect(sheet.behaviour !== first)
    let events = sheet.drainEvents()
    #expect(events.map(\.description) == ["reload ok=true file=b.lua", "reloaded file=b.lua"])
    #expect(events.allSatisfy { $0.time == sheet.time && !$0.isScriptError })
    #expect(events.last?.jsonLine.hasSuffix(#""kind":"event","event":"reloaded","file":"b.lua"}"#) == true)
  }

  @Test func midDragItTakesOverAfterTheReleaseTheRunningVersionDecided() throws {
    let sheet = try Self.restingSheet()
    let first = sheet.behaviour
    let drag = try Self.drag(sheet, reloading: [(Self.alwaysHigh, "b.lua")])
    #expect(drag.all.filter { $0 == "reload ok=true file=b.lua" }.count == 1)
    // Nothing took over while the finger was down: the only `reloaded` is among the release's events.
    #expect(drag.all.filter { $0.hasPrefix("reloaded") } == ["reloaded file=b.lua"])
    let decision = try #require(drag.release.firstIndex { $0.hasPrefix("decision ") })
    let reloaded = try #require(drag.release.firstIndex(of: "reloaded file=b.lua"))
    #expect(decision < reloaded && reloaded == drag.release.count - 1, "\(drag.release)")
    // The running version's rule decided this release (a slow 20 pt drag restores `low`) ...
    #expect(drag.release[decision].hasPrefix("decision target=low"), "\(drag.release[decision])")
    #expect(sheet.behaviour !== first)
    while !sheet.isStill { try sheet.step() }
    // ... and the next release is the new version's.
    let next = try Self.drag(sheet, reloading: [])
    #expect(next.release.contains("decision target=high reason=\"always high\""), "\(next.release)")
    #expect(!next.all.contains { $0.hasPrefix("reload") })
  }

  @Test func ofSeveralReloadsInOneDragTheLastTakesOverOnce() throws {
    let sheet = try Self.restingSheet()
    let drag = try Self.drag(sheet, reloading: [(Self.restoring, "b.lua"), (Self.alwaysHigh, "c.lua")])
    #expect(drag.all.filter { $0.hasPrefix("reload ok=true") }.count == 2)
    #expect(drag.all.filter { $0.hasPrefix("reloaded") } == ["reloaded file=c.lua"])
    #expect(sheet.source.name == "c.lua")
  }

  @Test func aVersionThatDoesNotLoadNeverTakesOver() throws {
    let sheet = try Self.restingSheet()
    let first = sheet.behaviour
    let broken = [(text: "return { detents = 'tall' }", name: "b.lua")]
    #expect(throws: BehaviourError.self) {
      _ = try Self.drag(sheet, reloading: broken)
    }
    try sheet.touchUp(y: 540, timestamp: sheet.time)
    let events = sheet.drainEvents().map(\.description)
    #expect(events.contains { $0.hasPrefix("reload ok=false file=b.lua") })
    #expect(!events.contains { $0.hasPrefix("reloaded") })
    #expect(sheet.behaviour === first)
  }
}
