import Dispatch
import Foundation
import SheetCore
import SheetPreview
import SheetScenario
import SheetScript
import SheetTrace

/// `preview_roundtrip_ms` and the memory of a long session, measured with a real client over loopback:
/// a `PreviewServer` on a free port and a `PreviewClient` playing a page that drags the sheet up
/// and down (a finger down, moves every 2 ms, a lift, frames while it settles), one message a
/// millisecond as a 1000 Hz mouse sends them.
public enum PreviewBenchmark {
  /// What a run measured.
  public struct Figures: Sendable {
    /// Round trips measured (pointer and frame messages, each to its frame reply).
    public var messages: Int
    /// Round trips of pointer messages only (down, move, up).
    public var pointerMessages: Int
    /// The pointer messages' median round trip, milliseconds.
    public var p50: Double
    /// Their 99th percentile (nearest rank), milliseconds.
    public var p99: Double
    /// The slowest, milliseconds.
    public var maximum: Double
    /// Resident memory after the warm-up, KiB (0 where /proc is not there).
    public var residentStart: Int
    /// Resident memory at the end, KiB.
    public var residentEnd: Int
    /// Resident memory at each tenth of a soak (`seconds`), KiB; empty for a count of messages.
    public var residentSamples: [Int]
    /// Seconds the run lasted.
    public var seconds: Double
    /// Releases the sheet decided during the run.
    public var decisions: Int
  }

  /// Runs the benchmark.
  /// - Parameters:
  ///   - setup: The sessions' set-up (the behaviour dragged).
  ///   - messages: Round trips to measure (after the warm-up), when `seconds` is nil.
  ///   - seconds: Instead, a session of this many seconds of synthetic drags (the soak).
  ///   - warmUp: Round trips before the measurement starts (and the first memory reading is taken).
  /// - Returns: The figures.
  /// - Throws: `PreviewError` when the server or client cannot start, or a reply does not come.
  public static func run(
    setup: PreviewSetup, messages: Int = 5000, seconds: Double? = nil, warmUp: Int = 500
  ) throws(PreviewError) -> Figures {
    let server = PreviewServer(setup: setup)
    try server.start(port: 0)
    defer { server.stop() }
    let client = try PreviewClient(port: server.port)
    defer { client.close() }
    var script = DragScript(geometry: setup.geometry)
    guard client.send(script.hello()), client.next(type: "frame") != nil else {
      throw PreviewError("the server did not answer the page's hello")
    }
    var pointer = BinnedSpread(binWidth: 0.001, binCount: 100_001)  // ms: 1 µs bins up to 100 ms, then one
    var total = 0
    var decisions = 0
    var residentStart = 0
    var samples: [Int] = []
    samples.reserveCapacity(10)
    let started = DispatchTime.now().uptimeNanoseconds
    var nextSlot = started
    var count = 0
    while true {
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
      if let seconds {
        if elapsed >= seconds + 1 { break }
        if count > warmUp, elapsed >= Double(samples.count + 1) * seconds / 10 {
          samples.append(residentKiB())
        }
      } else if count >= messages + warmUp {
        break
      }
      let (message, isPointer) = script.next()
      // one message a millisecond, as a 1000 Hz pointer sends them (well under the rate limit)
      let now = DispatchTime.now().uptimeNanoseconds
      if nextSlot > now { usleep(UInt32((nextSlot - now) / 1000)) }
      nextSlot += 1_000_000
      let sent = DispatchTime.now().uptimeNanoseconds
      guard client.send(message) else { throw PreviewError("the connection closed") }
      guard let frame = client.next(type: "frame", timeout: 5) else {
        throw PreviewError("no frame came back within 5 s")
      }
      let took = Double(DispatchTime.now().uptimeNanoseconds - sent) / 1e6
      decisions += frame.components(separatedBy: "\"type\":\"decision\"").count - 1
      count += 1
      if count == warmUp { residentStart = residentKiB() }
      guard count > warmUp else { continue }
      total += 1
      if isPointer { pointer.add(took) }

    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    return Figures(
      messages: total, pointerMessages: pointer.count, p50: pointer.percentile(0.5),
      p99: pointer.percentile(0.99), maximum: pointer.maximum, residentStart: residentStart,
      residentEnd: residentKiB(), residentSamples: samples, seconds: seconds, decisions: decisions)
  }

  /// The process's resident memory, KiB, from /proc/self/statm (0 where it is not there).
  public static func residentKiB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
  }

  /// The synthetic page: drags of the resting sheet, up and down by turns, with frames between.
  package struct DragScript {
    let geometry: SheetGeometry
    /// The page's clock, milliseconds (1 ms a message).
    var t = 1000.0
    var step = 0
    var gesture = 0

    init(geometry: SheetGeometry) { self.geometry = geometry }

    mutating func hello() -> String {
      Self.message("hello", t: t)
    }

    /// A page message: its type, a point when it carries one, and its time.
    static func message(_ type: String, x: Double? = nil, y: Double? = nil, t: Double) -> String {
      var json = JSONWriter()
      json.beginObject()
      json.field("type", type)
      if let x, let y {
        json.field("x", x)
        json.field("y", y)
      }
      json.field("t", t)
      json.endObject()
      return json.text
    }

    /// The next message and whether it is a pointer message. A cycle of 700 messages (0.7 s of the
    /// page's clock): a present request (ignored unless the sheet was dismissed), a finger down at
    /// 2 ms, moves every 2 ms for 208 ms (a 500 Hz pointer) (60 pt up or down by turns), a lift at 211 ms, and a frame
    /// request on every other millisecond (the sheet settles in them). The first cycle starts after
    /// 600 ms of frames, once the sheet has presented.
    mutating func next() -> (String, Bool) {
      t += 1
      step += 1
      guard step > 600 else { return (Self.message("frame", t: t), false) }
      let phase = (step - 601) % 700
      if phase == 0 {
        gesture += 1
        return (Self.message("present", t: t), false)
      }
      let x = geometry.width / 2
      let startY = geometry.height * 0.55
      let direction = gesture % 2 == 0 ? 1.0 : -1.0
      let y = startY + direction * 60 * Double(min(max(phase - 2, 0), 208)) / 208
      if phase == 2 { return (Self.message("touch_down", x: x, y: startY, t: t), true) }
      if phase > 2 && phase <= 210 && phase % 2 == 0 {
        return (Self.message("touch_move", x: x, y: y, t: t), true)
      }
      if phase == 211 { return (Self.message("touch_up", x: x, y: y, t: t), true) }
      return (Self.message("frame", t: t), false)
    }
  }
}
