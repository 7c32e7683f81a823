import LuaHost
import SheetCore
import SheetScript

/// The backing table of a scenario's read-only `sheet` view, written after every scenario call: a field
/// is written only when its value changed since it was last written (the table then reads the same as
/// if every field were written, and no key is pushed and hashed for the fields that stay). The number
/// fields go through a field batch made with the table (``numbers(of:)``), written together in one
/// crossing. It makes no Lua object but `sheet.scroll`'s and `sheet.behind`'s tables, at the first call
/// that has a scroll view or a view behind, as before: a scenario's `tostring` numbers objects by
/// creation. Its session's thread alone writes it, one call at a time.
package final class ScenarioSheetView {
  /// The table the `sheet` view reads.
  package let data: LuaTable
  /// The number fields' batch: it writes a staged number only when its bits changed.
  private let numbers: LuaFieldBatch

  /// The number fields, in the batch's slot order.
  private enum Number: Int, CaseIterable {
    case height, backdrop, velocity, time, keyboard, dismissAttempts, index

    var key: String {
      switch self {
      case .height: "height"
      case .backdrop: "backdrop"
      case .velocity: "velocity"
      case .time: "time"
      case .keyboard: "keyboard"
      case .dismissAttempts: "dismiss_attempts"
      case .index: "index"
      }
    }
  }

  /// The batch of a `sheet` view's number fields over its backing table (made with the table, in the
  /// scenario's set-up, so that a warm state's checkpoint holds it).
  /// - Throws: `LuaError` when the state cannot make it (memory).
  package static func numbers(of data: LuaTable) throws(LuaError) -> LuaFieldBatch {
    try LuaFieldBatch(fields: Number.allCases.map { (data, $0.key) })
  }
  /// The fields as last written.
  private var written = Written()
  /// `sheet.scroll`'s backing table and its read-only view, made on first use.
  private var scrollTables: (data: LuaTable, view: LuaTable)?
  /// `sheet.scroll`'s backing table, once made.
  package var scrollData: LuaTable? { scrollTables?.data }
  /// The scroll view as last written into its table (nil: never, or not since it was made).
  private var scroll: ScrollSnapshot?
  /// Whether `sheet.scroll` was last set to the view (true) or cleared (false); nil: never written.
  private var showsScroll: Bool?
  /// `sheet.behind`'s backing table and its read-only view, made on first use.
  private var behindTables: (data: LuaTable, view: LuaTable)?
  /// The view behind as last written into its table (nil: never).
  private var behind: BehindView?
  /// Whether `sheet.behind` was last set to the view (true) or cleared (false); nil: never written.
  private var showsBehind: Bool?

  /// The text fields as last written (the batch keeps the numbers').
  private struct Written {
    var state: Text = .unset, edge: Text = .unset, detent: Text = .unset, target: Text = .unset
  }

  /// A text field's last written value: never written, or a string or nil.
  private enum Text: Equatable {
    case unset
    case value(String?)
  }

  /// A view over `data`, whose fields are all unwritten.
  /// - Parameters:
  ///   - data: The `sheet` view's backing table.
  ///   - numbers: Its number fields' batch (``numbers(of:)``), none of them written yet.
  package init(data: LuaTable, numbers: LuaFieldBatch) {
    self.data = data
    self.numbers = numbers
  }

  /// Writes the hidden sheet the scenario sees before its sheet is made: `hidden`, every number 0, no
  /// detent and no edge (`target` and `scroll` are left as they are).
  package func writeHidden() {
    write("state", SheetState.hidden.rawValue, &written.state)
    for number in Number.allCases { numbers.stage(number.rawValue, 0) }
    numbers.stage(Number.index.rawValue, -1)  // height 0
    write("detent", nil, &written.detent)
    write("edge", nil, &written.edge)
    numbers.flush()
  }

  /// Writes the sheet's current values.
  /// - Parameters:
  ///   - machine: The sheet.
  ///   - state: The scenario's state, where `sheet.scroll`'s tables are made.
  package func write(_ machine: SheetMachine, in state: LuaState) {
    write("edge", machine.configuration.edge.rawValue, &written.edge)
    write("state", machine.state.rawValue, &written.state)
    write("detent", machine.detent, &written.detent)
    write("target", machine.target?.name, &written.target)
    numbers.stage(Number.height.rawValue, machine.height)
    numbers.stage(Number.backdrop.rawValue, machine.backdrop)
    numbers.stage(Number.velocity.rawValue, machine.velocity)
    numbers.stage(Number.time.rawValue, machine.time)
    numbers.stage(Number.keyboard.rawValue, machine.keyboard.height)
    numbers.stage(Number.dismissAttempts.rawValue, Double(machine.dismissAttempts))
    numbers.stage(Number.index.rawValue, machine.detentIndex)
    numbers.flush()
    write(scroll: machine.scrollSnapshot, in: state)
    write(behind: machine.behind, in: state)
  }

  /// Writes `sheet.behind`: the view behind the sheet's `scale`, `corner_radius`, `offset` and `dim`, or
  /// nil when the behaviour does not describe it.
  private func write(behind view: BehindView?, in state: LuaState) {
    guard let view else { return show("behind", nil, &showsBehind) }
    let fields = BehaviourViews.behindFields
    guard let tables = Self.tables(&behindTables, fields: fields, name: "sheet.behind", in: state) else {
      return
    }
    if behind != view {
      behind = view
      tables.data.set("scale", view.scale)
      tables.data.set("corner_radius", view.cornerRadius)
      tables.data.set("offset", view.offset)
      tables.data.set("dim", view.dim)
    }
    show("behind", tables.view, &showsBehind)
  }

  /// Writes `sheet.scroll`: the scroll view's offset, content height, frame, largest offset, velocity
  /// and `at_top`, or nil without a scroll view.
  private func write(scroll snapshot: ScrollSnapshot?, in state: LuaState) {
    guard let snapshot else {
      if showsScroll != false { data.setNil("scroll") }
      showsScroll = false
      return
    }
    let fields = BehaviourViews.scrollFields
    guard let tables = Self.tables(&scrollTables, fields: fields, name: "sheet.scroll", in: state) else {
      return
    }
    if !Self.writesAlike(scroll, snapshot) {
      scroll = snapshot
      let scrollData = tables.data
      scrollData.set("offset", snapshot.offset)
      scrollData.set("content_height", snapshot.contentHeight)
      scrollData.set("height", snapshot.height)
      scrollData.set("top", snapshot.top)
      scrollData.set("max_offset", snapshot.maxOffset)
      scrollData.set("velocity", snapshot.velocity)
      scrollData.set("at_top", snapshot.atTop)
    }
    show("scroll", tables.view, &showsScroll)
  }

  /// A nested view's backing table and the read-only view over it, made in `state` the first time they
  /// are needed; nil when the state cannot make them (memory).
  private static func tables(
    _ made: inout (data: LuaTable, view: LuaTable)?, fields: [String], name: String, in state: LuaState
  ) -> (data: LuaTable, view: LuaTable)? {
    if made == nil, let data = try? state.newTable(),
      let view = try? data.readOnlyView(fields: fields, name: name)
    {
      made = (data, view)
    }
    return made
  }

  /// Sets `sheet.key` to a nested view, or clears it for nil, unless it already is so (`shown`: whether
  /// it was last set, nil when never written; clearing a field never written writes nothing).
  private func show(_ key: StaticString, _ view: LuaTable?, _ shown: inout Bool?) {
    guard let view else {
      if shown == true { data.setNil(key) }
      shown = false
      return
    }
    if shown != true { data.set(key, view) }
    shown = true
  }

  /// Whether the scroll view last written gives its table the same fields as `snapshot` (the numbers
  /// compared as bits: -0 and 0 differ).
  private static func writesAlike(_ written: ScrollSnapshot?, _ snapshot: ScrollSnapshot) -> Bool {
    guard let written else { return false }
    return written.offset.bitPattern == snapshot.offset.bitPattern
      && written.contentHeight.bitPattern == snapshot.contentHeight.bitPattern
      && written.height.bitPattern == snapshot.height.bitPattern
      && written.top.bitPattern == snapshot.top.bitPattern
      && written.maxOffset.bitPattern == snapshot.maxOffset.bitPattern
      && written.velocity.bitPattern == snapshot.velocity.bitPattern && written.atTop == snapshot.atTop
  }

  /// Writes a text field (nil clears it) unless it already holds this value.
  private func write(_ key: StaticString, _ value: String?, _ last: inout Text) {
    guard last != .value(value) else { return }
    last = .value(value)
    data.set(key, value)
  }
}
