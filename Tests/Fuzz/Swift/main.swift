// The Swift fuzz targets (`behaviour`, `scenario`, `preview`) in one executable, SheetFuzz, the target
// chosen by the environment variable SHEET_FUZZ_TARGET (scripts/fuzz sets it).
//
// scripts/fuzz builds it with AddressSanitizer and libFuzzer's coverage (the frontend's
// -sanitize=fuzzer, clang's -fsanitize=fuzzer-no-link for the C) and links libFuzzer without its main:
// this main then hands the command line to libFuzzer (LLVMFuzzerRunDriver, found at run time). A plain
// `swift build` makes the same executable without libFuzzer: it runs each file named on its command
// line once as an input (a crash's reproducer), and says so.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The target this process fuzzes, read once.
let fuzzTarget: String = ProcessInfo.processInfo.environment["SHEET_FUZZ_TARGET"] ?? ""

/// One input, run by the chosen target. Every failure a script or a message can cause is an error value
/// that the target drops; only a crash (a signal, a sanitizer's report, a Swift runtime trap) is a
/// finding.
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
  switch fuzzTarget {
  case "behaviour": FuzzBehaviour.run(bytes)
  case "scenario": FuzzScenario.run(bytes)
  case "preview": FuzzPreview.run(bytes)
  default:
    FileHandle.standardError.write(
      Data("SheetFuzz: set SHEET_FUZZ_TARGET to behaviour, scenario or preview (scripts/fuzz does)\n".utf8))
    exit(2)
  }
  return 0
}

typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
typealias FuzzDriver =
  @convention(c) (
    UnsafeMutablePointer<CInt>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    FuzzCallback
  ) -> CInt

if let symbol = dlsym(dlopen(nil, RTLD_NOW), "LLVMFuzzerRunDriver") {
  let driver = unsafeBitCast(symbol, to: FuzzDriver.self)
  var argc = CommandLine.argc
  var argv = CommandLine.unsafeArgv
  exit(driver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
}
FileHandle.standardError.write(
  Data("SheetFuzz: built without libFuzzer (scripts/fuzz builds it); running each file once\n".utf8))
for path in CommandLine.arguments.dropFirst() where !path.hasPrefix("-") {
  guard let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("SheetFuzz: cannot read \(path)\n".utf8))
    exit(1)
  }
  _ = data.withUnsafeBytes { raw in
    fuzzOneInput(raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
  }
  print("SheetFuzz: \(path): ran")
}

/// A folder of this process's own for files a target writes (a scenario's text, a preview's saves),
/// made once and emptied by `clear()`.
enum FuzzFolder {
  static let path: String = {
    let path = NSTemporaryDirectory() + "sheet-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  /// Removes every file in the folder except those named in `keeping`.
  static func clear(keeping: Set<String> = []) {
    let manager = FileManager.default
    for name in (try? manager.contentsOfDirectory(atPath: path)) ?? [] where !keeping.contains(name) {
      try? manager.removeItem(atPath: path + "/" + name)
    }
  }
}
