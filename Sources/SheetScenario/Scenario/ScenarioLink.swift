/// The session a scenario state's host functions act for. The scenario language's closures capture
/// the link, not a session, so that a state restored from a snapshot (``WarmStates``) serves the run
/// that restored it.
package final class ScenarioLink {
  /// The session now running in the state (nil between runs).
  weak var session: ScenarioSession?
}
