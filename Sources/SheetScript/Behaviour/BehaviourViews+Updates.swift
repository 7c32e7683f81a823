import LuaHost
import SheetCore

/// The per-call writes: each callback's views brought up to date, writing only the fields that changed.
extension BehaviourViews {
  /// Fills `ctx` for a detent resolver.
  /// - Parameter context: The core's detent context.
  package func update(context new: DetentContext) {
    update(geometry: new.geometry, contentHeight: new.contentHeight)
  }

  /// Fills `sheet` from a snapshot; detents and order are rewritten only when they changed.
  /// - Parameter snapshot: The sheet as the core sees it.
  package func update(sheet snapshot: SheetSnapshot) {
    stage(sheet: snapshot)
    numbers.flush()
  }

  /// Writes `sheet`'s text fields, detents and geometry and stages its numbers (written at the next
  /// flush of ``numbers``: a call bound with it, `LuaBoundCall`, writes them in its crossing).
  /// - Parameter snapshot: The sheet as the core sees it.
  package func stage(sheet snapshot: SheetSnapshot) {
    update(geometry: snapshot.geometry, contentHeight: snapshot.contentHeight)
    numbers.stage(Number.height.rawValue, snapshot.height)
    if written.pointee.state != snapshot.state {
      written.pointee.state = snapshot.state
      sheetData.set("state", snapshot.state.rawValue)
    }
    write(sheetData, "detent", snapshot.detent, &written.pointee.detent)
    numbers.stage(Number.backdrop.rawValue, snapshot.backdrop)
    numbers.stage(Number.time.rawValue, snapshot.time)
    numbers.stage(Number.index.rawValue, snapshot.detentIndex)
    if let view = snapshot.scroll {
      stage(scroll: view)
      if written.pointee.hasScroll != true {
        written.pointee.hasScroll = true
        sheetData.set("scroll", scroll)
      }
    } else if written.pointee.hasScroll != false {
      written.pointee.hasScroll = false
      sheetData.setNil("scroll")
    }
    write(sheetData, "target", Self.targetName(snapshot.target), &written.pointee.target)
    write(sheetData, "target_height", snapshot.targetHeight, &written.pointee.targetHeight)
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

  /// Fills `sheet` and `gesture` for a drag or release callback: the numbers that changed go in one
  /// write (`LuaFieldBatch`).
  /// - Parameter input: The gesture as the core sees it.
  package func update(gesture input: GestureInput) {
    stage(gesture: input)
    numbers.flush()
  }

  /// Writes the text fields of `sheet` and `gesture` and stages their numbers (written at the next
  /// flush of ``numbers``).
  /// - Parameter input: The gesture as the core sees it.
  package func stage(gesture input: GestureInput) {
    stage(sheet: input.sheet)
    numbers.stage(Number.startY.rawValue, input.startY)
    numbers.stage(Number.y.rawValue, input.y)
    numbers.stage(Number.translation.rawValue, input.translation)
    numbers.stage(Number.velocity.rawValue, input.velocity)
    numbers.stage(Number.startHeight.rawValue, input.startHeight)
    write(gestureData, "start_detent", input.startDetent, &written.pointee.startDetent)
    numbers.stage(Number.startX.rawValue, input.startX)
    numbers.stage(Number.x.rawValue, input.x)
    numbers.stage(Number.translationX.rawValue, input.translationX)
    numbers.stage(Number.velocityX.rawValue, input.velocityX)
    numbers.stage(Number.startTime.rawValue, input.startTime)
    numbers.stage(Number.gestureTime.rawValue, input.time)
    numbers.stage(Number.averageVelocity.rawValue, input.averageVelocity)
    numbers.stage(Number.averageVelocityX.rawValue, input.averageVelocityX)
    numbers.stage(Number.delta.rawValue, input.delta)
  }

  /// `sheet.target`: a detent's id, `'dismiss'`, or nil without a target or for an explicit height (whose
  /// number is `target_height`).
  fileprivate static func targetName(_ target: ReleaseTarget?) -> String? {
    switch target {
    case .detent(let id)?: id
    case .dismiss?: "dismiss"
    case .height?, nil: nil
    }
  }

  /// Writes an optional number field (nil clears it) unless it already holds this value.
  fileprivate func write(_ table: LuaTable, _ key: StaticString, _ value: Double?, _ last: inout Double??) {
    if case .some(let previous) = last, previous?.bitPattern == value?.bitPattern { return }
    last = .some(value)
    if let value { table.set(key, value) } else { table.set(key, nil as String?) }
  }

  /// Writes the `scroll` view's `at_top` and stages its numbers (written at the next flush of
  /// ``numbers``).
  /// - Parameter view: The scroll view as the core sees it.
  package func stage(scroll view: ScrollSnapshot) {
    numbers.stage(Number.offset.rawValue, view.offset)
    numbers.stage(Number.contentHeight.rawValue, view.contentHeight)
    numbers.stage(Number.scrollHeight.rawValue, view.height)
    numbers.stage(Number.top.rawValue, view.top)
    numbers.stage(Number.maxOffset.rawValue, view.maxOffset)
    numbers.stage(Number.scrollVelocity.rawValue, view.velocity)
    if written.pointee.atTop != view.atTop {
      written.pointee.atTop = view.atTop
      scrollData.set("at_top", view.atTop)
    }
  }

  /// Writes a text field (nil clears it) unless it already holds this value.
  fileprivate func write(_ table: LuaTable, _ key: StaticString, _ value: String?, _ last: inout Text) {
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
  package func update(tap region: TouchRegion, x: Double, y: Double, sheet snapshot: SheetSnapshot) {
    update(sheet: snapshot)
    tapData.set("region", region.name)
    tapData.set("x", x)
    tapData.set("y", y)
  }

  /// Fills `sheet` and `keyboard` for `on_keyboard`.
  /// - Parameters:
  ///   - keyboard: The keyboard as the core reports it.
  ///   - snapshot: The sheet, its detents placed for the reported keyboard.
  package func update(keyboard: SheetKeyboard, sheet snapshot: SheetSnapshot) {
    update(sheet: snapshot)
    keyboardData.set("height", keyboard.height)
    keyboardData.set("target_height", keyboard.targetHeight)
    keyboardData.set("duration", keyboard.duration)
    keyboardData.set("visible", keyboard.isVisible)
  }
}
