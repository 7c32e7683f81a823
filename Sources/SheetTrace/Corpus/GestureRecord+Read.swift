import SheetCore

/// A record read from its corpus line: every field checked (its type, its range, `SheetLimits`'s
/// bounds), unknown fields ignored, a line of another ``GestureRecord/version`` refused.
extension GestureRecord {
  /// Reads a record from a line's JSON object.
  /// - Parameter json: The line's fields.
  /// - Throws: A problem naming the field and quoting its value.
  package init(json: [String: JSONValue]) throws(GestureLogError.Problem) {
    let line = FieldReader(json, path: "")
    let version = try line.number("version", GestureLog.versions)
    guard version == Double(Self.version) else {
      throw GestureLogError.Problem(
        "version",
        "version \(JSONWriter.shortest(version)) is not one this sheet reads (it reads version \(Self.version))"
      )
    }
    let screenFields = try line.object("screen")
    let edgeName = try screenFields.name("edge")
    guard let edge = SheetEdge(rawValue: edgeName) else {
      let edges = SheetEdge.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      throw GestureLogError.Problem("screen.edge", "expected one of \(edges), got '\(edgeName)'")
    }
    let extent = 1...SheetLimits.maximumScreenExtent
    let screen = SheetGeometry(
      width: try screenFields.number("width", extent), height: try screenFields.number("height", extent),
      safeArea: SafeArea(
        top: try screenFields.number("safe_top", 0...SheetLimits.maximumInset),
        bottom: try screenFields.number("safe_bottom", 0...SheetLimits.maximumInset)),
      edge: edge)
    let coordinates = -SheetLimits.maximumCoordinate...SheetLimits.maximumCoordinate
    let velocities = -SheetLimits.maximumVelocity...SheetLimits.maximumVelocity
    var scroll: Scroll?
    if let fields = try line.optionalObject("scroll") {
      let view = ScrollView(
        contentHeight: try fields.number("content_height", 0...SheetLimits.maximumCoordinate),
        top: try fields.number("top", 0...SheetLimits.maximumScreenExtent),
        height: try fields.optionalNumber("height", 0...SheetLimits.maximumScreenExtent))
      scroll = Scroll(view: view, offset: try fields.number("offset", coordinates))
    }
    let stampFields = try line.object("behaviour")
    let startFields = try line.object("start")
    let stateName = try startFields.name("state")
    guard let state = SheetState(rawValue: stateName) else {
      throw GestureLogError.Problem("start.state", "expected a sheet state, got '\(stateName)'")
    }
    self.init(
      origin: try line.name("origin"), screen: screen,
      contentHeight: try line.optionalNumber("content_height", 0...SheetLimits.maximumCoordinate),
      scroll: scroll, keyboard: try line.number("keyboard", 0...SheetLimits.maximumScreenExtent),
      fps: try line.number("fps", GestureLog.frameRates),
      behaviour: Stamp(name: try stampFields.name("name"), hash: try stampFields.name("hash")),
      thresholds: try line.thresholds(),
      start: Start(
        state: state, detent: try startFields.optionalName("detent"),
        height: try startFields.number("height", coordinates)),
      touches: try line.touches(), inputs: try line.inputs(),
      velocity: try line.optionalNumber("velocity", velocities),
      velocityX: try line.optionalNumber("velocity_x", velocities), outcome: try line.outcome(),
      intent: try line.optionalName("intent"))
  }
}

/// Reads a line's fields by name, naming the field (with its path) and quoting the value in every
/// refusal.
private struct FieldReader {
  var fields: [String: JSONValue]
  var path: String

  init(_ fields: [String: JSONValue], path: String) {
    self.fields = fields
    self.path = path
  }

