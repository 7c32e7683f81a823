/// Curves of one overlay aligned at each release: the k-th release of every curve is drawn at one x, so
/// what each behaviour did after the same gesture starts at the same place.
///
/// A curve is cut at each release and at the start of the gesture that ends in it (its lead-in). The
/// part from a release (or the start) to the next gesture's start keeps its own pace from where that
/// release is drawn; the gesture keeps its pace up to where the next release is drawn. Release k is
/// drawn at `X(k) = X(k-1) + max over the curves (r(k) - r(k-1))` (r(0) = X(0) = 0), so every part fits
/// and the time scale is never stretched; a curve whose part is shorter holds its height (the sheet at
/// rest before the gesture) until its gesture is drawn. A single curve is drawn at its own times.
extension TracePlot {
  /// A release: when the finger lifted and when its gesture began (seconds since the scenario started).
  public struct Release: Sendable, Equatable {
    /// When the finger lifted.
    public var time: Double
    /// When the gesture that ended in it began (a `gesture phase=began` after the previous release),
    /// or the previous release's time when none did.
    public var leadIn: Double

    /// Creates a release.
    public init(time: Double, leadIn: Double) {
      self.time = time
      self.leadIn = leadIn
    }

    /// The releases of a trace, in order: its `release` events, each with its gesture's start.
    public static func all(in trace: Trace) -> [Release] {
      var releases: [Release] = []
      var began: Double?
      for event in trace.events where event.time.isFinite {
        if event.name == "gesture", case .string("began")? = event["phase"] { began = event.time }
        guard event.name == "release" else { continue }
        let previous = releases.last?.time ?? 0
        releases.append(Release(time: event.time, leadIn: max(min(began ?? previous, event.time), previous)))
        began = nil
      }
      return releases
    }
  }

  /// Where an overlay's curves are drawn along x: the releases' common times, and each curve's map from
  /// its own times.
  package struct Alignment {
    /// The drawn time of each release: the k-th of every curve.
    package var releases: [Double]
    /// Each curve's releases (its own times).
    private var own: [[Release]]

    /// The alignment of curves with these releases.
    package init(_ releases: [[Release]]) {
      own = releases
      var drawn: [Double] = []
      let count = releases.map(\.count).max() ?? 0
      for k in 0..<count {
        let gap =
          releases.compactMap { r in k < r.count ? r[k].time - (k > 0 ? r[k - 1].time : 0) : nil }.max() ?? 0
        drawn.append((drawn.last ?? 0) + gap)
      }
      self.releases = drawn
    }

    /// The drawn time of curve `index`'s time `t`.
    package func time(_ t: Double, of index: Int) -> Double {
      piece(t, of: index).map { t + $0 } ?? t
    }

    /// The shift of the piece `t` lies in (nil: none).
    private func piece(_ t: Double, of index: Int) -> Double? {
      let r = own[index]
      for k in r.indices where t <= r[k].time {
        let start = k > 0 ? r[k - 1].time : 0
        let drawnStart = k > 0 ? releases[k - 1] : 0
        return t <= r[k].leadIn ? drawnStart - start : releases[k] - r[k].time
      }
      guard let last = r.last else { return nil }
      return releases[r.count - 1] - last.time
    }

    /// A curve's points drawn aligned: each moved to its drawn time, with the hold before each gesture
    /// (the height where the gesture began, from where the part before it ends to where the gesture is
    /// drawn).
    package func points(_ points: [Point], of index: Int) -> [Point] {
      var out: [Point] = []
      out.reserveCapacity(points.count + 2 * own[index].count)
      var leadIns = own[index].map(\.leadIn)[...]
      for point in points {
        while let g = leadIns.first, g < point.time {
          leadIns.removeFirst()
          guard let before = out.last else { continue }
          let hold = before.height
          // the end of the part before the gesture, then the gesture's start
          out.append(Point(time: time(g, of: index), height: hold))
          out.append(Point(time: time(g + Self.justAfter(g), of: index), height: hold))
        }
        out.append(Point(time: time(point.time, of: index), height: point.height))
      }
      return out
    }

    /// A time step that moves `t` into the part after it (the next representable time).
    private static func justAfter(_ t: Double) -> Double { t.ulp }
  }
}
