import Foundation
import Testing

/// The host example (`Sources/SheetHostExample/main.swift`) run as a host runs it, and the README and the
/// Embedding in an app article kept to its code and output.
@Suite struct HostExampleTests {
  static let mainFile = SheetBinary.packageRoot.appendingPathComponent("Sources/SheetHostExample/main.swift")

  static func text(_ path: String) throws -> String {
    try String(contentsOf: SheetBinary.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The fenced blocks of a Markdown text in the given language, in order.
  static func blocks(_ markdown: String, language: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```\(language)" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current.map { $0.joined(separator: "\n") + "\n" } ?? "")
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test func endsAtRestWithEveryEventOnce() throws {
    let run = try SheetBinary.run([], program: SheetBinary.hostExample)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
    let lines = Fixture.lines(run.stdout)
    #expect(
      lines.last?.hasPrefix("at rest after ") == true && lines.last?.hasSuffix(": resting at normal") == true)
    // Each event line (time, `*`, description) once: an event printed twice would repeat its line.
    let events = lines.filter { $0.contains("  * ") }
    #expect(Set(events).count == events.count, "\(events)")
    func count(_ text: String) -> Int {
      events.filter { $0.hasSuffix("* " + text) || $0.contains("* \(text) ") }.count
    }
    #expect(count("present") == 1 && count("snap") == 1)
    #expect(count("gesture phase=began") == 2 && count("gesture phase=ended") == 2)
    #expect(count("decision") == 2 && count("settled") == 4)
    #expect(count("reload ok=false") == 1 && count("reload ok=true") == 1 && count("reloaded") == 1)
    #expect(run.stdout.contains("dismiss_velocity is now 1800.0"))
    // Its first decision's JSON line is the line `sheet run --format jsonl` writes for the tour's.
    let json = lines.filter { $0.hasPrefix("           {") }.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(json.count == 2)
    let tour = try SheetBinary.run(["run", "Tests/Scenarios/tour.lua", "--format", "jsonl"])
    #expect(json.first.map { Fixture.lines(tour.stdout).contains($0) } == true, "\(json)")
  }

  @Test func theEmbeddingArticleShowsTheExampleWholeAndItsOutput() throws {
    let readme = try Self.text("Sources/SheetScript/SheetScript.docc/EmbeddingInAnApp.md")
    let main = try String(contentsOf: Self.mainFile, encoding: .utf8)
    let swift = Self.blocks(readme, language: "swift")
    let index = try #require(swift.firstIndex(of: main), "the embedding article shows main.swift whole")
    #expect(main.contains("import SheetScript"))
    // The text block after it is the example's output, as it runs now.
    let run = try SheetBinary.run([], program: SheetBinary.hostExample)
    let after = try #require(readme.range(of: "```swift\n" + swift[index] + "```"))
    let output = Self.blocks(String(readme[after.upperBound...]), language: "text").first
    #expect(output == run.stdout, "update the embedding article's output of the host example")
  }

  @Test func theArticlesSwiftIsTheExamplesOrMarkedUIKit() throws {
    let main = try String(contentsOf: Self.mainFile, encoding: .utf8)
    let article = try Self.text("Sources/SheetScript/SheetScript.docc/EmbeddingInAnApp.md")
    let blocks = Self.blocks(article, language: "swift")
    #expect(blocks.count >= 6)
    for block in blocks {
      let first = block.prefix { $0 != "\n" }
      if first.hasPrefix("//"), first.contains("UIKit") || first.contains("not built here") { continue }
      #expect(main.contains(block), "not in main.swift:\n\(block)")
    }
  }
}
