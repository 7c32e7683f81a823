import LuaHost

/// Where a behaviour load finds a warm state for its source and options, and keeps the one it made: a
/// sweep's worker (the scenario module's `WarmStates`). A load with none makes a fresh state, kept by
/// nobody.
package protocol WarmBehaviourStates: AnyObject {
  /// The behaviour state for this behaviour and these options restored for a new load, or nil when
  /// there is none or it is in use.
  func restoredBehaviour(_ source: BehaviourSource, options: LuaState.Options) -> WarmBehaviour?
  /// Keeps a behaviour state built by a load, for the loads after it.
  func keepBehaviour(_ entry: WarmBehaviour, source: BehaviourSource, options: LuaState.Options)
}

/// A behaviour state after its set-up: the sandbox, the helper module, the behaviour's chunk loaded
/// and its views made, before any override.
package final class WarmBehaviour {
  package var state: LuaState
  package let checkpoint: LuaCheckpoint
  package let module: LuaTable?
  package let chunk: LuaFunction
  package let views: BehaviourViews
  package let setupUnits: Int

  package init(
    state: LuaState, checkpoint: LuaCheckpoint, module: LuaTable?, chunk: LuaFunction,
    views: BehaviourViews, setupUnits: Int
  ) {
    self.state = state
    self.checkpoint = checkpoint
    self.module = module
    self.chunk = chunk
    self.views = views
    self.setupUnits = setupUnits
  }
}
