/// Starting, running and finishing animated transitions.
extension SheetMachine {
  /// Starts animating toward `target`.
  ///
  /// The height moves from the current height with the current velocity (springs carry it) to the
  /// target's height (dismiss: `max(0, h - slide)` or 0). The backdrop moves to the policy's backdrop for
  /// the sheet at rest at the target (dismiss: 0; nil keeps the current value), with its own motion or
  /// with the height's progress. The animation is the first playable one of the override (or the
  /// policy's), the default policy's and ``TransitionAnimation/lastResort`` (see ``playableAnimation``).
  /// - Parameters:
  ///   - transition: The kind, for the policy's animation.
  ///   - target: Where to go (already checked).
  ///   - override: An animation chosen by a release decision.
  ///   - newState: `.presenting`, `.settling` or `.dismissing`.
  mutating func startTransition(
    _ transition: SheetTransition, to target: ReleaseTarget, override: TransitionAnimation?,
    newState: SheetState
  ) {
    let animation = playableAnimation(transition, to: target, override: override)
    let endHeight = self.endHeight(of: target, slide: animation.slide)
    var endSheet = snapshot
    endSheet.state = .resting
    endSheet.detent = target.detentID
    endSheet.height = endHeight
    // A sheet at rest has no transition: not the one this replaces, whose target `snapshot` still holds.
    endSheet.target = nil
    endSheet.targetHeight = nil
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
    backdropFollows = configuration.backdropFollowsHeight && animation.backdrop == nil
    backdropErrorRecorded = false
    crossFade = nil
    if animation.crossFade {
      // a cross-fade does not move: the sheet is at its end at once, and fades in there
      crossFade = CrossFade(from: height, progress: 0)
      height = endHeight
      velocity = 0
    }
    self.target = target
    record(.animation(transition, animation, to: target))
    setState(newState)
  }

  /// The height a transition to `target` ends at: the detent's height, the explicit height, or for a
  /// dismissal `max(0, h - slide)` (0 without a slide); clamped to [0, H].
  func endHeight(of target: ReleaseTarget, slide: Double?) -> Double {
    let end: Double
    switch target {
    case .detent(let id): end = height(of: id) ?? height
    case .height(let h): end = h
    case .dismiss: end = slide.map { max(0, height - $0) } ?? 0
    }
    return Formulas.clamp(end, 0, geometry.extent)
  }

  /// The animation a transition plays, the first that can be played of: the release's override (or the
  /// policy's animation), the default policy's, and ``TransitionAnimation/lastResort``. Each refusal is
  /// recorded as a script error (`release` for an override, `animation` for the policy's and the
  /// fallback's), so every transition ends.
  mutating func playableAnimation(
    _ transition: SheetTransition, to target: ReleaseTarget, override: TransitionAnimation?
  ) -> TransitionAnimation {
    if reduceMotion { return reducedAnimation(transition, to: target) }
    if let override {
      guard let problem = playProblem(override, to: target) else { return override }
      refuse(.release, "returned a \(transition.rawValue) animation that cannot be played: \(problem)")
    }
    // The policy (and the default policy) see the transition's target (a dismissal's height before
    // any slide is 0).
    var sheet = snapshot
    sheet.target = target
    sheet.targetHeight = endHeight(of: target, slide: nil)
    if override == nil {
      do throws(ScriptError) {
        let animation = try policy.animation(for: transition, sheet)
        guard let problem = playProblem(animation, to: target) else { return animation }
        refuse(.animation, "returned a \(transition.rawValue) animation that cannot be played: \(problem)")
      } catch {
        recordScriptError(error)
      }
    }
    let builtIn = defaultPolicy.animation(for: transition, sheet)
    guard let problem = playProblem(builtIn, to: target) else { return builtIn }
    recordScriptError(
      "animation",
      "the default policy's \(transition.rawValue) animation: \(problem); the built-in ease_out 0.25s "
        + "brings the sheet to rest")
    return .lastResort
  }

  /// Why `animation` cannot be played from here to `target`, or nil when it can: a number it holds is
  /// unusable (``TransitionAnimation/problem``), or its height (from the current height and velocity)
  /// or its backdrop (over the whole opacity range) would not come to rest within
  /// ``SheetLimits/maximumTransitionTime``.
  func playProblem(_ animation: TransitionAnimation, to target: ReleaseTarget) -> String? {
    if let problem = animation.problem { return problem }
    let limit = SheetLimits.maximumTransitionTime
    let end = endHeight(of: target, slide: animation.slide)
    let heightTime = MotionPlayer.settlingTime(
      animation.height, from: height, to: end, velocity: velocity, tolerance: .height)
    if !(heightTime <= limit) {
      return "height: \(Self.describe(animation.height)) does not come to rest within "
        + "\(Format.general(limit)) s (it could take \(Format.general(heightTime)) s)"
    }
    if let motion = animation.backdrop {
      let backdropTime = MotionPlayer.settlingTime(motion, from: 0, to: 1, velocity: 0, tolerance: .backdrop)
      if !(backdropTime <= limit) {
        return "backdrop: \(Self.describe(motion)) does not come to rest within "
          + "\(Format.general(limit)) s (it could take \(Format.general(backdropTime)) s)"
      }
    }
    return nil
  }

