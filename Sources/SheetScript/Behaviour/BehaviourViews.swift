import LuaHost
import SheetCore

/// The read-only tables a behaviour's callbacks receive, made once and updated in place every frame so
/// that the per-frame path creates no Lua tables.
///
/// Each view is a proxy over a backing table the host writes: a script reads the current values and gets
/// an error naming the field when it tries to write one.
final class BehaviourViews {
  /// The `sheet` argument: geometry, state, height, detents, thresholds.
  let sheet: LuaTable
  /// The `ctx` argument of detent resolvers: geometry, content height, thresholds.
  let context: LuaTable
  /// The `gesture` argument of `on_drag` and `on_release`.
  let gesture: LuaTable
  /// The `tap` argument of `on_tap`.
  let tap: LuaTable
  /// The `scroll` argument of `on_scroll`, also `sheet.scroll` while a scroll view exists.
  let scroll: LuaTable
  /// The `keyboard` argument of `on_keyboard`.
  let keyboard: LuaTable

  private let sheetData, contextData, gestureData, tapData, scrollData, keyboardData: LuaTable
  private let screenData, safeData, detentsData, orderData, thresholdsData: LuaTable
  private var geometry: SheetGeometry?
  private var detents: [ResolvedDetent]?
  private var contentHeight: Double?
  /// The values last written, so that a frame writes only what changed.
  private var written = Written()

  /// The scalar fields as last written into the backing tables (NaN and `.unset`: never written).
  private struct Written {
    var height = Double.nan, backdrop = Double.nan, time = Double.nan
    var state: Text = .unset, detent: Text = .unset, target: Text = .unset
    /// `target_height`'s last value: `.none` until written, then the number or nil.
    var targetHeight: Double?? = .none
    var startY = Double.nan, y = Double.nan, translation = Double.nan, velocity = Double.nan
    var startHeight = Double.nan, startDetent: Text = .unset
    var hasScroll: Bool?
    var offset = Double.nan, contentHeight = Double.nan, scrollHeight = Double.nan, top = Double.nan
    var maxOffset = Double.nan, scrollVelocity = Double.nan, atTop: Bool?
    var startX = Double.nan, x = Double.nan, translationX = Double.nan, velocityX = Double.nan
    var startTime = Double.nan, gestureTime = Double.nan
    var averageVelocity = Double.nan, averageVelocityX = Double.nan
  }

  /// A text field's last written value: never written, or a string or nil.
  private enum Text: Equatable {
    case unset
    case value(String?)
  }

  /// The fields of the `sheet` view (nil-able ones included: `detent`, `content`).
  static let sheetFields = [
    "height", "state", "detent", "backdrop", "time", "edge", "available", "content", "screen", "safe",
    "detents", "order", "thresholds", "target", "target_height", "scroll",
  ]
  /// The fields of the `ctx` view of detent resolvers.
  static let contextFields = ["screen", "safe", "available", "content", "edge", "thresholds"]
  /// The fields of the `gesture` view (`start_detent` may be nil).
  static let gestureFields = [
    "start_y", "y", "translation", "velocity", "start_height", "start_detent", "start_x", "x",
    "translation_x", "velocity_x", "start_time", "time", "average_velocity", "average_velocity_x",
  ]
  /// The fields of the `tap` view.
  static let tapFields = ["region", "x", "y"]
  /// The fields of the `scroll` view.
  static let scrollFields = ["offset", "content_height", "height", "top", "max_offset", "velocity", "at_top"]
  /// The fields of the `keyboard` view of `on_keyboard`.
  static let keyboardFields = ["height", "target_height", "duration", "visible"]

