import Foundation

/// The gate of the suites that measure the whole process's resident memory. Suites running beside them
/// in the same process (a plain `swift test`) move that figure, so they run only when
/// `SHEET_MEMORY_FLATNESS=1`, which scripts/test sets when it runs them on their own after the others.
public enum MemoryFlatness {
  /// Whether this process runs the memory-flatness suites.
  public static let runs = ProcessInfo.processInfo.environment["SHEET_MEMORY_FLATNESS"] == "1"
  /// Why they are skipped otherwise.
  public static let skipped =
    "measures the whole process's resident memory: runs alone, with SHEET_MEMORY_FLATNESS=1 (scripts/test)"
}
