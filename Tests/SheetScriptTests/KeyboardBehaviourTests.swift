import Foundation
import SheetCore
import Testing

@testable import SheetScript

/// The keyboard in SheetScript: the `keyboard` field and its refusals, `on_keyboard` and its
/// view, the host API, and the trace's keyboard column (only once a keyboard was shown).
@Suite struct KeyboardBehaviourTests {
  /// Each row: a `keyboard` value, the mode read or the refusal's text.
  static let fields: [(value: String, mode: KeyboardMode?, refusal: String?, line: UInt)] = [
    ("'interactive'", .interactive, nil, #line),
    ("'extend'", .extend, nil, #line),
    ("'fill'", .fill, nil, #line),
    ("'none'", KeyboardMode.none, nil, #line),
    (
      "'interactiv'", nil,
      "b.lua:2: field 'keyboard' is 'interactiv'; expected one of 'interactive', 'extend', 'fill', 'none' "
        + "(did you mean 'interactive'?)", #line
    ),
    (
      "'fillParent'", nil,
      "b.lua:2: field 'keyboard' is 'fillParent'; expected one of 'interactive', 'extend', 'fill', 'none'",
      #line
    ),
    (
      "3", nil, "b.lua:2: field 'keyboard' is 3; expected one of 'interactive', 'extend', 'fill', 'none'",
      #line
    ),
  ]

  @Test(arguments: fields.indices) func theKeyboardFieldReadsAModeOrNamesTheNearest(_ i: Int) {
    let row = Self.fields[i]
    let source = BehaviourSource(name: "b.lua", text: "return {\n  keyboard = \(row.value),\n}\n")
    do throws(BehaviourError) {
      let behaviour = try Behaviour.load(source)
      #expect(behaviour.configuration.keyboard == row.mode, "line \(row.line)")
      #expect(row.refusal == nil, "line \(row.line): accepted")
    } catch {
      #expect(error.description == row.refusal, "line \(row.line): \(error.description)")
    }
  }

  @Test func withoutTheFieldTheModeIsInteractive() throws {
    let behaviour = try Behaviour.load(BehaviourSource(name: "b.lua", text: "return {}\n"))
    #expect(behaviour.configuration.keyboard == .interactive)
  }

  /// on_keyboard sees the keyboard view and the sheet with its detents placed for the keyboard; a bad
  /// return is a fault naming the file, line and callback.
  @Test func onKeyboardSeesTheKeyboardAndItsFaultNamesTheLine() throws {
    let text = """
      return {
        detents = { { id = 'low', height = 200 }, { id = 'high', height = 600 } },
        on_keyboard = function(sheet, keyboard)
          print(keyboard.height, keyboard.target_height, keyboard.duration, keyboard.visible, sheet.detents.low)
          if keyboard.target_height == 300 then return 42 end
          return nil
        end,
      }

      """
    let sheet = try ScriptedSheet(source: text, name: "k.lua")
    sheet.present()
    try sheet.advance(to: 2)
    _ = sheet.drainEvents()
    try sheet.setKeyboard(height: 336, duration: 0.5)
    let shown = sheet.drainEvents().map(\.description)
    // the view: the keyboard at 0 now, reported 336 over 0.5 s, visible; low lifted to 200 + 336
    #expect(shown.contains("print text=0.0\t336.0\t0.5\ttrue\t536.0"), "\(shown)")
    #expect(shown.first == "keyboard height=336 duration=0.5", "\(shown)")
    try sheet.setKeyboard(height: 300)
    let faults = sheet.drainEvents().filter(\.isScriptError).map(\.description)
    #expect(
      faults == [
        "script_error callback=on_keyboard message=\"k.lua:3: on_keyboard returned 42; expected a detent id, "
          + "{ height = points } or nil\""
      ], "\(faults)")
  }

  /// The host API: the frames carry the keyboard's height, the sheet is not still until the keyboard is,
  /// and a bad value is refused naming the field.
  @Test func theHostReportsTheKeyboardAndItsFramesCarryIt() throws {
    let sheet = try ScriptedSheet(preset: "system")
    sheet.present()
    var t = 0.0
    while !sheet.isStill {
      t += 1.0 / 120
      try sheet.advance(to: t)
    }
    try sheet.setKeyboard(height: 336)
    #expect(!sheet.isStill)
    var frame = sheet.frame
    for _ in 0..<12 {  // 0.1 s: 93.6 % of the way (the time-scaled spring, see SheetKeyboard)
      t += 1.0 / 120
      frame = try sheet.advance(to: t)
    }
    #expect(frame.keyboard > 300 && frame.keyboard < 336, "\(frame.keyboard)")
    while !sheet.isStill {
      t += 1.0 / 120
      frame = try sheet.advance(to: t)
    }
    #expect(frame.keyboard == 336 && frame.height == 734.5 && frame.detent == "medium")
    #expect(throws: SheetError.invalidValue(field: "keyboard.height", value: 900)) {
      try sheet.setKeyboard(height: 900)
    }
  }

  /// A run that never shows a keyboard writes no keyboard column (existing traces stay byte-identical);
  /// one that does writes it on every frame, 0 before the keyboard appeared.
  @Test func theKeyboardColumnAppearsOnlyOnceAKeyboardWasShown() throws {
    let plain = try ScenarioFolder().run("-- scenario\nbehaviour 'system'\npresent()\nsettle()\n")
    #expect(!plain.trace.hasKeyboard)
    #expect(plain.trace.csv().hasPrefix("t,state,detent,target,height,backdrop,dh_dt,index\n"))
    #expect(!plain.trace.jsonLines().contains("keyboard"))
    // a keyboard reported at height 0 only was never shown: still no column
    let hidden = try ScenarioFolder().run(
      "-- scenario\nbehaviour 'system'\npresent()\nkeyboard { height = 0 }\nsettle()\n")
    #expect(!hidden.trace.hasKeyboard)
    let shown = try ScenarioFolder().run(
      "-- scenario\nbehaviour 'system'\npresent()\nsettle()\nkeyboard { height = 336 }\nsettle()\n")
    #expect(shown.trace.hasKeyboard)
    let csv = shown.trace.csv().split(separator: "\n")
    #expect(csv[0] == "t,state,detent,target,height,backdrop,dh_dt,index,keyboard")
    #expect(
      csv[1].hasSuffix(",0") && csv.last?.hasSuffix(",resting,medium,,734.5,0.3,0,0,336") == true,
      "\(csv.last ?? "")")
    let table = shown.trace.table()
    #expect(table.contains("     dh/dt  keyboard\n"))
    #expect(table.contains("  * keyboard height=336 duration=0.25\n"))
    #expect(table.contains("resting     medium     -             734.50    0.3000       0.0    336.00\n"))
    let last = try #require(shown.trace.jsonLines().split(separator: "\n").last)
    #expect(last.hasSuffix(#""height":734.5,"backdrop":0.3,"dh_dt":0,"index":0,"keyboard":336}"#), "\(last)")
  }
}