  /// Makes the views in `state`.
  /// - Parameters:
  ///   - state: The behaviour's Lua state.
  ///   - thresholds: The thresholds in effect (overrides applied).
  /// - Throws: `LuaError` when the state cannot make the tables.
  init(state: LuaState, thresholds: [String: Double]) throws(LuaError) {
    sheetData = try state.newTable()
    contextData = try state.newTable()
    gestureData = try state.newTable()
    tapData = try state.newTable()
    scrollData = try state.newTable()
    keyboardData = try state.newTable()
    screenData = try state.newTable()
    safeData = try state.newTable()
    detentsData = try state.newTable()
    orderData = try state.newTable()
    thresholdsData = try state.newTable()
    for (name, value) in thresholds { thresholdsData.set(field: name, value) }
    let screen = try screenData.readOnlyView(fields: ["width", "height"], name: "sheet.screen")
    let safe = try safeData.readOnlyView(fields: ["top", "bottom"], name: "sheet.safe")
    let thresholdsView = try thresholdsData.readOnlyView(
      fields: thresholds.keys.sorted(), name: "sheet.thresholds")
    for data in [sheetData, contextData] {
      data.set("screen", screen)
      data.set("safe", safe)
      data.set("thresholds", thresholdsView)
    }
    sheetData.set("detents", try detentsData.readOnlyView())
    sheetData.set("order", try orderData.readOnlyView())
    sheet = try sheetData.readOnlyView(fields: Self.sheetFields, name: "sheet")
    context = try contextData.readOnlyView(fields: Self.contextFields, name: "ctx")
    gesture = try gestureData.readOnlyView(fields: Self.gestureFields, name: "gesture")
    tap = try tapData.readOnlyView(fields: Self.tapFields, name: "tap")
    scroll = try scrollData.readOnlyView(fields: Self.scrollFields, name: "scroll")
    keyboard = try keyboardData.readOnlyView(fields: Self.keyboardFields, name: "keyboard")
  }

  /// Writes the geometry fields when the geometry changed.
  private func update(geometry new: SheetGeometry, contentHeight content: Double?) {
    if geometry != new {
      geometry = new
      screenData.set("width", new.width)
      screenData.set("height", new.height)
      safeData.set("top", new.safeArea.top)
      safeData.set("bottom", new.safeArea.bottom)
      for data in [sheetData, contextData] {
        data.set("available", new.availableHeight)
        data.set("edge", new.edge.rawValue)
      }
    }
    if contentHeight != content {
      contentHeight = content
      for data in [sheetData, contextData] {
        if let content { data.set("content", content) } else { data.setNil("content") }
      }
    }
  }

  /// Fills `ctx` for a detent resolver.
  /// - Parameter context: The core's detent context.
  func update(context new: DetentContext) {
    update(geometry: new.geometry, contentHeight: new.contentHeight)
  }

  /// Fills `sheet` from a snapshot; detents and order are rewritten only when they changed.
  /// - Parameter snapshot: The sheet as the core sees it.
  func update(sheet snapshot: SheetSnapshot) {
    update(geometry: snapshot.geometry, contentHeight: snapshot.contentHeight)
    write(sheetData, "height", snapshot.height, &written.height)
    write(sheetData, "state", snapshot.state.rawValue, &written.state)
    write(sheetData, "detent", snapshot.detent, &written.detent)
    write(sheetData, "backdrop", snapshot.backdrop, &written.backdrop)
    write(sheetData, "time", snapshot.time, &written.time)
    if let view = snapshot.scroll {
      update(scroll: view)
      if written.hasScroll != true {
        written.hasScroll = true
        sheetData.set("scroll", scroll)
      }
    } else if written.hasScroll != false {
      written.hasScroll = false
      sheetData.setNil("scroll")
    }
    write(sheetData, "target", Self.targetName(snapshot.target), &written.target)
    write(sheetData, "target_height", snapshot.targetHeight, &written.targetHeight)
    if detents != snapshot.detents {
      detents = snapshot.detents
      detentsData.removeAll()
      orderData.removeAll()
      for (index, detent) in snapshot.detents.enumerated() {
        detentsData.set(field: detent.id, detent.height)
        orderData.set(index + 1, detent.id)
      }
    }
  }