  /// A motion in a script error message: `spring damping 0.01 response 60s`.
  static func describe(_ motion: Motion) -> String {
    switch motion {
    case .curve(_, let d): "curve of \(Format.general(d))s"
    case .spring(let zeta, let response):
      "spring damping \(Format.general(zeta)) response \(Format.general(response))s"
    case .springDuration(let d, let zeta):
      "spring duration \(Format.general(d))s damping \(Format.general(zeta))"
    case .springMotion(let spring):
      switch spring.form {
      case .response(let zeta, let response): describe(.spring(dampingRatio: zeta, response: response))
      case .duration(let d, let zeta): describe(.springDuration(duration: d, dampingRatio: zeta))
      case .physics(let k, let c, let m):
        "spring stiffness \(Format.general(k)) damping \(Format.general(c)) mass \(Format.general(m))"
      case .bounce(let d, let b): "spring duration \(Format.general(d))s bounce \(Format.general(b))"
      }
    case .customCurve(_, let d): "custom curve of \(Format.general(d))s"
    }
  }

  /// Advances the running transition by `dt` and finishes it when both motions are done. The backdrop
  /// follows its own motion, or the policy's backdrop at the frame's height (``backdropFollows``), or
  /// the blend of its start and end values by the height's progress.
  mutating func advanceTransition(by dt: Double) {
    guard var motion = heightMotion else { return }
    advance(&motion, by: dt)
    heightMotion = motion
    height = Formulas.clamp(motion.value, 0, geometry.extent)
    velocity = motion.velocity
    if let from = crossFade?.from {
      // a cross-fade does not move: the sheet is at its end and fades in by the motion's progress
      height = Formulas.clamp(motion.to, 0, geometry.height)
      velocity = 0
      crossFade = CrossFade(from: from, progress: motion.isDone ? 1 : motion.progress)
    }
    var backdropDone = true
    if var b = backdropMotion {
      advance(&b, by: dt)
      backdropMotion = b
      backdrop = Formulas.clamp(b.value, 0, 1)
      backdropDone = b.isDone
    } else if backdropFollows {
      if !motion.isDone, let a = callFrameBackdrop() { backdrop = a }
    } else {
      backdrop = Formulas.clamp(backdropFrom + (backdropTo - backdropFrom) * motion.progress, 0, 1)
    }
    if motion.isDone && backdropDone { finishTransition() }
  }

  /// Advances one motion by `dt`; a custom curve's value comes from the policy, and when it cannot be
  /// had (``callCurve(_:at:)``) the motion goes on with the built-in ease-in-out from where it is.
  mutating func advance(_ player: inout MotionPlayer, by dt: Double) {
    guard let (id, progress) = player.customCurveProgress(after: dt) else { return player.advance(by: dt) }
    if let eased = callCurve(id, at: progress) {
      player.advance(by: dt, eased: eased)
    } else {
      player.handOverToEaseInOut()
      player.advance(by: dt)
    }
  }

  /// Comes to rest at the target (or dismissed).
  mutating func finishTransition() {
    height = Formulas.clamp(heightMotion?.to ?? height, 0, geometry.extent)
    backdrop = Formulas.clamp(backdropTo, 0, 1)
    velocity = 0
    heightMotion = nil
    backdropMotion = nil
    crossFade = nil
    let reached = target
    target = nil
    if case .detent(let id) = reached { detent = id } else { detent = nil }
    record(.settled(detent: detent, height: height))
    setState(state == .dismissing ? .dismissed : .resting)
  }

  /// Stops any running transition where it is.
  mutating func stopTransition() {
    heightMotion = nil
    backdropMotion = nil
    crossFade = nil
    target = nil
  }

  /// After the detents moved (resize, content change, policy replacement): a presenting, resting or
  /// settling sheet goes to the policy's resize target, else to its detent re-resolved (the nearest active
  /// detent when that one became inactive), with the `resize` animation. A resting sheet already there
  /// stays. Other states keep going.
  mutating func reconcileDetents() {
    height = Formulas.clamp(height, 0, geometry.extent)
    guard state == .presenting || state == .resting || state == .settling else { return }
    var goal: ReleaseTarget
    if let id = callResizeTarget() {
      goal = .detent(id)
    } else if let current = state == .resting ? detent.map(ReleaseTarget.detent) : target {
      goal = current
    } else {
      goal = .height(height)
    }
    if let placed = placeable(goal) {
      goal = placed
    } else if keyboard.isVisible {
      goal = .height(keyboardGeometry.clamped(height))  // no detent has room beside the keyboard
    } else {
      return
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

extension SheetMachine {
  /// A goal the sheet can go to now, shared by a resize's and the keyboard's moves: an inactive detent
  /// becomes the active one nearest the height, a height is brought into the keyboard's range
  /// (``KeyboardGeometry/clamped(_:)``, `[0, H]` without a keyboard); nil when the detent is inactive and
  /// none is active (the caller decides).
  func placeable(_ goal: ReleaseTarget) -> ReleaseTarget? {
    switch goal {
    case .detent(let id) where !isActive(id):
      guard let i = Formulas.nearest(height, in: detents.map(\.height)) else { return nil }
      return .detent(detents[i].id)
    case .height(let h): return .height(keyboardGeometry.clamped(h))
    default: return goal
    }
  }
}

extension ReleaseTarget {
  /// The detent identifier, or nil for a height or a dismissal.
  public var detentID: String? {
    if case .detent(let id) = self { return id }
    return nil
  }
}
