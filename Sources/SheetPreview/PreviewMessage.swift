import Foundation
import SheetCore
import SheetScript
import SheetTrace

/// One message from the page, parsed and checked: every number finite and in its range, every name
/// short and plain. A message that is not one of these is refused with a ``PreviewMessageError`` the
/// page shows; nothing it carries reaches the sheet.
///
/// Times (`t`) are the page's own timestamps in milliseconds (`PointerEvent.timeStamp`, the
/// `requestAnimationFrame` time), one clock for both; points (`x`, `y`) are the phone screen's, y down.
enum PreviewMessage: Equatable {
  /// A finger went down, moved or lifted (the message types `touch_down`, `touch_move`, `touch_up`).
  enum Phase: String, Equatable {
    case down = "touch_down"
    case move = "touch_move"
    case up = "touch_up"
  }

  /// The page's first message: the reply is the layout and a frame.
  case hello(t: Double)
  /// A display frame at `t`: the sheet is stepped to it and the frame comes back.
  case frame(t: Double)
  /// A touch sample of a finger (the page numbers its pointers 1, 2, ...), with the pointer's own
  /// timestamp.
  case touch(Phase, finger: Int, x: Double, y: Double, t: Double)
  /// A finger's pointer was cancelled (the browser took it for scrolling, the window lost it).
  case cancel(finger: Int, t: Double)
  /// A click that did not move: a tap at a point.
  case tap(x: Double, y: Double, t: Double)
  /// The present button.
  case present(t: Double)
  /// The dismiss button.
  case dismiss(t: Double)
  /// The back button or the Escape key.
  case back(t: Double)
  /// An accessibility action's button.
  case accessibilityAction(AccessibilityAction.Name, t: Double)
  /// The reduce-motion switch.
  case reduceMotion(on: Bool, t: Double)
  /// The snap button, with the detent chosen.
  case snap(detent: String, t: Double)
  /// A threshold slider or number field.
  case set(name: String, value: Double, t: Double)
  /// The thresholds' reset button: back to the behaviour's (and the command line's) values.
  case resetThresholds(t: Double)
  /// The rotate button: the screen's width and height swap.
  case rotate(t: Double)
  /// The frame-rate choice.
  case fps(Double)
  /// The content-height handle.
  case content(height: Double, t: Double)
  /// Starts (the sheet starts over, presented anew) or stops recording.
  case record(on: Bool, t: Double)
  /// Saves the recording as a scenario file.
  case save
  /// Runs a scenario for the replay view: the command line's (`scenario`) or the last saved recording.
  case replay(source: String)
  /// Runs the replay's scenario under the running behaviour and another, side by side.
  case compare(behaviour: String)
  /// The keyboard control: the keyboard's height above the screen's bottom edge (0 hides it) and its
  /// animation's duration, as `keyboardWillChangeFrameNotification` reports them.
  case keyboard(height: Double, duration: Double, t: Double)
  /// The list control: the scroll view inside the content (nil: none).
  case scrollView(ScrollView?, t: Double)
  /// Sets the scroll view's content offset.
  case scrollTo(offset: Double, t: Double)
  /// The device choice: one of ``PreviewDevice/catalogue``'s ids, or the screen the preview started with.
  case device(String, t: Double)
  /// Writes the thresholds in effect into the behaviour file.
  case write

  /// The names `type` may take.
  static let types = [
    "hello", "frame", "touch_down", "touch_move", "touch_up", "touch_cancel", "tap", "present", "dismiss",
    "back", "accessibility_action", "reduce_motion", "snap", "set",
    "reset_thresholds", "rotate", "fps", "content", "record", "save", "replay", "compare", "keyboard",
    "scroll_view", "scroll_to", "device", "write",
  ]
  /// Screen points a touch may lie at: the host's bounds (`SheetLimits`).
  static let coordinates: ClosedRange<Double> = -SheetLimits.maximumCoordinate...SheetLimits.maximumCoordinate
  /// The page's timestamps, milliseconds (about 115 days of a page open).
  static let times: ClosedRange<Double> = 0...1e10
  /// Frame rates the page may choose.
  static let frameRates: ClosedRange<Double> = 1...240
  /// A content height, points.
  static let contentHeights: ClosedRange<Double> = 0...100_000
  /// A keyboard's height, points (the host refuses one above the screen's height).
  static let keyboardHeights: ClosedRange<Double> = 0...SheetLimits.maximumScreenExtent
  /// A keyboard animation's duration, seconds.
  static let keyboardDurations: ClosedRange<Double> = 0...SheetLimits.maximumKeyboardDuration
  /// A scroll view's content height, points (the core's bound).
  static let scrollContentHeights: ClosedRange<Double> = 0...SheetLimits.maximumCoordinate
  /// How far a scroll view's frame starts inside the sheet, points (the core's bound).
  static let scrollTops: ClosedRange<Double> = 0...SheetLimits.maximumScreenExtent
  /// The longest name (a threshold's, a detent's, a behaviour's).
  static let nameLength = 64
  /// The deepest nesting of arrays and objects a message may have (every message is one flat
  /// object, depth 1); a deeper one is refused before it is decoded, which recurses per level.
  static let nesting = 4

