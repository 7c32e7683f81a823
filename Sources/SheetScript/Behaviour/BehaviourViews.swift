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

  private let sheetData, contextData, gestureData, tapData: LuaTable
  private let screenData, safeData, detentsData, orderData, thresholdsData: LuaTable
  private var geometry: SheetGeometry?
  private var detents: [ResolvedDetent]?
  private var contentHeight: Double?
  /// The values last written, so that a frame writes only what changed.
  private var written = Written()

  /// The scalar fields as last written into the backing tables.
  private struct Written {
    var height = Double.nan, backdrop = Double.nan, time = Double.nan
    var state: SheetState?, detent: String?, detentWritten = false
    var startY = Double.nan, y = Double.nan, velocity = Double.nan, startHeight = Double.nan
    var startDetent: String?, startDetentWritten = false
  }

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
    screenData = try state.newTable()
    safeData = try state.newTable()
    detentsData = try state.newTable()
    orderData = try state.newTable()
    thresholdsData = try state.newTable()
    for (name, value) in thresholds { thresholdsData.set(field: name, value) }
    let screen = try screenData.readOnlyView()
    let safe = try safeData.readOnlyView()
    let thresholdsView = try thresholdsData.readOnlyView()
    for data in [sheetData, contextData] {
      data.set("screen", screen)
      data.set("safe", safe)
      data.set("thresholds", thresholdsView)
    }
    sheetData.set("detents", try detentsData.readOnlyView())
    sheetData.set("order", try orderData.readOnlyView())
    sheet = try sheetData.readOnlyView()
    context = try contextData.readOnlyView()
    gesture = try gestureData.readOnlyView()
    tap = try tapData.readOnlyView()
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
    if !written.height.bitwiseEqual(snapshot.height) {
      written.height = snapshot.height
      sheetData.set("height", snapshot.height)
    }
    if written.state != snapshot.state {
      written.state = snapshot.state
      sheetData.set("state", snapshot.state.rawValue)
    }
    if !written.detentWritten || written.detent != snapshot.detent {
      written.detent = snapshot.detent
      written.detentWritten = true
      sheetData.set("detent", snapshot.detent)
    }
    if !written.backdrop.bitwiseEqual(snapshot.backdrop) {
      written.backdrop = snapshot.backdrop
      sheetData.set("backdrop", snapshot.backdrop)
    }
    if !written.time.bitwiseEqual(snapshot.time) {
      written.time = snapshot.time
      sheetData.set("time", snapshot.time)
    }
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
    if !written.startY.bitwiseEqual(input.startY) {
      written.startY = input.startY
      gestureData.set("start_y", input.startY)
    }
    if !written.y.bitwiseEqual(input.y) || !written.startY.bitwiseEqual(input.startY) {
      written.y = input.y
      gestureData.set("y", input.y)
      gestureData.set("translation", input.translation)
    }
    if !written.velocity.bitwiseEqual(input.velocity) {
      written.velocity = input.velocity
      gestureData.set("velocity", input.velocity)
    }
    if !written.startHeight.bitwiseEqual(input.startHeight) {
      written.startHeight = input.startHeight
      gestureData.set("start_height", input.startHeight)
    }
    if !written.startDetentWritten || written.startDetent != input.startDetent {
      written.startDetent = input.startDetent
      written.startDetentWritten = true
      gestureData.set("start_detent", input.startDetent)
    }
  }

  /// Fills `sheet` and `tap` for `on_tap`.
  /// - Parameters:
  ///   - region: Where the tap landed.
  ///   - y: The tap's screen y.
  ///   - snapshot: The sheet.
  func update(tap region: TouchRegion, y: Double, sheet snapshot: SheetSnapshot) {
    update(sheet: snapshot)
    tapData.set("region", region.luaName)
    tapData.set("y", y)
  }
}

extension Double {
  /// Whether two numbers have the same bits (so NaN equals NaN and -0 differs from 0): a written
  /// value is rewritten only when its bits change.
  fileprivate func bitwiseEqual(_ other: Double) -> Bool { bitPattern == other.bitPattern }
}

extension TouchRegion {
  /// The region's name in Lua: `backdrop`, `sheet` or `gesture_area`.
  var luaName: String {
    switch self {
    case .backdrop: "backdrop"
    case .sheet: "sheet"
    case .gestureArea: "gesture_area"
    }
  }
}
