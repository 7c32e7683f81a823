import LuaHost
import SheetScript

/// Lua states built once and restored before each run, for a caller that runs scenarios many times
/// (`sheet tune`: a sweep's worker). The set-up every run of a scenario repeats (a sandboxed state, the
/// scenario language, the `sheet` helper module; for a behaviour, its own state with the helper module)
/// is made once, checkpointed (`LuaState/checkpoint()`), and put back byte for byte before each later
/// run (`LuaState/restore(_:meter:)`). What depends on the run (threshold overrides, the scenario's
/// and the behaviour's own code) runs after the restore, as it runs after the set-up in a fresh state,
/// so a run's every step, result and identity number is the one a run in fresh states gives.
///
/// Not thread-safe: one worker uses it at a time. A state still in use (a behaviour kept past its run,
/// a second behaviour loaded while the first runs) is never restored: that load builds a fresh state.
package final class WarmStates: WarmBehaviourStates, @unchecked Sendable {
  /// The most scenario set-ups kept (one per file, about 0.3 MiB each); past it the oldest is dropped.
  package static let maximumScenarios = 96
  /// The most behaviour set-ups kept (one per behaviour text and options, about 0.3 MiB each); past it
  /// the oldest is dropped.
  package static let maximumBehaviours = 32

  /// A scenario state after its set-up, with what the session keeps from it: the scenario language,
  /// the helper module and the scenario's chunk loaded, before any override.
  package final class ScenarioEntry {
    var state: LuaState
    let checkpoint: LuaCheckpoint
    /// The scenario language the set-up installed (its `sheet` view's number batch is restored with the
    /// state: a restore resets it).
    let language: ScenarioLanguage
    /// The state's `sheet` helper module (``ScenarioBehaviour/helperModule``).
    let helperModule: LuaTable?
    /// The thresholds views the set-up made (the default policy's thresholds' and the empty one), none shown yet.
    let thresholdsViews: ScenarioThresholdsViews
    /// The scenario's text and its chunk, loaded.
    let text: String
    let chunk: LuaFunction
    /// Budget units the set-up spent (a restored run's meter is charged them).
    let setupUnits: Int

    init(
      state: LuaState, checkpoint: LuaCheckpoint, language: ScenarioLanguage, helperModule: LuaTable?,
      thresholdsViews: ScenarioThresholdsViews, text: String, chunk: LuaFunction, setupUnits: Int
    ) {
      self.state = state
      self.checkpoint = checkpoint
      self.language = language
      self.helperModule = helperModule
      self.thresholdsViews = thresholdsViews
      self.text = text
      self.chunk = chunk
      self.setupUnits = setupUnits
    }
  }

  /// What a behaviour state's set-up depends on: the behaviour's text and name, and the state's options
  /// but the meter.
  package struct BehaviourKey: Hashable {
    var name: String
    var text: String
    var memoryLimit: Int
    var instructionLimit: Int
    var moduleRoot: String?
    var randomSeed: Int
    var deadline: Double

    init(_ source: BehaviourSource, _ options: LuaState.Options) {
      name = source.name
      text = source.text
      memoryLimit = options.memoryLimit
      instructionLimit = options.instructionLimit
      moduleRoot = options.moduleRoot
      randomSeed = options.randomSeed
      deadline = options.deadline
    }
  }

  private var scenarios: [String: ScenarioEntry] = [:]
  /// The files of ``scenarios``, the oldest first.
  private var scenarioOrder: [String] = []
  private var behaviours: [(key: BehaviourKey, entry: WarmBehaviour)] = []
  /// Runs that restored a state (for tests).
  package private(set) var restores = 0

  /// The scenario files read so far, by path: a worker reads each file once for all its runs.
  private var texts: [String: String] = [:]

  /// A scenario file's text, read on its first run and kept for the later ones.
  /// - Parameter file: The scenario's path.
  /// - Returns: Its text.
  /// - Throws: `SourceFile.Failure` when it cannot be read (not kept: a later run tries again).
  package func text(of file: String) throws(SourceFile.Failure) -> String {
    if let text = texts[file] { return text }
    let text = try SourceFile.read(file)
    if texts.count >= Self.maximumTexts { texts.removeAll() }
    texts[file] = text
    return text
  }

  /// The folders of the scenario files met so far, by path (as ``ScenarioSession/folder(of:)`` gives).
  private var folders: [String: String] = [:]

  /// A scenario file's folder, worked out on its first run and kept for the later ones.
  package func folder(of file: String) -> String {
    if let folder = folders[file] { return folder }
    let folder = ScenarioSession.folder(of: file)
    if folders.count >= Self.maximumTexts { folders.removeAll() }
    folders[file] = folder
    return folder
  }

  /// The most scenario texts (and folders) kept.
  package static let maximumTexts = 1024

  /// No states yet.
  package init() {}

  /// The scenario state of a file restored for a new run, or nil when there is none for this text or
  /// it is in use (the caller builds one, and ``keepScenario(_:file:)`` keeps it).
  /// - Parameters:
  ///   - file: The scenario's path.
  ///   - text: Its text (a state made for another text is not this scenario's).
  ///   - meter: The new run's meter.
  package func restoredScenario(file: String, text: String, meter: LuaMeter) -> ScenarioEntry? {
    guard let entry = scenarios[file], entry.text == text else { return nil }
    switch restore(&entry.state, entry.checkpoint, meter: meter) {
    case .restored: break
    case .inUse: return nil
    case .refused:
      forgetScenario(file)
      return nil
    }
    meter.add(entry.setupUnits)
    restores += 1
    usedScenarios.append(entry)
    return entry
  }

  /// Keeps a scenario state built by a run, for the runs after it; past ``maximumScenarios`` the
  /// oldest is dropped.
  package func keepScenario(_ entry: ScenarioEntry, file: String) {
    forgetScenario(file)
    if scenarioOrder.count >= Self.maximumScenarios { forgetScenario(scenarioOrder[0]) }
    scenarios[file] = entry
    scenarioOrder.append(file)
    usedScenarios.append(entry)
  }

  private func forgetScenario(_ file: String) {
    guard scenarios.removeValue(forKey: file) != nil else { return }
    scenarioOrder.removeAll { $0 == file }
  }

  /// The behaviour state for this behaviour and these options restored for a new load, or nil when
  /// there is none or it is in use.
  package func restoredBehaviour(_ source: BehaviourSource, options: LuaState.Options) -> WarmBehaviour? {
    let key = BehaviourKey(source, options)
    guard let index = behaviours.firstIndex(where: { $0.key == key }) else { return nil }
    let entry = behaviours[index].entry
    switch restore(&entry.state, entry.checkpoint, meter: options.meter) {
    case .restored: break
    case .inUse: return nil
    case .refused:
      behaviours.remove(at: index)
      return nil
    }
    options.meter?.add(entry.setupUnits)
    restores += 1
    usedBehaviours.append(entry)
    return entry
  }

  /// Keeps a behaviour state built by a load, for the loads after it.
  package func keepBehaviour(_ entry: WarmBehaviour, source: BehaviourSource, options: LuaState.Options) {
    let key = BehaviourKey(source, options)
    behaviours.removeAll { $0.key == key }
    if behaviours.count >= Self.maximumBehaviours { behaviours.removeFirst() }
    behaviours.append((key, entry))
    usedBehaviours.append(entry)
  }

  /// How far a state's region may grow past its checkpoint in a run before the run's end gives the
  /// pages back (``settle()``): a kept state costs at most its checkpoint's memory and this between its
  /// runs (a typical run grows it by some 10-20 KiB, which the next run reuses without a page fault).
  package static let parkingBytes = LuaState.bytesKeptPastCheckpoint

  /// The entries the runs since the last ``settle()`` used (holding an entry adds no reference to its
  /// state, so it does not keep the state from being restored).
  private var usedScenarios: [ScenarioEntry] = []
  private var usedBehaviours: [WarmBehaviour] = []

  /// After a run: each state the run used that grew more than ``parkingBytes`` past its checkpoint, and
  /// that nothing holds any more, is restored now, so the pages its run touched are given back while
  /// it waits for the file's next run (a sweep runs every file of a point before the next point).
  package func settle() {
    for entry in usedScenarios { park(&entry.state, entry.checkpoint) }
    for entry in usedBehaviours { park(&entry.state, entry.checkpoint) }
    usedScenarios.removeAll()
    usedBehaviours.removeAll()
  }

  /// Restores a state that grew past its checkpoint, when nothing holds it.
  private func park(_ state: inout LuaState, _ checkpoint: LuaCheckpoint) {
    guard state.regionBytesUsed > checkpoint.bytes + Self.parkingBytes else { return }
    guard isKnownUniquelyReferenced(&state) else { return }
    try? state.restore(checkpoint, meter: nil)
  }

  /// The bytes of the kept states' regions in use now (their checkpoints' and what runs left past them).
  package var keptRegionBytes: Int {
    scenarios.values.reduce(0) { $0 + $1.state.regionBytesUsed }
      + behaviours.reduce(0) { $0 + $1.entry.state.regionBytesUsed }
  }

  /// What became of a restore.
  private enum Restore {
    /// The state is as its checkpoint.
    case restored
    /// Something else holds the state (it stays kept for a later run).
    case inUse
    /// The state refused (it outgrew its region): it is dropped.
    case refused
  }

  /// Restores `state` when nothing else holds it.
  private func restore(_ state: inout LuaState, _ checkpoint: LuaCheckpoint, meter: LuaMeter?) -> Restore {
    guard isKnownUniquelyReferenced(&state) else { return .inUse }
    do throws(LuaCheckpointError) {
      try state.restore(checkpoint, meter: meter)
      return .restored
    } catch {
      return .refused
    }
  }
}
