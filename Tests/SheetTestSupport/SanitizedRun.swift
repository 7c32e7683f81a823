import Foundation

/// Whether the tests run under scripts/sanitize (AddressSanitizer and UndefinedBehaviorSanitizer), which
/// sets `SHEET_SANITIZED`. A test whose figure a sanitizer changes (a wall-clock deadline, resident
/// memory, an address-space limit) skips itself there only, saying why:
/// `@Test(.disabled(if: SanitizedRun.isActive, "why"))`.
public enum SanitizedRun {
  /// True in a run of scripts/sanitize.
  public static let isActive = ProcessInfo.processInfo.environment["SHEET_SANITIZED"] != nil
}
