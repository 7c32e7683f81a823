import Foundation
import SheetCore
import SheetTestSupport
import Testing

@testable import SheetScenario
@testable import SheetScript
@testable import SheetTrace

@Suite struct TraceFormatTests {
  /// A small trace: a present, two frames, a decision with a quoted reason. The frames' indexes are the
  /// heights over the guides' detents: -1 + 12.5 / 500 below `normal` (500), 0 at it.
  static let sample = Trace(
    title: "sample.lua",
    entries: [
      .event(TraceEvent(time: 0, name: "present")),
      .frame(
        TraceFrame(
          time: 1.0 / 120, state: .presenting, detent: "normal", height: 12.5, backdrop: 0.01, velocity: 1500,
          index: -1 + 12.5 / 500)),
      .event(
        TraceEvent(
          time: 0.25, name: "decision",
          fields: [
            TraceField("target", .string("dismiss")), TraceField("reason", .string("vy 1600 > \"1500\"")),
          ])),
      .frame(
        TraceFrame(
          time: 0.25, state: .dismissing, detent: nil, target: .dismiss, height: 500, backdrop: 0.3084,
          velocity: -0.0, index: 0)),
    ],
    guides: [
      TraceGuide(id: "normal", height: 500, start: 0), TraceGuide(id: "expanded", height: 757, start: 0),
    ])

