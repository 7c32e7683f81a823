/// The keyboard: the host reports it, the machine animates its height and moves the sheet off it.
extension SheetMachine {
  /// The host reported the keyboard: its height above the screen's bottom edge (0: hidden) and its
  /// animation's duration. Legal in every state.
  ///
  /// The keyboard's height animates from where it is to `height` with
  /// ``SheetKeyboard/motion(duration:)``. The detents are resolved again and placed for the keyboard
  /// (``KeyboardGeometry``: lifted onto it, capped at the available height, or kept off it). A presenting,
  /// resting or settling sheet then goes, with the keyboard's own motion (recorded as a `resize`
  /// animation), to the policy's ``SheetPolicy/keyboardTarget(_:_:)`` or else to where the configuration's
  /// ``SheetConfiguration/keyboard`` mode puts it: `interactive` and `none` keep its detent, `extend` takes
  /// the largest, `fill` the cap. When the keyboard hides, the sheet returns to the detent it was at when
  /// the keyboard appeared (or the one a release or snap chose while it was up).
  ///
  /// A dragging sheet stays under the finger (the detents move; the release chooses among them), and a
  /// dismissing, hidden or dismissed one only has its detents placed: a present with the keyboard up
  /// presents above it. The machine never hides the keyboard itself (the keyboard belongs to the host's
  /// first responder): after a dismissal it stays as reported until the host reports height 0.
  /// - Parameters:
  ///   - height: Points, in `[0, H]`.
  ///   - duration: Seconds, in `[0, SheetLimits.maximumKeyboardDuration]` (UIKit reports 0.25).
  /// - Returns: The events the call caused.
  /// - Throws: ``SheetError/invalidValue(field:value:)`` for a height or duration
  ///   ``SheetLimits/check(keyboardHeight:duration:on:)`` refuses.
  @discardableResult
  mutating func setKeyboard(
    height: Double, duration: Double = SheetKeyboard.defaultDuration
  ) throws(SheetError) -> [SheetEvent] {
    try SheetLimits.check(keyboardHeight: height, duration: duration, on: geometry)
    record(.keyboard(height: height, duration: duration))
    let wasVisible = keyboard.isVisible
    keyboard.targetHeight = height
    keyboard.duration = duration
    let motion = SheetKeyboard.motion(duration: duration)
    if keyboard.height == height {
      keyboardMotion = nil
    } else {
      keyboardMotion = MotionPlayer(
        motion, from: keyboard.height, to: height, velocity: keyboardMotion?.velocity ?? 0,
        tolerance: .height)
    }
    if !wasVisible && keyboard.isVisible {
      keyboardReturn = restingDetent
    }
    resolveDetents()
    followKeyboard(showing: keyboard.isVisible, motion: motion)
    if !keyboard.isVisible { keyboardReturn = nil }
    return emitted()
  }

  /// The detent the sheet rests at or heads to, nil at an explicit height or off screen.
  var restingDetent: String? {
    switch state {
    case .resting: detent
    case .presenting, .settling: target?.detentID ?? detent
    case .dragging: detent
    case .hidden, .dismissing, .dismissed: nil
    }
  }

  /// Moves a presenting, resting or settling sheet to where the keyboard leaves it, with the keyboard's
  /// motion.
  mutating func followKeyboard(showing: Bool, motion: Motion) {
    guard state == .presenting || state == .resting || state == .settling else { return }
    let place = keyboardGeometry
    var goal: ReleaseTarget
    if let asked = callKeyboardTarget() {
      goal = asked
    } else if !showing, let back = keyboardReturn, isActive(back) {
      goal = .detent(back)
    } else {
      switch configuration.keyboard {
      case .extend where showing: goal = detents.last.map { .detent($0.id) } ?? currentGoal
      case .fill where showing: goal = .height(place.fillHeight)
      default: goal = currentGoal
      }
    }
    goal = placeable(goal) ?? .height(place.clamped(height))
    let goalHeight = endHeight(of: goal, slide: nil)
    if state == .resting && goalHeight == height && goal.detentID == detent { return }
    let animation = TransitionAnimation(height: motion)
    startTransition(.resize, to: goal, override: animation, newState: .settling)
  }

  /// Where the sheet is now as a target: its detent (the running transition's), else its height kept
  /// within the keyboard's range.
  var currentGoal: ReleaseTarget {
    if let id = restingDetent { return .detent(id) }
    if state != .resting, let target, case .height(let h) = target {
      return .height(keyboardGeometry.clamped(h))
    }
    return .height(keyboardGeometry.clamped(height))
  }

  /// The placement of the reported keyboard on this screen, in the configuration's mode.
  public var keyboardGeometry: KeyboardGeometry {
    KeyboardGeometry(geometry: geometry, keyboard: keyboard.targetHeight, mode: configuration.keyboard)
  }

  /// Checked detents placed for the reported keyboard; those left without room are dropped (inactive).
  /// Without a keyboard, the detents as they are (no copy).
  func placedForKeyboard(_ resolved: [ResolvedDetent]) -> [ResolvedDetent] {
    let place = keyboardGeometry
    guard place.isActive else { return resolved }
    var placed: [ResolvedDetent] = []
    placed.reserveCapacity(resolved.count)
    for detent in resolved {
      let h = place.placed(detent.height)
      if h > 0 { placed.append(ResolvedDetent(id: detent.id, height: h)) }
    }
    return placed
  }

  /// Advances the keyboard's motion; it ends at the reported height.
  mutating func advanceKeyboard(by dt: Double) {
    guard var motion = keyboardMotion else { return }
    motion.advance(by: dt)
    if motion.isDone {
      keyboardMotion = nil
      keyboard.height = keyboard.targetHeight
    } else {
      keyboardMotion = motion
      keyboard.height = Formulas.clamp(motion.value, 0, geometry.height)
    }
  }

  /// After a resize: a keyboard taller than the new screen is cut to it, at once (the host reports the
  /// keyboard of the new screen with its own ``SheetHost/setKeyboard(height:duration:)``).
  mutating func fitKeyboardToScreen() {
    let h = geometry.height
    guard keyboard.targetHeight > h || keyboard.height > h else { return }
    keyboard.targetHeight = min(keyboard.targetHeight, h)
    keyboard.height = keyboard.targetHeight
    keyboardMotion = nil
  }

  /// A release or snap chose a detent while the keyboard is up: hiding it returns there.
  mutating func noteKeyboardChoice(_ target: ReleaseTarget) {
    guard keyboard.isVisible, let id = target.detentID else { return }
    keyboardReturn = id
  }
}
