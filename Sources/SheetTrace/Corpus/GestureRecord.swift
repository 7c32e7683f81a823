import SheetCore

/// One gesture of a corpus: what the sheet was when a finger went down on it, the finger's touch
/// stream, what else happened during it, and where the sheet went. A corpus is a file of these, one a
/// line in JSON Lines (``jsonLine()``, read back by ``GestureLogReader``); its format and version rules
/// are the article <doc:GestureCorpora>.
///
/// Times are seconds on the sheet's clock from the touch-down (the first touch is at 0), as the host
/// recorded them, off any frame grid. Points are the screen's, y down.
public struct GestureRecord: Sendable, Equatable {
  /// The format's version, written in every line; a line of another version is refused.
  public static let version = 1

  /// Where the gesture came from: `host` (a `ScriptedSheet`), `preview`, `scenario` or `synthetic`
  /// (``GestureLog`` says which are real users' gestures: none but `host` and `preview`).
  public var origin: String
  /// The screen and its safe areas.
  public var screen: SheetGeometry
  /// The content's intrinsic height, if any.
  public var contentHeight: Double?
  /// The scroll view inside the content and its offset at the touch-down, if any.
  public var scroll: Scroll?
  /// The keyboard's height at the touch-down, points (0: hidden).
  public var keyboard: Double
  /// The frame rate the host drew at, frames per second (the replay's frame loop uses it).
  public var fps: Double
  /// The behaviour's name and a hash of its source (``sourceHash(_:)``).
  public var behaviour: Stamp
  /// The thresholds in effect, by name.
  public var thresholds: [String: Double]
  /// The sheet when the finger went down.
  public var start: Start
  /// The touch stream: the touch-down first, the lift last.
  public var touches: [Touch]
  /// Scroll and keyboard inputs made during the gesture, in time order.
  public var inputs: [Input]
  /// The release velocity the host gave with the lift (screen y, pt/s), overriding the estimator's;
  /// nil: the estimator's, from the touches (a person's gesture).
  public var velocity: Double?
  /// The horizontal release velocity the host gave with the lift (pt/s); nil: the estimator's.
  public var velocityX: Double?
  /// Where the sheet went, when the release was recorded.
  public var outcome: Outcome?
  /// The detent (or `dismiss`) the user meant, when known.
  public var intent: String?

  /// A behaviour's name and source hash.
  public struct Stamp: Sendable, Equatable {
    /// The behaviour's name (`bottom-sheet-vc.lua`, a file's path).
    public var name: String
    /// ``GestureRecord/sourceHash(_:)`` of its source text, 16 hex digits.
    public var hash: String
    /// A stamp.
    public init(name: String, hash: String) {
      self.name = name
      self.hash = hash
    }
  }

  /// A scroll view and its content offset.
  public struct Scroll: Sendable, Equatable {
    /// The scroll view.
    public var view: ScrollView
    /// Its content offset, points.
    public var offset: Double
    /// A scroll state.
    public init(view: ScrollView, offset: Double) {
      self.view = view
      self.offset = offset
    }
  }

  /// The sheet when the finger went down.
  public struct Start: Sendable, Equatable {
    /// Its state.
    public var state: SheetState
    /// The detent it rested at or was going to, if any.
    public var detent: String?
    /// Its height, points.
    public var height: Double
    /// A start.
    public init(state: SheetState, detent: String?, height: Double) {
      self.state = state
      self.detent = detent
      self.height = height
    }

    /// The sheet as a touch-down finds it: its state, the detent it rests at or is going to, its height.
    /// - Parameter machine: The machine before the touch.
    public init(of machine: SheetMachine) {
      var detent = machine.detent
      if case .detent(let id)? = machine.target { detent = id }
      self.init(state: machine.state, detent: detent, height: machine.height)
    }
  }

  /// A touch sample: seconds from the touch-down and the screen point.
  public struct Touch: Sendable, Equatable {
    /// Seconds from the touch-down.
    public var t: Double
    /// Screen x, points.
    public var x: Double
    /// Screen y, points.
    public var y: Double
    /// A sample.
    public init(t: Double, x: Double, y: Double) {
      self.t = t
      self.x = x
      self.y = y
    }
  }

  /// A scroll or keyboard input made during the gesture.
  public enum Input: Sendable, Equatable {
    /// The scroll view's content offset was set (seconds from the touch-down, points).
    case scroll(t: Double, offset: Double)
    /// The keyboard will show, change or hide (seconds from the touch-down, height, duration).
    case keyboard(t: Double, height: Double, duration: Double)

    /// Seconds from the touch-down.
    public var t: Double {
      switch self {
      case .scroll(let t, _), .keyboard(let t, _, _): t
      }
    }
  }

  /// Where the sheet went after the release.
  public struct Outcome: Sendable, Equatable {
    /// The release's target: a detent's id, `dismiss`, or `height N` (`ReleaseTarget.name`).
    public var end: String
    /// Seconds from the lift until the sheet was still; nil when another input came first.
    public var settle: Double?
    /// Points the sheet travelled past its final height, in the direction it moved after the release.
    public var overshoot: Double?
    /// An outcome.
    public init(end: String, settle: Double?, overshoot: Double?) {
      self.end = end
      self.settle = settle
      self.overshoot = overshoot
    }
  }

  /// A gesture.
  public init(
    origin: String, screen: SheetGeometry, contentHeight: Double? = nil, scroll: Scroll? = nil,
    keyboard: Double = 0, fps: Double = 120, behaviour: Stamp, thresholds: [String: Double], start: Start,
    touches: [Touch], inputs: [Input] = [], velocity: Double? = nil, velocityX: Double? = nil,
    outcome: Outcome? = nil, intent: String? = nil
  ) {
    self.origin = origin
    self.screen = screen
    self.contentHeight = contentHeight
    self.scroll = scroll
    self.keyboard = keyboard
    self.fps = fps
    self.behaviour = behaviour
    self.thresholds = thresholds
    self.start = start
    self.touches = touches
    self.inputs = inputs
    self.velocity = velocity
    self.velocityX = velocityX
    self.outcome = outcome
    self.intent = intent
  }

  /// The hash a record stamps a behaviour's source with: 64-bit FNV-1a of its UTF-8 bytes (`FNV1a`),
  /// 16 lowercase hex digits.
  /// - Parameter text: The source text.
  /// - Returns: The hash.
  public static func sourceHash(_ text: String) -> String {
    var hash = FNV1a()
    hash.add(text.utf8)
    return hash.hex
  }
}
