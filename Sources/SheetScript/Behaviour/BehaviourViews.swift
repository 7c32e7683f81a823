import LuaHost
import SheetCore

/// The read-only tables a behaviour's callbacks receive, made once and updated in place every frame so
/// that the per-frame path creates no Lua tables.
///
/// Each view is a proxy over a backing table the host writes: a script reads the current values and gets
/// an error naming the field when it tries to write one.
package final class BehaviourViews {
  /// The `sheet` argument: geometry, state, height, detents, thresholds.
  package let sheet: LuaTable
  /// The `ctx` argument of detent resolvers: geometry, content height, thresholds.
  package let context: LuaTable
  /// The `gesture` argument of `on_drag` and `on_release`.
  package let gesture: LuaTable
  /// The `tap` argument of `on_tap`.
  package let tap: LuaTable
  /// The `scroll` argument of `on_scroll`, also `sheet.scroll` while a scroll view exists.
  package let scroll: LuaTable
  /// The `keyboard` argument of `on_keyboard`.
  package let keyboard: LuaTable

  let sheetData, contextData, gestureData, tapData, scrollData, keyboardData: LuaTable
  let screenData, safeData, detentsData, orderData: LuaTable
  /// `sheet.thresholds`' (and `ctx.thresholds`') backing table: its fields are the names it holds, which
  /// ``setThresholds(_:names:)`` writes (the view is made with the others, so a load makes no table for it).
  let thresholdsData: LuaTable
  /// The threshold names ``thresholdsData`` holds, sorted.
  private var thresholdNames: [String] = []
  var geometry: SheetGeometry?
  var detents: [ResolvedDetent]?
  var contentHeight: Double?
  /// The text fields as last written, so that a frame writes only what changed. In memory of its own,
  /// not a stored property: a field passed `inout` from a class property is an access the runtime
  /// checks for exclusivity on every frame, one through a pointer is not.
  let written: UnsafeMutablePointer<Written>
  /// The number fields a frame updates, staged and written together (only those that changed).
  package let numbers: LuaFieldBatch

  /// The text fields as last written into the backing tables (`.unset`: never written).
  struct Written {
    /// `state` as last written (nil: never): compared as the enum, so a frame makes no string for it.
    var state: SheetState?
    var detent: Text = .unset, target: Text = .unset, startDetent: Text = .unset
    /// `target_height`'s last value: `.none` until written, then the number or nil.
    var targetHeight: Double?? = .none
    /// Whether `sheet.scroll` was last set (nil: never written).
    var hasScroll: Bool?
    /// `scroll.at_top` as last written (nil: never).
    var atTop: Bool?
  }

  /// The slots of ``numbers``: a field of `sheet`, `gesture` or `scroll` each.
  enum Number: Int, CaseIterable {
    case height, backdrop, time, index
    case startY, y, translation, velocity, startHeight, startX, x, translationX, velocityX, startTime
    case gestureTime, averageVelocity, averageVelocityX, delta
    case offset, contentHeight, scrollHeight, top, maxOffset, scrollVelocity

    /// The view a field belongs to.
    enum View { case sheet, gesture, scroll }

    /// The field's key in its view.
    var key: String {
      switch self {
      case .height, .scrollHeight: "height"
      case .backdrop: "backdrop"
      case .time, .gestureTime: "time"
      case .index: "index"
      case .startY: "start_y"
      case .y: "y"
      case .translation: "translation"
      case .velocity, .scrollVelocity: "velocity"
      case .startHeight: "start_height"
      case .startX: "start_x"
      case .x: "x"
      case .translationX: "translation_x"
      case .velocityX: "velocity_x"
      case .startTime: "start_time"
      case .averageVelocity: "average_velocity"
      case .averageVelocityX: "average_velocity_x"
      case .delta: "delta"
      case .offset: "offset"
      case .contentHeight: "content_height"
      case .top: "top"
      case .maxOffset: "max_offset"
      }
    }

    /// The view whose backing table holds the field.
    var view: View {
      switch rawValue {
      case ...Number.index.rawValue: .sheet
      case ...Number.delta.rawValue: .gesture
      default: .scroll
      }
    }
  }

  /// A text field's last written value: never written, or a string or nil.
  enum Text: Equatable {
    case unset
    case value(String?)
  }

  /// The fields of the `sheet` view (nil-able ones included: `detent`, `content`).
  package static let sheetFields = [
    "height", "state", "detent", "backdrop", "time", "edge", "available", "content", "screen", "safe",
    "detents", "order", "thresholds", "target", "target_height", "scroll", "index",
  ]
  /// The fields of the `ctx` view of detent resolvers.
  package static let contextFields = ["screen", "safe", "available", "content", "edge", "thresholds"]
  /// The fields of the `gesture` view (`start_detent` may be nil).
  package static let gestureFields = [
    "start_y", "y", "translation", "velocity", "start_height", "start_detent", "start_x", "x",
    "translation_x", "velocity_x", "start_time", "time", "average_velocity", "average_velocity_x", "delta",
  ]
  /// The fields of the `tap` view.
  package static let tapFields = ["region", "x", "y"]
  /// The fields of the `scroll` view.
  package static let scrollFields = [
    "offset", "content_height", "height", "top", "max_offset", "velocity", "at_top",
  ]
  /// The keys of the view behind the sheet: `behind`'s table, and a scenario's `sheet.behind`.
  package static let behindFields = ["scale", "corner_radius", "offset", "dim"]
  /// The fields of the `keyboard` view of `on_keyboard`.
  package static let keyboardFields = ["height", "target_height", "duration", "visible"]

  /// Makes the views in `state`, `sheet.thresholds` and `ctx.thresholds` empty until
  /// ``setThresholds(_:names:)`` (views made before the behaviour's chunk runs, as a warm state's set-up
  /// makes them, do not know the thresholds yet).
  /// - Parameter state: The behaviour's Lua state.
  /// - Throws: `LuaError` when the state cannot make the tables.
  package init(state: LuaState) throws(LuaError) {
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
    let screen = try screenData.readOnlyView(fields: ["width", "height"], name: "sheet.screen")
    let safe = try safeData.readOnlyView(fields: ["top", "bottom"], name: "sheet.safe")
    for data in [sheetData, contextData] {
      data.set("screen", screen)
      data.set("safe", safe)
    }
    thresholdsData = try state.newTable()
    let thresholds = try thresholdsData.readOnlyViewOfItsKeys(name: "sheet.thresholds")
    for data in [sheetData, contextData] { data.set("thresholds", thresholds) }
    sheetData.set("detents", try detentsData.readOnlyView())
    sheetData.set("order", try orderData.readOnlyView())
    sheet = try sheetData.readOnlyView(fields: Self.sheetFields, name: "sheet")
    context = try contextData.readOnlyView(fields: Self.contextFields, name: "ctx")
    gesture = try gestureData.readOnlyView(fields: Self.gestureFields, name: "gesture")
    tap = try tapData.readOnlyView(fields: Self.tapFields, name: "tap")
    scroll = try scrollData.readOnlyView(fields: Self.scrollFields, name: "scroll")
    keyboard = try keyboardData.readOnlyView(fields: Self.keyboardFields, name: "keyboard")
    let (sheetData, gestureData, scrollData) = (sheetData, gestureData, scrollData)
    numbers = try LuaFieldBatch(
      fields: Number.allCases.map { number in
        switch number.view {
        case .sheet: (sheetData, number.key)
        case .gesture: (gestureData, number.key)
        case .scroll: (scrollData, number.key)
        }
      })
    written = .allocate(capacity: 1)
    written.initialize(to: Written())
  }

  /// Fills `sheet.thresholds` and `ctx.thresholds`, the read-only view of the thresholds in effect whose
  /// fields are their names, in name order (a name no longer among them is removed). Called before the
  /// views are handed to a callback.
  /// - Parameters:
  ///   - thresholds: The thresholds in effect (overrides applied).
  ///   - names: Their names, sorted.
  /// - Throws: `LuaError` when the state cannot grow the table.
  package func setThresholds(_ thresholds: [String: Double], names: [String]) throws(LuaError) {
    for name in thresholdNames where thresholds[name] == nil { try thresholdsData.set(field: name, .nil) }
    thresholdNames = names
    thresholdsData.set(fields: thresholdNames) { thresholds[$0] ?? 0 }
  }

  /// Forgets what the views last wrote, as when they were made: a warm state restored to its checkpoint
  /// (taken right after the views were made) holds the tables as they were then. (The restore resets
  /// the number batch itself, as it does every batch of the state.)
  package func reset() {
    written.pointee = Written()
    thresholdNames = []
    geometry = nil
    detents = nil
    contentHeight = nil
  }

  deinit {
    written.deinitialize(count: 1)
    written.deallocate()
  }

  /// Writes the geometry fields when the geometry changed, the screen seen along the sheet's axis: a
  /// side sheet's `screen.height` is the screen's width, and its `safe` insets are 0.
  func update(geometry new: SheetGeometry, contentHeight content: Double?) {
    if geometry != new {
      geometry = new
      screenData.set("width", new.crossExtent)
      screenData.set("height", new.extent)
      safeData.set("top", new.axisSafeArea.top)
      safeData.set("bottom", new.axisSafeArea.bottom)
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

}
