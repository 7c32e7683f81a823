import LuaHost
import SheetScript

/// The read-only views `sheet.thresholds` shows, made in the scenario's state and kept for the run: a
/// view whose fields are the thresholds' names (reading another is an error naming the nearest). It
/// remembers what the thresholds in effect were last worked out from, so they are worked out again only
/// when that changed, and what it shows, so the view is set again only when they changed; a table the
/// scenario kept never changes under it.
package struct ScenarioThresholdsViews {
  /// A `sheet.thresholds` view and its backing table, for one set of names.
  package struct View {
    /// Its fields: the thresholds' names, sorted.
    var names: [String]
    /// Whether it shows the thresholds in effect (false: the view of a sheet not made yet).
    var known: Bool
    /// Its backing table.
    var data: LuaTable
    /// The read-only view the scenario reads.
    var view: LuaTable
    /// The values its backing table holds (nil: none written yet in this run).
    var shown: [String: Double]?
  }

  /// The views made so far (the set-up's first), reused when the same names are shown again.
  private var views: [View]
  /// The thresholds `sheet.thresholds` shows, and whether they are the running behaviour's (nil: not
  /// made yet).
  private var shown: (values: [String: Double], known: Bool)?
  /// What the thresholds in effect were last worked out from
  /// (``sourceChanged(hasSheet:behaviour:ownBehaviour:overrides:)``): while these stay the same, so do
  /// the thresholds (a behaviour's are fixed when it loads). The behaviour is held until the next call's
  /// update, no longer.
  private var source:
    (hasSheet: Bool, behaviour: Behaviour?, ownBehaviour: Bool, overrides: [String: Double])?

  /// The views the set-up makes before the snapshot: the default policy's thresholds' and the empty one.
  /// - Parameter state: The scenario's state.
  package init(standardIn state: LuaState) {
    views = [
      Self.makeView(names: ScenarioBehaviour.nativeThresholdNames, known: true, in: state),
      Self.makeView(names: [], known: false, in: state),
    ].compactMap { $0 }
  }

  /// Whether the thresholds in effect may have changed since they were last worked out: false while
  /// what they are worked out from stays the same; otherwise true, and this source is remembered.
  /// - Parameters:
  ///   - hasSheet: Whether the sheet exists.
  ///   - behaviour: The running behaviour (nil: the default policy, or none loaded yet).
  ///   - ownBehaviour: Whether the scenario chose its own behaviour (`behaviour`).
  ///   - overrides: The scenario's `set`.
  package mutating func sourceChanged(
    hasSheet: Bool, behaviour: Behaviour?, ownBehaviour: Bool, overrides: [String: Double]
  ) -> Bool {
    if let source, source.hasSheet == hasSheet, source.behaviour === behaviour,
      source.ownBehaviour == ownBehaviour, source.overrides == overrides
    {
      return false
    }
    source = (hasSheet, behaviour, ownBehaviour, overrides)
    return true
  }

  /// Shows these thresholds in `sheet.thresholds`, unless they are shown already.
  /// - Parameters:
  ///   - values: The thresholds in effect (nil: not known until the sheet is made).
  ///   - names: Their names, sorted (empty when not known).
  ///   - sheetData: The `sheet` view's backing table.
  ///   - state: The scenario's state, where a new view is made.
  package mutating func show(
    _ values: [String: Double]?, names: [String], in sheetData: LuaTable, state: LuaState
  ) {
    if let shown, shown.known == (values != nil), shown.values == (values ?? [:]) { return }
    shown = (values ?? [:], values != nil)
    guard let view = view(for: values ?? [:], names: names, known: values != nil, in: state) else { return }
    sheetData.set("thresholds", view)
  }

  /// The read-only view `sheet.thresholds` shows for these values: one that already shows exactly them
  /// (a table the scenario kept never changes under it), one made but not yet shown in this run (the
  /// set-up makes the default policy's thresholds' and the empty one, so a run that shows those makes none), or a
  /// new one, kept for the rest of the run.
  /// - Parameter names: The values' names, sorted.
  private mutating func view(for values: [String: Double], names: [String], known: Bool, in state: LuaState)
    -> LuaTable?
  {
    assert(names == values.keys.sorted(), "the names of the values, sorted")
    // one that shows these values has these names
    if let shown = views.first(where: { $0.known == known && $0.shown == values }) {
      return shown.view
    }
    let matching = views.indices.filter { views[$0].names == names && views[$0].known == known }
    let index: Int
    if let unshown = matching.first(where: { views[$0].shown == nil }) {
      index = unshown
    } else {
      guard let made = Self.makeView(names: names, known: known, in: state) else { return nil }
      views.append(made)
      index = views.count - 1
    }
    views[index].data.set(fields: names) { values[$0] ?? 0 }
    views[index].shown = values
    return views[index].view
  }

  /// A thresholds view over a new empty backing table: fields `names`, and the name its errors use
  /// (`known` false: the view of a sheet not made yet, which says so).
  package static func makeView(names: [String], known: Bool, in state: LuaState) -> View? {
    let label =
      known
      ? "sheet.thresholds"
      : "sheet.thresholds (empty until the sheet is made by present() or another call that moves it)"
    guard let data = try? state.newTable(), let view = try? data.readOnlyView(fields: names, name: label)
    else { return nil }
    return View(names: names, known: known, data: data, view: view)
  }
}
