import Foundation
import Testing

/// `sheet preview`: its arguments refused before anything listens, the URL it prints, the page it
/// serves, its set-up taken from a scenario, and its benchmark's figures.
@Suite struct PreviewCommandTests {
  /// Each row: arguments, the exit status and a part of standard error.
  static let refusals: [(arguments: [String], status: Int32, error: String, line: UInt)] = [
    (["--port", "70000"], 2, "--port expects a whole number in 0...65535, got '70000'", #line),
    (["--port", "http"], 2, "--port expects a whole number in 0...65535, got 'http'", #line),
    (["--fps", "0"], 2, "--fps expects a whole number in 1...240, got '0'", #line),
    (["--record-dir", "/nonexistent/folder"], 2, "--record-dir /nonexistent/folder: no such folder", #line),
    (
      ["Sources/SheetScript/Presets/system.lua"], 2,
      "Sources/SheetScript/Presets/system.lua is not a scenario", #line
    ),
    (["a.lua", "b.lua"], 2, "expected at most one scenario file, got 2", #line),
    (
      ["--set", "spring_damping=9"], 2, "threshold 'spring_damping' is 9; expected a number in [0.2, 2]",
      #line
    ),
    (["--behaviour", "nope.lua"], 1, "nope.lua", #line),
    (["--behaviour", "bottom-sheet-vc", "--set", "nope=1"], 1, "nope", #line),
    (
      ["--bench", "--messages", "5"], 2, "--messages expects a whole number in 100...1000000, got '5'", #line
    ),
    (["--wat"], 2, "unknown option '--wat'", #line),
  ]

  @Test func badArgumentsAreRefusedBeforeAnythingListens() throws {
    for row in Self.refusals {
      let run = try SheetBinary.run(["preview"] + row.arguments, timeout: 20)
      let place = SourceLocation(fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1)
      #expect(!run.timedOut, "\(row.arguments) kept running", sourceLocation: place)
      #expect(run.status == row.status, "\(row.arguments): \(run.stderr)", sourceLocation: place)
      #expect(run.stderr.contains(row.error), "\(run.stderr)", sourceLocation: place)
      #expect(!run.stdout.contains("http://"), sourceLocation: place)
    }
  }

  @Test func itPrintsItsURLAndServesThePageUntilInterrupted() throws {
    let scratch = try TemporaryFolder()
    let out = scratch.url.appendingPathComponent("stdout")
    let err = scratch.url.appendingPathComponent("stderr")
    let process = try SheetBinary.start(
      ["preview", "Tests/Scenarios/tour.lua", "--record-dir", scratch.url.path],
      in: SheetBinary.packageRoot,
      stdout: out, stderr: err)
    defer { if process.isRunning { process.terminate() } }
    var line = ""
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline, !line.contains("\n") {
      line = String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self)
      Thread.sleep(forTimeInterval: 0.05)
    }
    // the tour's set-up: its behaviour on its screen
    #expect(line.hasPrefix("sheet preview: http://127.0.0.1:"), "\(line)")
    #expect(line.contains("(bottom-sheet-vc on 390x844; Ctrl-C stops)"), "\(line)")
    let url = try #require(line.split(separator: " ").dropFirst(2).first.flatMap { URL(string: String($0)) })
    let port = try #require(url.port)
    #expect(port > 0)
    let page = try Self.get(port: port, path: "/")
    #expect(page.contains("<title>sheet preview</title>"))
    process.interrupt()  // Ctrl-C: the server stops and the process exits 0
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  /// A GET over a plain socket (the server's own Host), the body only.
  static func get(port: Int, path: String) throws -> String {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    #expect(connected == 0)
    let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
    _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    var response: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      response.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: response, as: UTF8.self)
  }

  @Test func theBenchmarkPrintsTheRoundTripAndMemoryFigures() throws {
    let run = try SheetBinary.run(["preview", "--bench", "--messages", "600"], timeout: 120)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    let roundTrip = try #require(lines.first)
    #expect(roundTrip.hasPrefix("preview_roundtrip_ms p50="), "\(roundTrip)")
    #expect(
      roundTrip.contains("pointer messages of 600, a real client over loopback, system)"), "\(roundTrip)")
    // p50 <= p99 <= max, all positive
    let numbers = ["p50", "p99", "max"].compactMap { key in
      roundTrip.split(separator: " ").first { $0.hasPrefix(key + "=") }.flatMap {
        Double($0.dropFirst(key.count + 1))
      }
    }
    #expect(
      numbers.count == 3 && numbers[0] > 0 && numbers[0] <= numbers[1] && numbers[1] <= numbers[2],
      "\(numbers)")
    #expect(lines.last?.hasPrefix("preview_memory_kib start=") == true)
  }
}
