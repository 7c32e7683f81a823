import Dispatch
import LuaHost
import SheetCore

/// Hot reload: a new version of the behaviour is loaded and validated in a fresh Lua state, and swapped
/// in only when it loads, at a safe moment (at once, or when the drag in progress ends, so the sheet
/// never jumps under the finger). A version that does not load changes nothing: the last good one keeps
/// running, and the error is thrown and recorded as a `reload ok=false` event.
extension ScriptedSheet {
  /// Loads the behaviour's source again: the file read anew when it is one (an edited file), else the
  /// same preset or text (with the configuration's overrides, as every reload).
  /// - Throws: ``BehaviourError`` naming the file, line, field and value; the running behaviour stays.
  public func reload() throws(BehaviourError) {
    if let path = source.path {
      try reload(file: path)
    } else {
      try swap(to: source)
    }
  }

  /// Replaces the behaviour with one given as text (a version edited in an in-app console, or sent from
  /// a development machine).
  /// - Parameters:
  ///   - text: The Lua source.
  ///   - name: The name its messages use (default: the running source's name).
  /// - Throws: ``BehaviourError`` naming the line, field and value; the running behaviour stays.
  public func reload(source text: String, name: String? = nil) throws(BehaviourError) {
    try swap(to: BehaviourSource(name: name ?? source.name, text: text))
  }

  /// Replaces the behaviour with a file's.
  /// - Parameter path: The `.lua` file.
  /// - Throws: ``BehaviourError``: not found, unreadable, or not loading; the running behaviour stays.
  public func reload(file path: String) throws(BehaviourError) {
    let next: BehaviourSource
    do throws(BehaviourError) {
      next = try Self.fileSource(path)
    } catch {
      enqueue(Event(time: machine.time, kind: .reload(file: path, error: error)))
      throw error
    }
    try swap(to: next)
  }

  /// Loads `next` in a fresh state and hands it to the machine (which waits for a drag to end).
  private func swap(to next: BehaviourSource) throws(BehaviourError) {
    let fresh: Behaviour
    do throws(BehaviourError) {
      fresh = try Self.load(next, configuration: configuration, prints: prints)
    } catch {
      collectBehaviourOutput()  // what the broken version printed before it failed
      enqueue(Event(time: machine.time, kind: .reload(file: next.name, error: error)))
      throw error
    }
    collectBehaviourOutput()
    enqueue(Event(time: machine.time, kind: .reload(file: next.name, error: nil)))
    source = next
    pendingBehaviour = fresh
    input { h in h.replacePolicy(fresh) }
  }

  /// Reloads the behaviour file whenever it changes, for debug builds.
  ///
  /// A `DispatchSourceTimer` on a private serial queue reads the file's modification date, size and
  /// file number every `interval` seconds (so an editor that saves by writing a new file and renaming
  /// it is seen too); on a change it reloads that file (``reload(file:)``) on `queue`, which must be the queue the sheet is
  /// used on (the main queue in an app). A reload that fails is a `reload ok=false` event among
  /// ``drainEvents()``'s, and the running behaviour stays. Calling it again restarts the watch; the
  /// watch ends with ``stopWatching()`` or with the sheet.
  ///
  /// Meant for development: a shipping app loads its behaviours once from its bundle.
  /// - Parameters:
  ///   - interval: Seconds between checks (default 0.25).
  ///   - queue: The queue the sheet is used on, where the reload runs (default: the main queue).
  /// - Returns: Whether a watch started: false when the behaviour is not a file (a preset or text).
  @discardableResult
  public func watchFile(interval: Double = 0.25, queue: DispatchQueue = .main) -> Bool {
    stopWatching()
    guard let path = source.path else { return false }
    let owner = WeakSheet(self)
    watcher = FileWatcher(path: path, interval: interval) {
      queue.async { try? owner.sheet?.reload(file: path) }  // the watched file, whatever ran since
    }
    return true
  }

  /// Stops the watch ``watchFile(interval:queue:)`` started (a reload already queued still runs).
  public func stopWatching() {
    watcher?.stop()
    watcher = nil
  }

  /// Loads a behaviour in a fresh sandboxed state whose `print` goes to the sheet's events, with the
  /// configuration's overrides and callback deadline, attached to its edge when it gives one.
  package static func load(
    _ source: BehaviourSource, configuration: Configuration, prints: PrintBuffer
  ) throws(BehaviourError) -> Behaviour {
    let ordered = configuration.overrides.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    let options = LuaState.Options(print: prints.sink, deadline: configuration.callbackDeadline)
    let behaviour = try Behaviour.load(source, overrides: ordered, options: options)
    behaviour.attach(to: configuration.edge)
    return behaviour
  }

  /// A file's source, never a preset (a bare name is a file in the working directory).
  package static func fileSource(_ path: String) throws(BehaviourError) -> BehaviourSource {
    try BehaviourSource.resolve(path.contains("/") ? path : "./\(path)")
  }
}

/// The sheet as the watcher's reload sees it: weakly, so the watch never keeps the sheet alive. Its
/// `sheet` is read only on the sheet's own queue (the one given to `watchFile(interval:queue:)`).
package final class WeakSheet: @unchecked Sendable {
  weak var sheet: ScriptedSheet?

  package init(_ sheet: ScriptedSheet) { self.sheet = sheet }
}
