import Foundation
import SheetCore
import SheetScenario
import SheetScript
import SheetTrace

extension BenchFigures {
  /// `sheet tune` over the same sweep on two threads against one, side by side.
  /// - Returns: the speed-up (one-thread time over two-thread time).
  func sweepSpeedup() throws -> Measurement {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = "\(folder)/fling.lua"
    try """
    behaviour 'system'
    present()
    settle()
    flick { dy = -120, velocity = -1500 }
    settle()
    expect(sheet.detent == 'large', 'a fling up reaches large')
    drag { dy = 200, duration = 0.3 }
    settle()
    resize { width = 844, height = 390, safe_top = 0, safe_bottom = 21 }
    settle()
    resize { width = 390, height = 844, safe_top = 47, safe_bottom = 34 }
    settle()
    flick { dy = 150, velocity = 2500 }
    settle()
    expect(sheet.state == 'dismissed' or sheet.state == 'resting', 'comes to rest')
    """.write(toFile: file, atomically: true, encoding: .utf8)
    let points = quick ? 8 : 24
    let rates = (0..<points).map { 0.99 + 0.009 * Double($0) / Double(points) }
    let sweep = Sweep(
      files: [file], parameters: [SweepParameter(name: "projection_rate", values: rates)],
      options: ScenarioOptions())
    let result = BatchTimer(batches: quick ? 3 : 5).sideBySide(
      { timer.nanoseconds { _ = sweep.outcomes(jobs: 2) } },
      { timer.nanoseconds { _ = sweep.outcomes(jobs: 1) } })
    return result.ratio
  }

  /// Milliseconds from rewriting a behaviour file on disk until its new version is live in a running
  /// sheet: write, read, load and validate in a fresh state, swap, one frame.
  func reload() throws -> Measurement {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = "\(folder)/behaviour.lua"
    let text = try preset("system").text
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    var driver = try SheetDriver(
      policy: try Behaviour.load(try BehaviourSource.resolve(file)), geometry: .reference, recording: false)
    try driver.apply { h in h.present() }
    try driver.settle()
    var version = 0
    var failure: Error?
    let measurement = timer.measure {
      timer.nanoseconds {
        do {
          version += 1
          try (text + "\n-- version \(version)\n").write(toFile: file, atomically: true, encoding: .utf8)
          let behaviour = try Behaviour.load(try BehaviourSource.resolve(file))
          try driver.apply { h in h.replacePolicy(behaviour) }
          try driver.frame()
        } catch {
          failure = error
        }
      } / 1e6
    }
    if let failure { throw failure }
    return measurement
  }

  /// Lua memory of one state with the `system` preset loaded, in bytes.
  func stateBytes() throws -> Double {
    Double(try Behaviour.load(try preset("system")).memoryInUse)
  }

  /// Growth of resident memory over 10,000 cold scenarios after the first 1,000 (1,000 after 100 when
  /// quick), in bytes.
  func leakBytes() throws -> Double {
    let source = try preset("system")
    let (warmUp, counted) = quick ? (100, 1_000) : (1_000, 10_000)
    for _ in 0..<warmUp { try Self.scenario(try Behaviour.load(source)) }
    let before = Self.residentBytes()
    for _ in 0..<counted { try Self.scenario(try Behaviour.load(source)) }
    return Double(Self.residentBytes() - before)
  }

  /// The process's resident memory in bytes, from `/proc/self/statm`.
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Seconds `swift build -c release --product sheet` takes to rebuild after the default policy
  /// policy's file was saved, run from the package's folder. No file's content changes: the file's
  /// modification time is moved to now, which is what the incremental build compares, so it redoes what
  /// an edit to the file would (`SheetCore` and the modules importing it are compiled again, whole in
  /// release mode, and `sheet` is relinked) and the working tree stays as it was.
  func rebuildSeconds() throws -> Double {
    let path = "Sources/SheetCore/Policy/DefaultPolicy.swift"
    guard FileManager.default.fileExists(atPath: "Package.swift"),
      FileManager.default.fileExists(atPath: path)
    else { throw BenchError(message: "--rebuild runs from the package's folder (no \(path) here)") }
    guard try Self.build() == 0 else { throw BenchError(message: "swift build -c release failed") }
    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
    var status: Int32 = -1
    let seconds = timer.nanoseconds { status = (try? Self.build()) ?? -1 } / 1e9
    guard status == 0 else { throw BenchError(message: "swift build -c release failed after the touch") }
    return seconds
  }

  /// Runs `swift build -c release --product sheet`.
  @discardableResult
  static func build() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "build", "-c", "release", "--product", "sheet"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// A new empty temporary folder.
  func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "sheet-bench-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
