import SheetCore
import SheetTestSupport
import Testing

@testable import SheetScript

/// The `system` preset against the default policy (`DefaultPolicy`) on seeded random sessions: every
/// frame (height, backdrop, state, detent, target, velocity) and every event (decisions with their reasons,
/// animations, settles) must be bit-identical.
@Suite struct SystemParityTests {
  /// 3,000 streams, each run twice, on one thread: parallel chunks spread Lua's allocation churn over
  /// several malloc arenas and inflate the process's RSS, which MemoryFlatnessTests measures.
  static let streams = 3000

  @Test func systemPresetMatchesDefaultPolicy() throws {
    let source = try #require(Presets.source(named: "system"))
    let behaviour = try Behaviour.load(source)
    var mismatches = 0
    var compared = 0
    var coverage = RandomSession.Coverage()
    for stream in 0..<Self.streams {
      let seed = UInt64(4_000_000 + stream)
      var native = try RandomSession(policy: DefaultPolicy(), seed: seed)
      var scripted = try RandomSession(policy: behaviour, seed: seed)
      native.recordsTrail = true
      scripted.recordsTrail = true
      native.play()
      scripted.play()
      coverage.add(native.coverage)
      compared += native.trail.count
      #expect(
        native.failure == nil && scripted.failure == nil,
        "seed \(seed): \(native.failure ?? "") \(scripted.failure ?? "")")
      guard native.trail != scripted.trail else { continue }
      mismatches += 1
      if mismatches <= 2 {
        let index =
          native.trail.indices.first { $0 >= scripted.trail.count || native.trail[$0] != scripted.trail[$0] }
          ?? native.trail.count
        let lhs = index < native.trail.count ? "\(native.trail[index])" : "(end)"
        let rhs = index < scripted.trail.count ? "\(scripted.trail[index])" : "(end)"
        Issue.record("seed \(seed), record \(index): native \(lhs)\n  system \(rhs)")
      }
    }
    #expect(mismatches == 0)
    // The sessions exercise what they claim: releases, mid-animation grabs, rests.
    #expect(coverage.releases > 800 && coverage.grabs > 40 && coverage.settles > 800, "\(coverage)")
    #expect(compared > 400_000)
  }
}
