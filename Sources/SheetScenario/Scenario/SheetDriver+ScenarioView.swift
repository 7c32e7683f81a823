import LuaHost
import SheetScript
import SheetTrace

extension SheetDriver {
  /// Writes the sheet's current values into a scenario's `sheet` view (the machine read in place, not
  /// copied).
  /// - Parameters:
  ///   - view: The view's backing table.
  ///   - state: The scenario's state, where `sheet.scroll`'s tables are made.
  package mutating func show(in view: ScenarioSheetView, state: LuaState) {
    view.write(machine, in: state)
  }
}
