import Foundation
import SheetCore
import SheetScript
import SheetTrace
import Testing

@testable import SheetPreview

/// The Host and Origin rules, the message parser's refusals, and the rate limit, without a server.
@Suite struct PolicyAndMessageTests {
  /// Each row: a Host, an Origin, whether it is a WebSocket handshake, and whether it is allowed (port 8123).
  static let requests: [(host: String?, origin: String?, webSocket: Bool, allowed: Bool, line: UInt)] = [
    ("127.0.0.1:8123", nil, false, true, #line),
    ("localhost:8123", "http://localhost:8123", true, true, #line),
    ("LOCALHOST:8123", "http://127.0.0.1:8123", true, true, #line),  // names are case-insensitive
    ("[::1]:8123", "http://[::1]:8123", true, true, #line),
    ("127.0.0.1", nil, false, true, #line),  // no port: the default, still this machine by name
    (nil, nil, false, false, #line),  // HTTP/1.1 requires a Host
    ("evil.example", nil, false, false, #line),  // DNS rebinding: a foreign name resolving to 127.0.0.1
    ("evil.example:8123", "http://evil.example:8123", true, false, #line),
    ("127.0.0.1.evil.example:8123", nil, false, false, #line),
    ("127.0.0.1:8124", nil, false, false, #line),
    ("127.0.0.1:8123", nil, true, false, #line),  // a handshake without an Origin: not a browser page's
    ("127.0.0.1:8123", "http://evil.example", true, false, #line),
    ("127.0.0.1:8123", "https://127.0.0.1:8123", true, false, #line),
    ("127.0.0.1:8123", "null", false, false, #line),  // a sandboxed or file page
    ("127.0.0.1:8123", "http://127.0.0.1:8123.evil.example", false, false, #line),
  ]

  @Test func onlyTheServerItselfIsAllowed() {
    let policy = LoopbackPolicy(port: 8123)
    for row in Self.requests {
      let refusal = policy.refusal(host: row.host, origin: row.origin, webSocket: row.webSocket)
      #expect(
        (refusal == nil) == row.allowed, "\(row): \(refusal ?? "allowed")",
        sourceLocation: Testing.SourceLocation(
          fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1))
    }
  }

  @Test func aRefusalNamesTheHeaderPrintably() {
    let policy = LoopbackPolicy(port: 8123)
    #expect(
      policy.refusal(host: "evil\u{7}.example", origin: nil, webSocket: false)
        == "refused: Host 'evil?.example' is not this server (127.0.0.1:8123)")
    #expect(
      policy.refusal(host: "127.0.0.1:8123", origin: nil, webSocket: true)
        == "refused: Origin '(none)' is not this server (http://127.0.0.1:8123)")
  }

  /// Each row: a message and what it parses to.
  static let messages: [(text: String, message: PreviewMessage, line: UInt)] = [
    (
      "{\"type\":\"touch_move\",\"x\":195.5,\"y\":400,\"t\":1234.567}",
      .touch(.move, finger: 1, x: 195.5, y: 400, t: 1234.567), #line
    ),
    (
      "{\"type\":\"touch_down\",\"x\":-3,\"y\":0,\"t\":0}", .touch(.down, finger: 1, x: -3, y: 0, t: 0), #line
    ),
    // unknown fields are ignored
    ("{\"t\":7,\"type\":\"frame\",\"extra\":[1,{\"a\":null}]}", .frame(t: 7), #line),
    ("{\"type\":\"snap\",\"detent\":\"large\",\"t\":3}", .snap(detent: "large", t: 3), #line),
    ("{\"type\":\"record\",\"on\":true,\"t\":3}", .record(on: true, t: 3), #line),
    ("{\"type\":\"fps\",\"fps\":60}", .fps(60), #line),
    ("{\"type\":\"replay\",\"source\":\"recording\"}", .replay(source: "recording"), #line),
    // nested as deep as allowed: 4 levels
    ("{\"type\":\"frame\",\"t\":2,\"x\":[[[1]]]}", .frame(t: 2), #line),
    (
      "{\"type\":\"keyboard\",\"height\":336,\"duration\":0.25,\"t\":4}",
      .keyboard(height: 336, duration: 0.25, t: 4), #line
    ),
    (
      "{\"type\":\"scroll_view\",\"on\":true,\"content_height\":1320,\"top\":32,\"t\":4}",
      .scrollView(ScrollView(contentHeight: 1320, top: 32), t: 4), #line
    ),
    ("{\"type\":\"scroll_view\",\"on\":false,\"t\":4}", .scrollView(nil, t: 4), #line),
    ("{\"type\":\"scroll_to\",\"offset\":-12.5,\"t\":4}", .scrollTo(offset: -12.5, t: 4), #line),
    ("{\"type\":\"device\",\"name\":\"iphone-15\",\"t\":4}", .device("iphone-15", t: 4), #line),
    ("{\"type\":\"device\",\"name\":\"screen\",\"t\":4}", .device("screen", t: 4), #line),
    ("{\"type\":\"write\"}", .write, #line),
  ]

  /// Parses a text as the server does, the refusal as its sentence.
  static func parse(_ text: String, limit: Int = 8192) -> Result<PreviewMessage, PreviewMessageError> {
    Array(text.utf8).withUnsafeBytes { buffer in
      do throws(PreviewMessageError) {
        return .success(try PreviewMessage.parse(buffer, limit: limit))
      } catch {
        return .failure(error)
      }
    }
  }

  @Test func messagesParse() throws {
    for row in Self.messages {
      let parsed = try Self.parse(row.text).get()
      #expect(
        parsed == row.message,
        sourceLocation: Testing.SourceLocation(
          fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1))
    }
  }

  /// Each row: a message and the start of its refusal.
  static let refusals: [(text: String, error: String, line: UInt)] = [
    ("{\"type\":\"record\",\"on\":1,\"t\":3}", "record: field 'on' must be true or false", #line),
    (
      "{\"type\":\"touch_move\",\"x\":\"1\",\"y\":2,\"t\":3}",
      "touch_move: field 'x' must be a number in -1000000...1000000", #line
    ),
    ("{\"type\":\"touch_move\",\"x\":true,\"y\":2,\"t\":3}", "touch_move: field 'x' must be a number", #line),
    ("{\"type\":\"tap\",\"x\":1,\"y\":2}", "tap: field 't' must be a number in 0...10000000000", #line),
    (
      "{\"type\":\"content\",\"height\":-1,\"t\":3}",
      "content: field 'height' must be a number in 0...100000, got -1.0", #line
    ),
    ("{\"type\":\"fps\",\"fps\":0}", "fps: field 'fps' must be a number in 1...240, got 0.0", #line),
    ("{\"type\":\"set\",\"name\":\"a b\",\"value\":1,\"t\":3}", "set: field 'name' must be a name", #line),
    (
      "{\"type\":\"set\",\"name\":\"\(String(repeating: "a", count: 65))\",\"value\":1,\"t\":3}",
      "set: field 'name' must be a name", #line
    ),
    (
      "{\"type\":\"replay\",\"source\":\"etc\"}",
      "replay: field 'source' must be 'scenario' or 'recording', got 'etc'", #line
    ),
    (
      "{\"type\":\"\(String(repeating: "z", count: 100))\"}",
      "unknown type '\(String(repeating: "z", count: 64))'", #line
    ),
    (
      "{\"type\":\"keyboard\",\"height\":300,\"duration\":11,\"t\":3}",
      "keyboard: field 'duration' must be a number in 0...10, got 11.0", #line
    ),
    (
      "{\"type\":\"keyboard\",\"height\":-1,\"duration\":0,\"t\":3}",
      "keyboard: field 'height' must be a number in 0...100000, got -1.0", #line
    ),
    (
      "{\"type\":\"scroll_view\",\"on\":true,\"content_height\":2e6,\"top\":0,\"t\":3}",
      "scroll_view: field 'content_height' must be a number in 0...1000000, got 2000000.0", #line
    ),
    (
      "{\"type\":\"scroll_view\",\"on\":true,\"content_height\":100,\"top\":1e6,\"t\":3}",
      "scroll_view: field 'top' must be a number in 0...100000", #line
    ),
    (
      "{\"type\":\"scroll_view\",\"on\":\"yes\",\"t\":3}", "scroll_view: field 'on' must be true or false",
      #line
    ),
    (
      "{\"type\":\"scroll_to\",\"offset\":2e6,\"t\":3}",
      "scroll_to: field 'offset' must be a number in -1000000...1000000", #line
    ),
    (
      "{\"type\":\"device\",\"name\":\"pixel\",\"t\":3}",
      "device: field 'name' must be one of iphone-se, iphone-15, iphone-15-pro-max, ipad, screen, got 'pixel'",
      #line
    ),
    ("{\"type\":\"device\",\"name\":\"../etc\",\"t\":3}", "device: field 'name' must be a name", #line),
    ("\u{1}\u{2}", "not JSON at byte 0: '??'", #line),
    ("", "not JSON at byte 0: ''", #line),
    // nesting: every message is one flat object; deeper than PreviewMessage.nesting is refused before
    // it is decoded (brackets inside strings, escaped quotes and all, are not nesting)
    ("{\"type\":\"frame\",\"t\":1,\"x\":[[[[1]]]]}", "JSON nested deeper than 4 (5 levels)", #line),
    ("[[[[[[[[", "JSON nested deeper than 4 (8 levels)", #line),
    ("{\"type\":\"snap\",\"detent\":\"[[[[[[\",\"t\":3}", "snap: field 'detent' must be a name", #line),
    (
      "{\"type\":\"snap\",\"detent\":\"\\\"[[[[[[\",\"t\":3}", "snap: field 'detent' must be a name",
      #line
    ),
  ]

  @Test func badMessagesAreRefusedNamingTheField() {
    for row in Self.refusals {
      var message = "(parsed)"
      if case .failure(let error) = Self.parse(row.text) { message = error.message }
      #expect(
        message.hasPrefix(row.error), "\(message)",
        sourceLocation: Testing.SourceLocation(
          fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1))
    }
  }

  @Test func deeplyNestedOrHugeValuesAreRefusedNotFollowed() {
    // 4000 nested arrays in under 8 KiB: refused before they are decoded
    let nested =
      "{\"type\":\"frame\",\"t\":" + String(repeating: "[", count: 4000) + String(repeating: "]", count: 4000)
      + "}"
    if case .failure(let error) = Self.parse(nested) {
      #expect(error.message.hasPrefix("JSON nested deeper than 4 (4001 levels)"), "\(error)")
    } else {
      Issue.record("a nested message parsed")
    }
    if case .failure(let error) = Self.parse("{\"type\":\"frame\",\"t\":1e999}") {
      #expect(error.message.hasPrefix("not JSON") || error.message.hasPrefix("frame: field 't'"), "\(error)")
    } else {
      Issue.record("an infinite time parsed")
    }
  }

  @Test func aMessageOverTheLimitIsRefusedBeforeItIsRead() {
    var message = ""
    let text = "{\"type\":\"frame\",\"t\":1}" + String(repeating: " ", count: 100)
    if case .failure(let error) = Self.parse(text, limit: 64) { message = error.message }
    #expect(message == "message of 122 bytes; at most 64")
  }

  @Test func theRateLimitAdmitsTheBurstThenTheRate() {
    var limiter = RateLimiter(rate: 100, burst: 10)
    let burst = (0..<20).filter { _ in limiter.admit(now: 5) }.count
    #expect(burst == 10)
    let halfToken = limiter.admit(now: 5.005)  // half a token since
    let oneToken = limiter.admit(now: 5.011)  // 1.1 tokens
    #expect(!halfToken && oneToken)
    // one second later the bucket is full again, never fuller
    let later = (0..<20).filter { _ in limiter.admit(now: 6.5) }.count
    #expect(later == 10)
  }

  /// Each row: a Swift string and the JSON literal the replies write for it.
  static let strings: [(text: String, json: String, line: UInt)] = [
    ("plain", "\"plain\"", #line),
    ("say \"hi\"\\", "\"say \\\"hi\\\"\\\\\"", #line),
    ("a\nb\tc\u{1}", "\"a\\nb\\tc\\u0001\"", #line),
    ("</script>", "\"\\u003c/script>\"", #line),
    ("\u{2028}", "\"\\u2028\"", #line),
    ("é", "\"é\"", #line),
  ]

  @Test func repliesQuoteStringsAsJSON() throws {
    for row in Self.strings {
      #expect(JSONWriter.quoted(row.text, forHTML: true) == row.json)
      let back = try JSONSerialization.jsonObject(with: Data("[\(row.json)]".utf8)) as? [String]
      #expect(
        back == [row.text],
        sourceLocation: Testing.SourceLocation(
          fileID: #fileID, filePath: #filePath, line: Int(row.line), column: 1))
    }
    #expect(
      JSONWriter.shortest(.nan) == "null" && JSONWriter.shortest(2.5) == "2.5"
        && JSONWriter.shortest(-0.0) == "0")
  }
}

/// The preview bench's spread of round trips (1 µs bins up to 100 ms, then one) gives the nearest-rank
/// percentile of the sorted times, to its 1 µs bin, and the maximum past its bins.
@Suite struct BinnedSpreadTests {
  @Test func percentilesMatchTheSortedTimesToTheMicrosecond() {
    var histogram = BinnedSpread(binWidth: 0.001, binCount: 100_001)
    var times: [Double] = []
    var seed: UInt64 = 12_345
    for _ in 0..<5000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407  // Knuth's MMIX LCG
      let time = 0.05 + Double(seed >> 11) / Double(1 << 53) * 3  // 0.05 to 3.05 ms
      times.append(time)
      histogram.add(time)
    }
    histogram.add(250)  // one beyond the bins
    times.append(250)
    times.sort()
    for fraction in [0.5, 0.9, 0.99] {
      let rank = Int((fraction * Double(times.count)).rounded(.up))
      let exact = times[rank - 1]
      let counted = histogram.percentile(fraction)
      #expect(counted >= exact && counted - exact <= 0.001, "p\(fraction): \(counted) vs \(exact)")
    }
    #expect(histogram.percentile(1) == 250 && histogram.maximum == 250 && histogram.count == 5001)
    // the mean to a thousandth of a bin, exactly as the sum over the sorted times says
    let mean = times.reduce(0, +) / Double(times.count)
    #expect(abs(histogram.mean - mean) < 1e-6, "\(histogram.mean) vs \(mean)")
    #expect(BinnedSpread(binWidth: 0.001, binCount: 100_001).percentile(0.5) == 0)
  }

  @Test func twoSpreadsAddUpToTheSpreadOfAllTheirValues() {
    var whole = BinnedSpread(binWidth: 0.01, binCount: 100)
    var parts = [BinnedSpread](repeating: BinnedSpread(binWidth: 0.01, binCount: 100), count: 2)
    for k in 0..<300 {
      let value = Double(k % 97) * 0.013  // 0 to 1.248, some past the bins' span of 1
      whole.add(value)
      parts[k % 2].add(value)
    }
    parts[1].merge(parts[0])
    #expect(parts[1] == whole)
    #expect(whole.percentile(1) == whole.maximum && abs(whole.maximum - 1.248) < 1e-12)
  }
}
