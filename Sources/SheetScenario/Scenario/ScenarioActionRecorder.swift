/// What a session tells about each call of its scenario just before carrying it out: `sheet bench`'s
/// replay records the calls that move the sheet, to replay them without the scenario's Lua.
package protocol ScenarioActionRecorder: AnyObject {
  /// Notes one call as the session is about to carry it out.
  /// - Parameters:
  ///   - action: The call.
  ///   - session: The session carrying it out (its screen and options as they are now).
  func note(_ action: ScenarioAction, in session: ScenarioSession)
}