  /// Parses one text message.
  /// - Parameters:
  ///   - bytes: The message's bytes.
  ///   - limit: The largest message accepted, bytes.
  /// - Returns: The message.
  /// - Throws: ``PreviewMessageError`` naming what is wrong.
  static func parse(_ bytes: UnsafeRawBufferPointer, limit: Int) throws(PreviewMessageError) -> PreviewMessage
  {
    guard bytes.count <= limit else {
      throw PreviewMessageError("message of \(bytes.count) bytes; at most \(limit)")
    }
    let value: JSONValue
    do throws(JSONValue.Failure) {
      value = try JSONValue.read(bytes, nesting: nesting)
    } catch {
      switch error {
      case .tooDeep(let depth):
        throw PreviewMessageError(
          "JSON nested deeper than \(nesting) (\(depth) levels): \(Self.excerpt(bytes))")
      case .notJSON(let offset):
        throw PreviewMessageError("not JSON at byte \(offset): \(Self.excerpt(bytes))")
      }
    }
    guard case .object(let fields) = value else {
      throw PreviewMessageError("expected a JSON object, got \(Self.excerpt(bytes))")
    }
    return try parse(fields)
  }

  /// Parses a message's fields.
  static func parse(_ fields: [String: JSONValue]) throws(PreviewMessageError) -> PreviewMessage {
    guard case .string(let type)? = fields["type"] else {
      throw PreviewMessageError("field 'type' must be one of \(types.joined(separator: ", "))")
    }
    let reader = Reader(type: type, fields: fields)
    switch type {
    case "hello": return .hello(t: try reader.number("t", times))
    case "frame": return .frame(t: try reader.number("t", times))
    case "touch_down", "touch_move", "touch_up":
      return .touch(
        Phase(rawValue: type) ?? .move, finger: try reader.finger(), x: try reader.number("x", coordinates),
        y: try reader.number("y", coordinates), t: try reader.number("t", times))
    case "touch_cancel": return .cancel(finger: try reader.finger(), t: try reader.number("t", times))
    case "tap":
      return .tap(
        x: try reader.number("x", coordinates), y: try reader.number("y", coordinates),
        t: try reader.number("t", times))
    case "present": return .present(t: try reader.number("t", times))
    case "dismiss": return .dismiss(t: try reader.number("t", times))
    case "back": return .back(t: try reader.number("t", times))
    case "accessibility_action":
      let name = try reader.name("name")
      guard let action = AccessibilityAction.Name(rawValue: name) else {
        let names = AccessibilityAction.Name.allCases.map(\.rawValue).joined(separator: ", ")
        throw PreviewMessageError("accessibility_action: field 'name' must be one of \(names), got '\(name)'")
      }
      return .accessibilityAction(action, t: try reader.number("t", times))
    case "reduce_motion":
      guard case .bool(let on)? = fields["on"] else {
        throw PreviewMessageError("reduce_motion: field 'on' must be true or false")
      }
      return .reduceMotion(on: on, t: try reader.number("t", times))
    case "snap": return .snap(detent: try reader.name("detent"), t: try reader.number("t", times))
    case "set":
      return .set(
        name: try reader.name("name"), value: try reader.number("value", -1e12...1e12),
        t: try reader.number("t", times))
    case "reset_thresholds": return .resetThresholds(t: try reader.number("t", times))
    case "rotate": return .rotate(t: try reader.number("t", times))
    case "fps":
      let fps = try reader.number("fps", frameRates)
      guard fps == fps.rounded() else {
        throw PreviewMessageError("fps: field 'fps' must be whole, got \(fps)")
      }
      return .fps(fps)
    case "content":
      return .content(height: try reader.number("height", contentHeights), t: try reader.number("t", times))
    case "record":
      guard case .bool(let on)? = fields["on"] else {
        throw PreviewMessageError("record: field 'on' must be true or false")
      }
      return .record(on: on, t: try reader.number("t", times))
    case "save": return .save
    case "replay":
      let source = try reader.name("source")
      guard ["scenario", "recording"].contains(source) else {
        throw PreviewMessageError("replay: field 'source' must be 'scenario' or 'recording', got '\(source)'")
      }
      return .replay(source: source)
    case "compare": return .compare(behaviour: try reader.name("behaviour"))
    case "keyboard":
      return .keyboard(
        height: try reader.number("height", keyboardHeights),
        duration: try reader.number("duration", keyboardDurations),
        t: try reader.number("t", times))
    case "scroll_view":
      guard case .bool(let on)? = fields["on"] else {
        throw PreviewMessageError("scroll_view: field 'on' must be true or false")
      }
      let view =
        on
        ? ScrollView(
          contentHeight: try reader.number("content_height", scrollContentHeights),
          top: try reader.number("top", scrollTops))
        : nil
      return .scrollView(view, t: try reader.number("t", times))
    case "scroll_to":
      return .scrollTo(offset: try reader.number("offset", coordinates), t: try reader.number("t", times))
    case "device":
      let name = try reader.name("name")
      let names = PreviewDevice.catalogue.map(\.id) + [PreviewDevice.customID]
      guard names.contains(name) else {
        throw PreviewMessageError(
          "device: field 'name' must be one of \(names.joined(separator: ", ")), got '\(name)'")
      }
      return .device(name, t: try reader.number("t", times))
    case "write": return .write
    default:
      let shown = String(type.prefix(nameLength))
      throw PreviewMessageError("unknown type '\(shown)' (one of \(types.joined(separator: ", ")))")
    }
  }

