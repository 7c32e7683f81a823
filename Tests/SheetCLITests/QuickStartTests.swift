import Foundation
import Testing

/// The quick start article replayed: every `sheet` command of its sessions run in order in a fresh
/// folder, with the article's edits between them, prints what the article shows (an excerpt marked `…`
/// holds its lines in order).
@Suite struct QuickStartTests {
  static let article = "Sources/SheetScript/SheetScript.docc/QuickStart.md"

  /// One `$ command` of the article's sessions and the lines shown after it.
  struct Command {
    var text: String
    var output: [String]
  }

  /// The commands of the article's `text` blocks, in order.
  static func commands(_ markdown: String) -> [Command] {
    var commands: [Command] = []
    for block in HostExampleTests.blocks(markdown, language: "text") {
      for line in block.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        if line.hasPrefix("$ ") {
          commands.append(Command(text: String(line.dropFirst(2)), output: []))
        } else if !commands.isEmpty {
          commands[commands.count - 1].output.append(String(line))
        }
      }
    }
    return commands
  }

  /// Whether `expected` (with `…` for lines left out) is `actual`, or its lines in order when cut.
  static func shows(_ expected: [String], _ actual: [String]) -> Bool {
    guard expected.contains("…") else { return expected == actual }
    var rest = actual[...]
    for line in expected where line != "…" {
      guard let index = rest.firstIndex(of: line) else { return false }
      rest = rest[(index + 1)...]
    }
    return true
  }

  @Test func everySheetCommandPrintsWhatTheArticleShows() throws {
    let markdown = try HostExampleTests.text(Self.article)
    let commands = Self.commands(markdown)
    let folder = try TemporaryFolder()
    let behaviour = folder.url.appendingPathComponent("behaviour.lua")
    // The callback the article adds, from its last Lua block (the lines after the thresholds' `},`).
    let callback = try #require(HostExampleTests.blocks(markdown, language: "lua").last)
    var tests = 0
    var ran = 0
    for command in commands where command.text.hasPrefix("sheet ") && !command.text.hasPrefix("sheet preview")
    {
      if command.text == "sheet test ." { tests += 1 }
      let original = (try? String(contentsOf: behaviour, encoding: .utf8)) ?? ""
      var text = original
      if command.text == "sheet test .", tests == 2 {  // "change `redirect_progress = 0.5` to `0.8`"
        text = text.replacingOccurrences(of: "redirect_progress = 0.5,", with: "redirect_progress = 0.8,")
      } else if command.text == "sheet check behaviour.lua" {  // the value tune wrote, and the callback
        text = text.replacingOccurrences(of: "  },\n})\n", with: callback)
      }
      if text != original { try text.write(to: behaviour, atomically: true, encoding: .utf8) }
      let pipe = command.text.components(separatedBy: " | grep ")
      let words = pipe[0].split(separator: " ").dropFirst().map(String.init)
      let run = try SheetBinary.run(words, in: folder.url)
      var lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
        String.init)
      if pipe.count == 2 {
        let pattern = pipe[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        lines = lines.filter { $0.contains(pattern) }
      }
      #expect(Self.shows(command.output, lines), "\(command.text) prints:\n\(run.stdout)")
      ran += 1
    }
    // sheet init, test, run, test, tune, tune, check (with the callback), test, run | grep.
    #expect(ran == 9 && tests == 3, "\(commands.map(\.text))")
  }
}