  /// Fills `sheet` and `gesture` for a drag or release callback.
  /// - Parameter input: The gesture as the core sees it.
  func update(gesture input: GestureInput) {
    update(sheet: input.sheet)
    write(gestureData, "start_y", input.startY, &written.startY)
    write(gestureData, "y", input.y, &written.y)
    write(gestureData, "translation", input.translation, &written.translation)
    write(gestureData, "velocity", input.velocity, &written.velocity)
    write(gestureData, "start_height", input.startHeight, &written.startHeight)
    write(gestureData, "start_detent", input.startDetent, &written.startDetent)
    write(gestureData, "start_x", input.startX, &written.startX)
    write(gestureData, "x", input.x, &written.x)
    write(gestureData, "translation_x", input.translationX, &written.translationX)
    write(gestureData, "velocity_x", input.velocityX, &written.velocityX)
    write(gestureData, "start_time", input.startTime, &written.startTime)
    write(gestureData, "time", input.time, &written.gestureTime)
    write(gestureData, "average_velocity", input.averageVelocity, &written.averageVelocity)
    write(gestureData, "average_velocity_x", input.averageVelocityX, &written.averageVelocityX)
  }

  /// `sheet.target`: a detent's id, `'dismiss'`, or nil without a target or for an explicit height (whose
  /// number is `target_height`).
  private static func targetName(_ target: ReleaseTarget?) -> String? {
    switch target {
    case .detent(let id)?: id
    case .dismiss?: "dismiss"
    case .height?, nil: nil
    }
  }

  /// Writes an optional number field (nil clears it) unless it already holds this value.
  private func write(_ table: LuaTable, _ key: StaticString, _ value: Double?, _ last: inout Double??) {
    if case .some(let previous) = last, previous?.bitPattern == value?.bitPattern { return }
    last = .some(value)
    if let value { table.set(key, value) } else { table.set(key, nil as String?) }
  }

  /// Fills the `scroll` view.
  /// - Parameter view: The scroll view as the core sees it.
  func update(scroll view: ScrollSnapshot) {
    write(scrollData, "offset", view.offset, &written.offset)
    write(scrollData, "content_height", view.contentHeight, &written.contentHeight)
    write(scrollData, "height", view.height, &written.scrollHeight)
    write(scrollData, "top", view.top, &written.top)
    write(scrollData, "max_offset", view.maxOffset, &written.maxOffset)
    write(scrollData, "velocity", view.velocity, &written.scrollVelocity)
    if written.atTop != view.atTop {
      written.atTop = view.atTop
      scrollData.set("at_top", view.atTop)
    }
  }

  /// Writes a number field unless it already holds these bits.
  private func write(_ table: LuaTable, _ key: StaticString, _ value: Double, _ last: inout Double) {
    guard last.bitPattern != value.bitPattern else { return }
    last = value
    table.set(key, value)
  }

  /// Writes a text field (nil clears it) unless it already holds this value.
  private func write(_ table: LuaTable, _ key: StaticString, _ value: String?, _ last: inout Text) {
    guard last != .value(value) else { return }
    last = .value(value)
    table.set(key, value)
  }

  /// Fills `sheet` and `tap` for `on_tap`.
  /// - Parameters:
  ///   - region: Where the tap landed.
  ///   - x: The tap's screen x.
  ///   - y: The tap's screen y.
  ///   - snapshot: The sheet.
  func update(tap region: TouchRegion, x: Double, y: Double, sheet snapshot: SheetSnapshot) {
    update(sheet: snapshot)
    tapData.set("region", region.name)
    tapData.set("x", x)
    tapData.set("y", y)
  }

  /// Fills `sheet` and `keyboard` for `on_keyboard`.
  /// - Parameters:
  ///   - keyboard: The keyboard as the core reports it.
  ///   - snapshot: The sheet, its detents placed for the reported keyboard.
  func update(keyboard: SheetKeyboard, sheet snapshot: SheetSnapshot) {
    update(sheet: snapshot)
    keyboardData.set("height", keyboard.height)
    keyboardData.set("target_height", keyboard.targetHeight)
    keyboardData.set("duration", keyboard.duration)
    keyboardData.set("visible", keyboard.isVisible)
  }
}
