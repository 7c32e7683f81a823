/// Starting, running and finishing animated transitions.
extension SheetMachine {
  /// Starts animating toward `target`.
  ///
  /// The height moves from the current height with the current velocity (springs carry it) to the
  /// target's height (dismiss: `max(0, h - slide)` or 0). The backdrop moves to the policy's backdrop for
  /// the sheet at rest at the target (dismiss: 0; nil keeps the current value), with its own motion or
  /// with the height's progress.
  /// - Parameters:
  ///   - transition: The kind, for the policy's animation.
  ///   - target: Where to go (already checked).
  ///   - override: An animation chosen by a release decision.
  ///   - newState: `.presenting`, `.settling` or `.dismissing`.
  mutating func startTransition(
    _ transition: SheetTransition, to target: ReleaseTarget, override: TransitionAnimation?,
    newState: SheetState
  ) {
    let animation = override ?? callAnimation(transition, snapshot)
    var endHeight: Double
    var endSheet = snapshot
    endSheet.state = .resting
    switch target {
    case .detent(let id):
      endHeight = height(of: id) ?? height
      endSheet.detent = id
    case .height(let h):
      endHeight = h
      endSheet.detent = nil
    case .dismiss:
      endHeight = animation.slide.map { max(0, height - $0) } ?? 0
    }
    endHeight = Formulas.clamp(endHeight, 0, geometry.height)
    endSheet.height = endHeight
    if case .dismiss = target {
      backdropTo = 0
    } else {
      backdropTo = callBackdrop(endSheet) ?? backdrop
    }
    backdropFrom = backdrop
    heightMotion = MotionPlayer(
      animation.height, from: height, to: endHeight, velocity: velocity, tolerance: .height)
    backdropMotion = animation.backdrop.map {
      MotionPlayer($0, from: backdrop, to: backdropTo, velocity: 0, tolerance: .backdrop)
    }
    self.target = target
    events.append(.animation(transition, animation, to: target))
    setState(newState)
  }

  /// Advances the running transition by `dt` and finishes it when both motions are done.
  mutating func advanceTransition(by dt: Double) {
    guard var motion = heightMotion else { return }
    motion.advance(by: dt)
    heightMotion = motion
    height = Formulas.clamp(motion.value, 0, geometry.height)
    velocity = motion.velocity
    var backdropDone = true
    if var b = backdropMotion {
      b.advance(by: dt)
      backdropMotion = b
      backdrop = Formulas.clamp(b.value, 0, 1)
      backdropDone = b.isDone
    } else {
      backdrop = Formulas.clamp(backdropFrom + (backdropTo - backdropFrom) * motion.progress, 0, 1)
    }
    if motion.isDone && backdropDone { finishTransition() }
  }

  /// Comes to rest at the target (or dismissed).
  mutating func finishTransition() {
    height = Formulas.clamp(heightMotion?.to ?? height, 0, geometry.height)
    backdrop = Formulas.clamp(backdropTo, 0, 1)
    velocity = 0
    heightMotion = nil
    backdropMotion = nil
    let reached = target
    target = nil
    if case .detent(let id) = reached { detent = id } else { detent = nil }
    events.append(.settled(detent: detent, height: height))
    setState(state == .dismissing ? .dismissed : .resting)
  }

  /// Stops any running transition where it is.
  mutating func stopTransition() {
    heightMotion = nil
    backdropMotion = nil
    target = nil
  }

  /// After the detents moved (resize, content change, policy replacement): a presenting, resting or
  /// settling sheet goes to the policy's resize target, else to its detent re-resolved (the nearest active
  /// detent when that one became inactive), with the `resize` animation. A resting sheet already there
  /// stays. Other states keep going.
  mutating func reconcileDetents() {
    height = Formulas.clamp(height, 0, geometry.height)
    guard state == .presenting || state == .resting || state == .settling else { return }
    var goal: ReleaseTarget
    if let id = callResizeTarget() {
      goal = .detent(id)
    } else if let current = state == .resting ? detent.map(ReleaseTarget.detent) : target {
      goal = current
    } else {
      goal = .height(height)
    }
    switch goal {
    case .detent(let id) where !isActive(id):
      guard let i = Formulas.nearest(height, in: detents.map(\.height)) else { return }
      goal = .detent(detents[i].id)
    case .height(let h):
      goal = .height(Formulas.clamp(h, 0, geometry.height))
    default: break
    }
    var goalHeight = height
    switch goal {
    case .detent(let id): goalHeight = height(of: id) ?? height
    case .height(let h): goalHeight = h
    case .dismiss: return
    }
    // Already there, or already heading there: a running animation keeps going.
    let current: ReleaseTarget? =
      state == .resting ? detent.map(ReleaseTarget.detent) ?? .height(height) : target
    if goal == current && goalHeight == (heightMotion?.to ?? height) { return }
    startTransition(.resize, to: goal, override: nil, newState: .settling)
  }
}

extension ReleaseTarget {
  /// The detent identifier, or nil for a height or a dismissal.
  public var detentID: String? {
    if case .detent(let id) = self { return id }
    return nil
  }
}