  func named(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

  func problem(_ name: String, _ message: String) -> GestureLogError.Problem {
    GestureLogError.Problem(named(name), message)
  }

  func number(_ name: String, _ range: ClosedRange<Double>) throws(GestureLogError.Problem) -> Double {
    guard let value = try optionalNumber(name, range) else {
      throw problem(name, "expected a number in \(GestureLog.describe(range)), found none")
    }
    return value
  }

  func optionalNumber(_ name: String, _ range: ClosedRange<Double>) throws(GestureLogError.Problem) -> Double?
  {
    switch fields[name] {
    case nil, .null?: return nil
    case .number(let value)?:
      guard value.isFinite, range.contains(value) else {
        throw problem(
          name, "expected a number in \(GestureLog.describe(range)), got \(JSONWriter.shortest(value))")
      }
      return value
    case let other?:
      throw problem(
        name, "expected a number in \(GestureLog.describe(range)), got \(GestureLog.describe(other))")
    }
  }

  func name(_ name: String) throws(GestureLogError.Problem) -> String {
    guard let text = try optionalName(name) else { throw problem(name, "expected a string, found none") }
    return text
  }

  func optionalName(_ name: String) throws(GestureLogError.Problem) -> String? {
    switch fields[name] {
    case nil, .null?: return nil
    case .string(let text)?:
      guard !text.isEmpty, text.utf8.count <= GestureLog.nameLength else {
        throw problem(
          name, "expected a string of 1 to \(GestureLog.nameLength) bytes, got \(text.utf8.count) bytes")
      }
      guard GestureLog.isPrintable(text) else {
        throw problem(
          name, "expected a name without control characters, got '\(GestureLog.escapingControls(text))'")
      }
      return text
    case let other?: throw problem(name, "expected a string, got \(GestureLog.describe(other))")
    }
  }

  func object(_ name: String) throws(GestureLogError.Problem) -> FieldReader {
    guard let object = try optionalObject(name) else { throw problem(name, "expected an object, found none") }
    return object
  }

  func optionalObject(_ name: String) throws(GestureLogError.Problem) -> FieldReader? {
    switch fields[name] {
    case nil, .null?: return nil
    case .object(let inner)?: return FieldReader(inner, path: named(name))
    case let other?: throw problem(name, "expected an object, got \(GestureLog.describe(other))")
    }
  }

  func array(_ name: String, most: Int) throws(GestureLogError.Problem) -> [JSONValue] {
    switch fields[name] {
    case nil, .null?: return []
    case .array(let elements)?:
      guard elements.count <= most else {
        throw problem(name, "expected at most \(most) entries, got \(elements.count)")
      }
      return elements
    case let other?: throw problem(name, "expected an array, got \(GestureLog.describe(other))")
    }
  }

  func thresholds() throws(GestureLogError.Problem) -> [String: Double] {
    let table = try optionalObject("thresholds")?.fields ?? [:]
    guard table.count <= GestureLog.maximumThresholds else {
      throw problem(
        "thresholds", "expected at most \(GestureLog.maximumThresholds) thresholds, got \(table.count)")
    }
    let reader = FieldReader(table, path: named("thresholds"))
    var result: [String: Double] = [:]
    for name in table.keys.sorted() {  // the first bad one named is the same in every process
      guard !name.isEmpty, name.utf8.count <= GestureLog.nameLength, GestureLog.isPrintable(name) else {
        throw problem(
          "thresholds",
          "expected names of 1 to \(GestureLog.nameLength) bytes without control characters, got '"
            + GestureLog.escapingControls(String(name.prefix(40))) + "'")
      }
      result[name] = try reader.number(name, -SheetLimits.maximumCoordinate...SheetLimits.maximumCoordinate)
    }
    return result
  }

  func touches() throws(GestureLogError.Problem) -> [GestureRecord.Touch] {
    let elements = try array("touches", most: GestureLog.maximumTouches)
    guard elements.count >= 2 else {
      throw problem(
        "touches", "expected the touch-down and the lift (2 or more samples), got \(elements.count)")
    }
    var touches: [GestureRecord.Touch] = []
    touches.reserveCapacity(elements.count)
    let coordinates = -SheetLimits.maximumCoordinate...SheetLimits.maximumCoordinate
    for (index, element) in elements.enumerated() {
      let field = named("touches") + "[\(index)]"
      guard case .array(let parts) = element, parts.count == 3, case .number(let t) = parts[0],
        case .number(let x) = parts[1], case .number(let y) = parts[2]
      else { throw GestureLogError.Problem(field, "expected [t, x, y], got \(GestureLog.describe(element))") }
      let earliest = index == 0 ? 0 : touches[index - 1].t
      let times = index == 0 ? 0...0 : earliest...GestureLog.maximumDuration
      guard times.contains(t), coordinates.contains(x), coordinates.contains(y) else {
        throw GestureLogError.Problem(
          field,
          "expected t in \(GestureLog.describe(times)) (the first at 0, none before the one before) and x, y in "
            + "\(GestureLog.describe(coordinates)), got \(GestureLog.describe(element))")
      }
      touches.append(GestureRecord.Touch(t: t, x: x, y: y))
    }
    return touches
  }

  func inputs() throws(GestureLogError.Problem) -> [GestureRecord.Input] {
    var inputs: [GestureRecord.Input] = []
    for (index, element) in try array("inputs", most: GestureLog.maximumInputs).enumerated() {
      let field = named("inputs") + "[\(index)]"
      guard case .object(let inner) = element else {
        throw GestureLogError.Problem(field, "expected an object, got \(GestureLog.describe(element))")
      }
      let input = FieldReader(inner, path: field)
      let t = try input.number("t", (inputs.last?.t ?? 0)...GestureLog.maximumDuration)
      if let offset = try input.optionalNumber(
        "scroll", -SheetLimits.maximumCoordinate...SheetLimits.maximumCoordinate)
      {
        inputs.append(.scroll(t: t, offset: offset))
      } else if let height = try input.optionalNumber("keyboard", 0...SheetLimits.maximumScreenExtent) {
        let duration = try input.number("duration", 0...SheetLimits.maximumKeyboardDuration)
        inputs.append(.keyboard(t: t, height: height, duration: duration))
      } else {
        throw GestureLogError.Problem(field, "expected a 'scroll' or a 'keyboard' field")
      }
    }
    return inputs
  }

  func outcome() throws(GestureLogError.Problem) -> GestureRecord.Outcome? {
    guard let fields = try optionalObject("outcome") else { return nil }
    return GestureRecord.Outcome(
      end: try fields.name("end"),
      settle: try fields.optionalNumber("settle", 0...GestureLog.maximumDuration),
      overshoot: try fields.optionalNumber("overshoot", 0...SheetLimits.maximumCoordinate))
  }
}
