import Foundation
import Testing

/// Help texts and usage errors: exit 2 with the usage on standard error.
@Suite struct UsageTests {
  static let commands = [
    "init", "run", "test", "plot", "compare", "tune", "watch", "check", "presets", "preview", "replay",
    "corpus", "fit",
  ]

  @Test func helpListsEveryCommand() throws {
    for arguments in [["--help"], ["-h"], ["help"]] {
      let run = try SheetBinary.run(arguments)
      #expect(run.status == 0, "\(arguments)")
      #expect(run.stdout.hasPrefix("usage: sheet <command>"), "\(arguments)")
      for command in Self.commands {
        #expect(run.stdout.contains("\n  \(command) "), "\(arguments) lists \(command)")
      }
    }
  }

  @Test(arguments: commands)
  func eachCommandHasItsHelp(command: String) throws {
    let run = try SheetBinary.run([command, "--help"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("usage: sheet \(command)"), "\(run.stdout)")
    #expect(try SheetBinary.run(["help", command]).stdout == run.stdout)
  }

  @Test func noArgumentsIsAUsageError() throws {
    let run = try SheetBinary.run([])
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains("usage: sheet <command>"))
  }

  @Test func anUnknownCommandIsAUsageError() throws {
    let run = try SheetBinary.run(["fly"])
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("sheet: unknown command 'fly'"))
    #expect(run.stderr.contains("usage: sheet <command>"))
  }

  /// Each row: the arguments, the words the error must contain, the usage line it must show.
  static let usageErrors: [(arguments: [String], message: String, usage: String, line: UInt)] = [
    (
      ["run", "Tests/Scenarios/tour.lua", "--bogus"], "unknown option '--bogus'", "usage: sheet run", #line
    ),
    (["run", "no/such/file.lua"], "no such file or folder: no/such/file.lua", "usage: sheet run", #line),
    (["run"], "expected one scenario file", "usage: sheet run", #line),
    (
      ["run", "Tests/Scenarios/tour.lua", "--format", "xml"], "unknown format 'xml'", "usage: sheet run",
      #line
    ),
    (
      ["run", "Tests/Scenarios/tour.lua", "--set", "dismiss_velocity"], "name=value", "usage: sheet run",
      #line
    ),
    (["run", "Tests/Scenarios/tour.lua", "--fps"], "--fps needs a value", "usage: sheet run", #line),
    (["test", "no/such/folder"], "no such file or folder", "usage: sheet test", #line),
    (["test", "--verbose"], "unknown option '--verbose'", "usage: sheet test", #line),
    (["plot", "Tests/Scenarios/tour.lua"], "plot needs -o", "usage: sheet plot", #line),
    (["plot", "missing.lua", "-o", "x.svg"], "no such file or folder", "usage: sheet plot", #line),
    (["tune", "Tests/Scenarios/tour.lua"], "--param", "usage: sheet tune", #line),
    (
      ["tune", "Tests/Scenarios/tour.lua", "--param", "x=2..1:1"], "--param expects", "usage: sheet tune",
      #line
    ),
    (["watch", "missing.lua"], "no such file or folder", "usage: sheet watch", #line),
    (["check", "missing/behaviour.lua"], "no such file or folder", "usage: sheet check", #line),
    (["check"], "expected one behaviour", "usage: sheet check", #line),
    (["presets", "extra"], "presets takes no arguments", "usage: sheet presets", #line),
  ]

  @Test func usageErrorsExitTwoWithTheUsageOnStandardError() throws {
    for row in Self.usageErrors {
      let run = try SheetBinary.run(row.arguments)
      let label = "line \(row.line): \(row.arguments)"
      #expect(run.status == 2, "\(label)")
      #expect(run.stdout.isEmpty, "\(label): \(run.stdout)")
      #expect(run.stderr.contains(row.message), "\(label): \(run.stderr)")
      #expect(run.stderr.contains(row.usage), "\(label): \(run.stderr)")
    }
  }

  @Test func versionNamesTheLuaRuntime() throws {
    let run = try SheetBinary.run(["--version"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("sheet ") && run.stdout.contains("Lua 5.4"))
  }
}
