import Foundation
import SheetTestSupport
import Testing

/// What one run of the built `sheet` binary produced.
struct SheetRun {
  /// The exit status.
  var status: Int32
  /// Everything written to standard output.
  var stdout: String
  /// Everything written to standard error.
  var stderr: String
  /// Standard output as raw bytes, for byte-for-byte comparisons.
  var stdoutData: Data
  /// Whether the run outlived its timeout and was terminated.
  var timedOut = false
}

/// Runs the `sheet` executable that `swift build --build-tests` built next to this test bundle.
enum SheetBinary {
  /// The package's root folder.
  static let packageRoot = SheetTestSupport.packageRoot

  /// The `sheet` executable: `$SHEET_BINARY`, else next to the test runner, else `.build/debug/sheet`.
  static let executable: URL = {
    let manager = FileManager.default
    if let path = ProcessInfo.processInfo.environment["SHEET_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    var candidates: [URL] = []
    if let runner = ProcessInfo.processInfo.arguments.first {
      var folder = URL(fileURLWithPath: runner).deletingLastPathComponent()
      // On macOS the runner sits inside `X.xctest/Contents/MacOS`: climb out of the bundle.
      while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
      candidates.append(folder.appendingPathComponent("sheet"))
    }
    candidates.append(Bundle.main.bundleURL.appendingPathComponent("sheet"))
    candidates.append(packageRoot.appendingPathComponent(".build/debug/sheet"))
    return candidates.first { manager.isExecutableFile(atPath: $0.path) } ?? candidates[candidates.count - 1]
  }()

  /// The variables a job engine gives its shards through (`sheet tune --help`).
  static let shardVariables: Set<String> = [
    "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP", "TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS",
  ]

  /// The host example, `SheetHostExample`, built next to `sheet`.
  static let hostExample = executable.deletingLastPathComponent().appendingPathComponent("SheetHostExample")

  /// Runs `sheet` (or another of the package's executables) with the arguments and waits for it to exit.
  /// - Parameters:
  ///   - arguments: The words after `sheet`.
  ///   - directory: The working directory (default: the package root, so `Tests/Scenarios` resolves).
  ///   - timeout: Seconds after which the run is terminated (nil: wait for it however long it takes).
  ///   - program: The executable (default: `sheet`).
  ///   - environment: Variables set for the run, over the test's environment without a job engine's
  ///     shard variables (``shardVariables``); nil: the test's environment as it is.
  /// - Returns: The exit status and both outputs.
  static func run(
    _ arguments: [String], in directory: URL = packageRoot, timeout: Double? = nil, program: URL = executable,
    environment: [String: String]? = nil
  ) throws -> SheetRun {
    let scratch = try TemporaryFolder()
    let out = scratch.url.appendingPathComponent("stdout")
    let err = scratch.url.appendingPathComponent("stderr")
    let process = try start(arguments, in: directory, stdout: out, stderr: err, program: program) { process in
      guard let environment else { return }
      process.environment = ProcessInfo.processInfo.environment.filter { !shardVariables.contains($0.key) }
        .merging(environment) { $1 }
    }
    var timedOut = false
    if let timeout, !waitForExit(process, seconds: timeout) {
      timedOut = true
      process.terminate()
    }
    process.waitUntilExit()
    let outData = try Data(contentsOf: out)
    return SheetRun(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self), stdoutData: outData,
      timedOut: timedOut)
  }

  /// Waits for `process` to exit, at most `seconds`.
  /// - Returns: Whether it exited in time.
  static func waitForExit(_ process: Process, seconds: Double) -> Bool {
    let exited = DispatchSemaphore(value: 0)
    let box = UncheckedProcess(process)
    DispatchQueue.global().async {
      box.process.waitUntilExit()
      exited.signal()
    }
    return exited.wait(timeout: .now() + seconds) == .success
  }

  /// Starts `sheet` without waiting, its outputs going to the given files.
  /// - Parameters:
  ///   - arguments: The words after `sheet`.
  ///   - directory: The working directory.
  ///   - stdout: The file standard output goes to (created or emptied).
  ///   - stderr: The file standard error goes to (created or emptied).
  ///   - program: The executable (default: `sheet`).
  ///   - prepare: Changes the process before it starts (its environment).
  /// - Returns: The running process.
  static func start(
    _ arguments: [String], in directory: URL, stdout: URL, stderr: URL, program: URL = executable,
    prepare: (Process) -> Void = { _ in }
  ) throws -> Process {
    let manager = FileManager.default
    _ = manager.createFile(atPath: stdout.path, contents: nil)
    _ = manager.createFile(atPath: stderr.path, contents: nil)
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: stdout)
    process.standardError = try FileHandle(forWritingTo: stderr)
    prepare(process)
    try process.run()
    return process
  }
}

/// A fresh folder under the system's temporary folder, removed when the value is released.
final class TemporaryFolder {
  /// The folder.
  let url: URL

  /// Creates the folder.
  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sheet-cli-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Writes a file into the folder, in one step (written beside it and renamed over it, as an editor
  /// saves), so a `sheet watch` polling it never reads it truncated and half written.
  /// - Parameters:
  ///   - name: The file's name.
  ///   - text: Its contents.
  /// - Returns: The file's path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }
}

/// Scenario and behaviour texts the tests write into temporary folders. Every scenario's first line is
/// `-- scenario` (the rule `sheet test` finds scenarios by), so its lines count from 2.
enum Fixture {
  /// Presents the seed 000 sheet and expects it at `normal`; passes.
  static let passing = """
    -- scenario
    behaviour 'bottom-sheet-vc'
    present()
    settle()
    expect(sheet.detent == 'normal', 'presented at normal')
    """

  /// An expectation that fails on line 5.
  static let failing = """
    -- scenario
    behaviour 'bottom-sheet-vc'
    present()
    settle()
    expect(sheet.detent == 'expanded', 'wrongly expects expanded')
    """

  /// A runtime error on line 6 (indexing nil).
  static let runtimeError = """
    -- scenario
    behaviour 'bottom-sheet-vc'
    present()
    settle()
    local missing = nil
    missing.field = 1
    """

  /// A scenario whose inline behaviour's `on_release` (line 5) returns a misspelt detent id, with an
  /// expectation that holds: it fails only by its script error.
  static let misspeltRelease = """
    -- scenario
    behaviour {
      detents = { { id = 'low', height = 300 }, { id = 'high', height = 600 } },
      thresholds = { spring_response = 0.3 },
      on_release = function(_, gesture)
        if gesture.translation < 0 then return 'hihg' end
        return 'low'
      end,
    }
    present()
    settle()
    drag { dy = -100, duration = 0.25 }
    settle()
    expect(sheet.state == 'resting', 'at rest')
    """

  /// A behaviour whose only detent has a text height (line 3).
  static let brokenBehaviour = """
    return {
      detents = {
        { id = 'tall', height = 'very' },
      },
    }
    """

  /// A scenario using `broken.lua` as its behaviour.
  static let usesBrokenBehaviour = """
    -- scenario
    behaviour 'broken.lua'
    present()
    settle()
    """

  /// The lines of the text, without empty ones.
  static func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init)
  }
}

/// A process handed to the thread that waits for it (Foundation's `Process` is not `Sendable`).
private struct UncheckedProcess: @unchecked Sendable {
  let process: Process
  init(_ process: Process) { self.process = process }
}
