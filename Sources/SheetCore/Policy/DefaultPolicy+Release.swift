extension DefaultPolicy {
  /// Decides a release by momentum projection and redirectional progress (FloatingPanel's rule).
  ///
  /// 1. `vh = -vy` (bottom) or `+vy` (top): the height velocity (-0 normalised to 0);
  ///    `p = h + project(vh, projectionRate)`.
  /// 2. Candidates, ascending: 0 (dismiss, when allowed) then the detent heights. None: stay at `h`.
  /// 3. Unless `allowsSkipping`: `s` = the candidate nearest the start height (first wins a tie);
  ///    clamp `p` to `[candidate s-1, candidate s+1]` (indices clamped to the list).
  /// 4. `a` = the greatest candidate `<= p` (the first candidate if none), `b` = the least `>= p` (the
  ///    last if none). If `a == b` go there.
  /// 5. `vh > 0`: `progress = (p - a) / (b - a)`, go to `b` when `progress > redirectProgress`, else `a`.
  ///    `vh < 0`: `progress = (b - p) / (b - a)`, go to `a` when `progress > redirectProgress`, else `b`.
  ///    `vh == 0`: the nearer of `a` and `b`; `a` (the lower) wins a tie.
  /// 6. Candidate 0 means dismiss.
  ///
  /// Reason texts (numbers with C's `%.1f` / `%.2f`, `v` is `vh`):
  /// `"projected P (v V) between A_ID a and B_ID b, progress X > R -> ID"` (or `<=`),
  /// `"projected P (v 0.0) between A_ID a and B_ID b, nearest -> ID"`, `"projected P (v V) at ID c -> ID"`,
  /// `"no candidates -> stay at H"`. The dismiss candidate's name is `dismiss`.
  /// - Parameter input: The pan with the release velocity.
  /// - Returns: The decision (no animation override).
  public func release(_ input: ReleaseInput) -> ReleaseDecision {
    var vh = input.geometry.edge.heightSign * input.velocity
    if vh == 0 { vh = 0 }  // -0 becomes 0, so the reason prints "v 0.0"
    let h = input.height
    let projected = h + Formulas.project(velocity: vh, rate: projectionRate)
    var heights: [Double] = []
    var ids: [String?] = []
    if configuration.allowsDismiss {
      heights.append(0)
      ids.append(nil)
    }
    for d in input.detents {
      heights.append(d.height)
      ids.append(d.id)
    }
    guard let last = heights.indices.last else {
      return ReleaseDecision(.height(h), reason: "no candidates -> stay at \(Format.fixed(h, 1))")
    }
    var p = projected
    if !allowsSkipping, let s = Formulas.nearest(input.startHeight, in: heights) {
      p = Formulas.clamp(p, heights[max(s - 1, 0)], heights[min(s + 1, last)])
    }
    var ia = 0
    var ib = last
    for i in heights.indices where heights[i] <= p { ia = i }
    for i in heights.indices.reversed() where heights[i] >= p { ib = i }
    func name(_ i: Int) -> String { ids[i] ?? "dismiss" }
    func target(_ i: Int) -> ReleaseTarget { ids[i].map(ReleaseTarget.detent) ?? .dismiss }
    let head = "projected \(Format.fixed(projected, 1)) (v \(Format.fixed(vh, 1)))"
    let a = heights[ia]
    let b = heights[ib]
    if a == b {
      let i = ia
      return ReleaseDecision(
        target(i), reason: "\(head) at \(name(i)) \(Format.fixed(heights[i], 1)) -> \(name(i))")
    }
    let between = "\(head) between \(name(ia)) \(Format.fixed(a, 1)) and \(name(ib)) \(Format.fixed(b, 1))"
    if vh == 0 {
      let i = p - a <= b - p ? ia : ib
      return ReleaseDecision(target(i), reason: "\(between), nearest -> \(name(i))")
    }
    let progress = vh > 0 ? (p - a) / (b - a) : (b - p) / (b - a)
    let far = progress > redirectProgress
    let i = vh > 0 ? (far ? ib : ia) : (far ? ia : ib)
    let comparison = far ? ">" : "<="
    return ReleaseDecision(
      target(i),
      reason: "\(between), progress \(Format.fixed(progress, 2)) \(comparison) "
        + "\(Format.fixed(redirectProgress, 2)) -> \(name(i))")
  }
}