  @Test func jsonLinesAreObjectsWithTimeAndKind() throws {
    let lines = Self.sample.jsonLines().split(separator: "\n")
    #expect(lines.count == 4)
    for line in lines {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["t"] is NSNumber)
      #expect(["frame", "event"].contains(object["kind"] as? String))
    }
    #expect(
      lines[1]
        == #"{"t":0.008333,"kind":"frame","state":"presenting","detent":"normal","target":null,"height":12.5,"backdrop":0.01,"dh_dt":1500,"index":-0.975}"#
    )
    #expect(lines[2].contains(#""reason":"vy 1600 > \"1500\"""#))
    #expect(
      lines[3].contains(#""detent":null,"target":"dismiss","#) && lines[3].contains(#""dh_dt":0,"index":0}"#))
  }

  @Test func csvHasTheFrameColumns() {
    let lines = Self.sample.csv().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "t,state,detent,target,height,backdrop,dh_dt,index")
    #expect(lines[1] == "0.008333,presenting,normal,,12.5,0.01,1500,-0.975")
    #expect(lines[2] == "0.25,dismissing,,dismiss,500,0.3084,0,0")
  }

  @Test func tableShowsEveryEventAndTheFrames() {
    let table = Self.sample.table()
    #expect(table.contains("* present"))
    #expect(table.contains(#"* decision target=dismiss reason="vy 1600 > \"1500\"""#))
    #expect(table.contains("       t  state       detent     target        height  backdrop     dh/dt\n"))
    #expect(table.contains("  0.0083  presenting  normal     -              12.50    0.0100    1500.0\n"))
    #expect(table.contains("  0.2500  dismissing  -          dismiss       500.00    0.3084       0.0\n"))
  }

  @Test func framesShowTheRunningTransitionsTarget() throws {
    var driver = try PresetTest.driver("system")
    try driver.presentAndSettle()
    try driver.apply { m throws(SheetError) in try m.snap(to: "large") }
    #expect(try driver.settle())
    let settling = driver.trace.frames.filter { $0.state == .settling }
    #expect(
      !settling.isEmpty && settling.allSatisfy { $0.detent == "medium" && $0.target == .detent("large") })
    #expect(driver.trace.frames.last?.target == nil)
    #expect(driver.trace.table().contains("settling    medium     large  "))
    #expect(driver.trace.csv().contains(",settling,medium,large,"))
    #expect(driver.trace.jsonLines().contains(#""state":"settling","detent":"medium","target":"large","#))
  }

  /// Each row: a preset, a drag, and the sign the sheet's growth has: the frames' dh/dt and the release's
  /// dh_dt agree, and the finger's velocity keeps its screen sign (+ = down).
  static let releases: [(edge: String, dy: Double, growing: Bool, line: UInt)] = [
    ("bottom", -100, true, #line),
    ("bottom", 100, false, #line),
    ("top", 100, true, #line),
    ("top", -100, false, #line),
  ]

  @Test(arguments: releases.indices) func aReleaseReadsWithTheFramesSign(_ i: Int) throws {
    let row = Self.releases[i]
    var driver = try PresetTest.driver(
      source:
        "return { edge = '\(row.edge)', detents = { { id = 'a', height = 300 }, { id = 'b', height = 600 } } }"
    )
    try driver.presentAndSettle()
    try driver.drag(DragGesture(dy: row.dy, duration: 0.2))
    let last = driver.last("release")
    let release = try #require(last, "row at line \(row.line)")
    guard case .number(let finger)? = release["finger_velocity"], case .number(let rate)? = release["dh_dt"]
    else {
      Issue.record("row at line \(row.line): \(release)")
      return
    }
    let frames = driver.trace.frames
    let lastDragFrame = try #require(frames.last { $0.state == .dragging }, "row at line \(row.line)")
    #expect(
      (rate > 0) == row.growing && (lastDragFrame.velocity > 0) == row.growing, "row at line \(row.line)")
    #expect((finger > 0) == (row.dy > 0), "row at line \(row.line): the finger's own sign")
    #expect(abs(rate) == abs(finger), "row at line \(row.line)")
    let table = driver.trace.table()
    #expect(table.split(separator: "\n")[1].hasSuffix("backdrop     dh/dt"))
    #expect(
      table.contains(
        "* release finger_velocity=\(TraceNumber.format(finger, decimals: 3)) dh_dt=\(TraceNumber.format(rate, decimals: 3))"
      ),
      "row at line \(row.line)")
  }

  @Test func tableShowsIdenticalScriptErrorsOnceWithTheirCount() {
    func fault(_ time: Double, _ callback: String, _ message: String) -> TraceEntry {
      .event(
        TraceEvent(
          time: time, name: "script_error",
          fields: [TraceField("callback", .string(callback)), TraceField("message", .string(message))]))
    }
    func frame(_ time: Double) -> TraceEntry {
      .frame(TraceFrame(time: time, state: .dragging, detent: "a", height: 300, backdrop: 0.3, velocity: 0))
    }
    let trace = Trace(
      title: "faults.lua",
      entries: [
        fault(0.5, "backdrop", "b.lua:3: backdrop returned 2"), frame(0.5),
        fault(0.6, "backdrop", "b.lua:3: backdrop returned 2"),
        frame(0.6), fault(0.6, "on_drag", "b.lua:4: on_drag returned -1"),
        fault(0.75, "backdrop", "b.lua:3: backdrop returned 2"),
        frame(0.75),
        .event(TraceEvent(time: 0.8, name: "script_error", fields: [TraceField("message", .string("boom"))])),
      ])
    let errors = trace.table().split(separator: "\n").filter { $0.contains("script_error") }
    #expect(
      errors == [
        #"  0.5000  * script_error callback=backdrop message="b.lua:3: backdrop returned 2" (x3, 0.5–0.75 s)"#,
        #"  0.6000  * script_error callback=on_drag message="b.lua:4: on_drag returned -1""#,
        #"  0.8000  * script_error message=boom"#,
      ])
    #expect(
      trace.jsonLines().split(separator: "\n").filter { $0.contains("script_error") }.count == 5,
      "one line per event")
  }

  @Test(arguments: [
    (1.0, 1.0, #line),
    (0.13, 0.2, #line),
    (7.0, 10.0, #line),
    (38.0, 50.0, #line),
    (120.0, 200.0, #line),
  ])
  func niceSteps(raw: Double, expected: Double, line: Int) {
    #expect(TracePlot.niceStep(raw) == expected, "row at line \(line)")
  }

  @Test func plotIsWellFormedXMLWithGuidesAndMarkers() throws {
    let svg = TracePlot().svg(Self.sample)
    _ = try SVGDocument(svg)  // well-formed XML
    #expect(svg.contains(">normal 500</text>"))
    #expect(svg.contains(">expanded 757</text>"))
    #expect(svg.contains(">decision dismiss</text>"))
    #expect(svg.contains("<polyline"))
    #expect(svg.contains("time (s)") && svg.contains("height (pt)"))
  }

  @Test func guidesFollowADetentsHeightOverTime() throws {
    let text =
      "return { detents = { { id = 'fit', height = 'content', max = 700 }, { id = 'top', inset = 40 } } }"
    var driver = try PresetTest.driver(source: text, content: 400)
    try driver.presentAndSettle()
    let changed = driver.machine.time
    try driver.apply { m throws(SheetError) in try m.setContentHeight(600) }
    #expect(try driver.settle())
    try driver.apply { m throws(SheetError) in try m.resize(PresetTest.rotated) }
    let rotated = driver.machine.time
    let guides = driver.trace.guides
    #expect(
      guides == [
        TraceGuide(id: "fit", height: 400, start: 0, end: changed),
        TraceGuide(id: "top", height: 757, start: 0, end: rotated),
        TraceGuide(id: "fit", height: 600, start: changed, end: rotated),
        TraceGuide(id: "top", height: 350, start: rotated),  // landscape: 390 - 40
        TraceGuide(id: "fit", height: 390, start: rotated),  // the content, capped at the available 390
      ], "\(guides)")
  }

  /// Each row: a guide whose label would leave the picture where it ends, and the label's text.
  static let edgeGuides: [(guide: TraceGuide, label: String, line: UInt)] = [
    (
      TraceGuide(id: "a_very_long_detent_name", height: 300, start: 0, end: 0.01),
      "a_very_long_detent_name 300", #line
    ),
    (TraceGuide(id: "floor", height: 0, start: 0.2, end: 0.3), "floor 0", #line),
    (TraceGuide(id: "ceiling", height: 1000, start: 0.5), "ceiling 1000", #line),
  ]

  @Test(arguments: edgeGuides.indices) func guideLabelsStayInsideThePicture(_ i: Int) throws {
    let row = Self.edgeGuides[i]
    let frames = (0...120).map {
      TraceEntry.frame(
        TraceFrame(
          time: Double($0) / 120, state: .resting, detent: nil, height: 300, backdrop: 0, velocity: 0))
    }
    let decision = TraceEvent(
      time: 0.5, name: "decision", fields: [TraceField("target", .string(String(repeating: "x", count: 400)))]
    )
    let trace = Trace(title: "edges.lua", entries: frames + [.event(decision)], guides: [row.guide])
    let plot = TracePlot()
    let texts = try SVGDocument(plot.svg(trace)).elements(named: "text")
    let label = try #require(texts.first { $0.text == row.label }, "line \(row.line): \(texts.map(\.text))")
    let x = try #require(Double(label.attributes["x"] ?? ""))
    let y = try #require(Double(label.attributes["y"] ?? ""))
    let width = TracePlot.textWidth(row.label, fontSize: 12)
    #expect(label.attributes["text-anchor"] == "end")
    #expect(
      x - width >= 0 && x <= plot.width && y - 12 >= 0 && y <= plot.height, "line \(row.line): \(x), \(y)")
    // A marker's label, written down from the top of the plot, is cut to the plot's height.
    let marker = try #require(texts.first { $0.text.hasPrefix("decision") })
    #expect(
      marker.text.hasSuffix("…") && TracePlot.textWidth(marker.text, fontSize: 10) <= plot.height - 56 - 64)
  }
}