  /// The message's `type`, as the page sent it.
  var type: String {
    switch self {
    case .hello: "hello"
    case .frame: "frame"
    case .touch(let phase, _, _, _, _): phase.rawValue
    case .cancel: "touch_cancel"
    case .tap: "tap"
    case .present: "present"
    case .dismiss: "dismiss"
    case .back: "back"
    case .accessibilityAction: "accessibility_action"
    case .reduceMotion: "reduce_motion"
    case .snap: "snap"
    case .set: "set"
    case .resetThresholds: "reset_thresholds"
    case .rotate: "rotate"
    case .fps: "fps"
    case .content: "content"
    case .record: "record"
    case .save: "save"
    case .replay: "replay"
    case .compare: "compare"
    case .keyboard: "keyboard"
    case .scrollView: "scroll_view"
    case .scrollTo: "scroll_to"
    case .device: "device"
    case .write: "write"
    }
  }

  /// The start of a refused message, printable.
  static func excerpt(_ bytes: UnsafeRawBufferPointer) -> String {
    let text = String(decoding: bytes.prefix(60), as: UTF8.self)
    let printable = String(text.unicodeScalars.map { $0.value < 0x20 ? "?" : Character($0) })
    return "'" + printable + (bytes.count > 60 ? "...'" : "'")
  }

  /// Reads a message's fields, naming the message and field in every refusal.
  struct Reader {
    var type: String
    var fields: [String: JSONValue]

    /// A number field in a range.
    func number(_ name: String, _ range: ClosedRange<Double>) throws(PreviewMessageError) -> Double {
      guard case .number(let value)? = fields[name] else {
        throw PreviewMessageError("\(type): field '\(name)' must be a number in \(Self.describe(range))")
      }
      guard value.isFinite, range.contains(value) else {
        throw PreviewMessageError(
          "\(type): field '\(name)' must be a number in \(Self.describe(range)), got \(value)")
      }
      return value
    }

    /// The optional `finger` field: a whole number in `SheetLimits.fingers`, 1 when absent.
    func finger() throws(PreviewMessageError) -> Int {
      guard fields["finger"] != nil else { return 1 }
      let range = SheetLimits.fingers
      let value = try number("finger", Double(range.lowerBound)...Double(range.upperBound))
      guard value == value.rounded() else {
        throw PreviewMessageError("\(type): field 'finger' must be a whole number, got \(value)")
      }
      return Int(value)
    }

    /// A short plain name: letters, digits, `_`, `-` and `.`.
    func name(_ field: String) throws(PreviewMessageError) -> String {
      guard case .string(let text)? = fields[field], !text.isEmpty, text.count <= PreviewMessage.nameLength,
        text.unicodeScalars.allSatisfy({ Self.nameCharacters.contains($0) })
      else {
        throw PreviewMessageError(
          "\(type): field '\(field)' must be a name of 1 to \(PreviewMessage.nameLength) letters, digits, '_', '-' or '.'"
        )
      }
      return text
    }

    static let nameCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_-."))

    static func describe(_ range: ClosedRange<Double>) -> String {
      "\(JSONWriter.shortest(range.lowerBound))...\(JSONWriter.shortest(range.upperBound))"
    }
  }
}
