import Dispatch
import Foundation
import SheetBench
import SheetCore
import SheetPreview
import SheetScenario
import SheetScript
import SheetTrace

/// `sheet preview [SCENARIO] [--behaviour FILE|PRESET] [--set name=value]... [--port N] [--open]
/// [--fps N] [--record-dir DIR] [--bench [--messages N] [--soak SECONDS]]`.
enum PreviewCommand {
  /// Starts the preview server (or, with `--bench`, measures it) and runs until interrupted.
  /// - Parameter arguments: The words after `preview`.
  /// - Returns: 0 after a benchmark; the server itself runs until Ctrl-C ends the process.
  /// - Throws: `UsageError` for bad arguments; a `PreviewError` when the behaviour does not load or the
  ///   port cannot be had.
  static func main(_ arguments: [String]) throws -> Int32 {
    let args = try CommandLineArguments(
      arguments,
      valued: [
        "--behaviour": "--behaviour", "--behavior": "--behaviour", "--set": "--set", "--port": "--port",
        "--fps": "--fps", "--record-dir": "--record-dir", "--messages": "--messages", "--soak": "--soak",
      ],
      flags: ["--open", "--bench"])
    guard args.positionals.count <= 1 else {
      throw UsageError(message: "expected at most one scenario file, got \(args.positionals.count)")
    }
    let setup = try self.setup(args)
    if args.has("--bench") { return try bench(setup, args) }
    let port = try args.wholeNumber("--port", in: 0...65_535) ?? 0
    let server = PreviewServer(setup: setup)
    try server.start(port: port)
    Output.print(
      "sheet preview: \(server.url)  (\(setup.behaviour) on \(Int(setup.geometry.width))x\(Int(setup.geometry.height)); Ctrl-C stops)"
    )
    if args.has("--open") { open(server.url) }
    serveUntilInterrupted(server)
  }

  /// The sessions' set-up: the scenario's screen, frame rate, content, thresholds, behaviour and edge, with
  /// the command line's `--behaviour`, `--set` and `--fps` over them; its scroll view, or the preview's
  /// list (`PreviewSetup.defaultScrollView`) when it describes none.
  static func setup(_ args: CommandLineArguments) throws -> PreviewSetup {
    var scenario: String?
    var setUp: ScenarioSetUp?
    if let file = args.positionals.first {
      try Output.requireExisting(file)
      if ScenarioRunner.isScenario(file: file) == false { throw ScenarioArguments.notAScenario(file) }
      scenario = file
      setUp = ScenarioRunner.run(file: file).setUp
    }
    var overrides = setUp?.overrides ?? [:]
    for (name, value) in try args.overrides() { overrides[name] = value }
    let behaviour = args.value("--behaviour") ?? setUp?.behaviour ?? "system"
    let directory = args.value("--record-dir") ?? "."
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
      throw UsageError(message: "--record-dir \(directory): no such folder")
    }
    let fps = try args.wholeNumber("--fps", in: 1...240) ?? Int(setUp?.fps ?? 120)
    var setup = PreviewSetup(
      behaviour: behaviour, overrides: overrides, geometry: setUp?.geometry ?? .reference, fps: Double(fps),
      contentHeight: setUp?.contentHeight, scrollView: setUp?.scrollView ?? PreviewSetup.defaultScrollView,
      scenario: scenario, recordDirectory: directory)
    setup.limits = PreviewLimits()
    setup.edge = setUp?.edge
    try setup.check()
    return setup
  }

  /// `--bench`: the round trip over loopback, or with `--soak` the memory of a long session.
  static func bench(_ setup: PreviewSetup, _ args: CommandLineArguments) throws -> Int32 {
    let messages = try args.wholeNumber("--messages", in: 100...1_000_000) ?? 5000
    let soak = try args.wholeNumber("--soak", in: 1...86_400)
    let figures = try PreviewBenchmark.run(setup: setup, messages: messages, seconds: soak.map(Double.init))
    let ms = { (value: Double) in String(format: "%.3f", value) }
    Output.print(
      "preview_roundtrip_ms p50=\(ms(figures.p50)) p99=\(ms(figures.p99)) max=\(ms(figures.maximum)) "
        + "(\(figures.pointerMessages) pointer messages of \(figures.messages), a real client over loopback, "
        + "\(setup.behaviour))")
    let growth = figures.residentEnd - figures.residentStart
    Output.print(
      "preview_memory_kib start=\(figures.residentStart) end=\(figures.residentEnd) growth=\(growth) "
        + "(\(String(format: "%.0f", figures.seconds)) s, \(Plural.count(figures.decisions, "release")) decided)"
        + (figures.residentSamples.isEmpty
          ? "" : "; at each tenth: " + figures.residentSamples.map(String.init).joined(separator: " ")))
    return 0
  }

  /// Opens the page in the desktop's browser when there is one (`xdg-open`, `open` on macOS).
  static func open(_ url: String) {
    for tool in ["/usr/bin/xdg-open", "/usr/bin/open"]
    where FileManager.default.isExecutableFile(atPath: tool) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: tool)
      process.arguments = [url]
      if (try? process.run()) != nil { return }
    }
    Output.error("sheet preview: no browser opener found (xdg-open); open \(url) yourself")
  }

  /// Serves until SIGINT or SIGTERM, then stops the server and exits 0.
  static func serveUntilInterrupted(_ server: PreviewServer) -> Never {
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_IGN)
    var sources: [DispatchSourceSignal] = []
    for number in [SIGINT, SIGTERM] {
      let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
      source.setEventHandler {
        server.stop()
        exit(0)
      }
      source.resume()
      sources.append(source)
    }
    withExtendedLifetime(sources) { dispatchMain() }
  }
}
