import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a limited run of the `sheet` binary ended, and what it printed.
struct LimitedRun: Sendable {
  /// How the process ended.
  enum Ending: Equatable, Sendable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it (SIGKILL when the timeout fired).
    case signalled(Int32)

    var description: String {
      switch self {
      case .exited(let status): "exit \(status)"
      case .signalled(let signal): "signal \(signal) (\(String(cString: strsignal(signal))))"
      }
    }
  }

  /// How the process ended.
  var ending: Ending
  /// Whether the wall-clock timeout fired (the process group was then killed with SIGKILL).
  var timedOut: Bool
  /// From the spawn until the process was reaped.
  var wallTime: Duration
  /// The CPU time the child spent, user and system (`rusage` from `wait4`): its own work, which a loaded
  /// machine does not stretch as it stretches the wall time.
  var cpuTime: Duration
  /// The child's peak resident set size in bytes (`rusage.ru_maxrss` from `wait4`).
  var peakResidentBytes: Int
  /// Standard output as text, at most `captureLimit` bytes of it: all of it when it fits, else its
  /// head and its tail around a `[... N bytes left out ...]` line.
  var stdout: String
  /// Standard error as text, capped like `stdout`.
  var stderr: String
  /// How many bytes the process wrote to standard output in all.
  var stdoutBytes: Int
  /// How many bytes the process wrote to standard error in all.
  var stderrBytes: Int

  /// The exit status, or nil when a signal ended the process.
  var status: Int32? {
    if case .exited(let status) = ending { return status }
    return nil
  }

  /// Both outputs (as captured), standard output first.
  var output: String { stdout + "\n" + stderr }

  /// One line saying how the run ended, for test messages.
  var summary: String {
    let seconds = Double(wallTime.components.seconds) + Double(wallTime.components.attoseconds) * 1e-18
    let cpu = Double(cpuTime.components.seconds) + Double(cpuTime.components.attoseconds) * 1e-18
    return "\(ending)\(timedOut ? " (timed out)" : ""), \(String(format: "%.2f", seconds)) s "
      + "(cpu \(String(format: "%.2f", cpu)) s), "
      + "peak RSS \(peakResidentBytes >> 20) MiB, stdout \(stdoutBytes) B, stderr \(stderrBytes) B"
  }
}

/// Runs the built `sheet` binary under hard limits, so that a test of hostile input can neither hang nor
/// exhaust the machine, whatever the binary does.
///
/// The child is `/bin/sh -c 'cd DIR; ulimit -v ...; ulimit -f ...; exec sheet ARGS'`, spawned with
/// `posix_spawn` in a process group of its own, with default signal dispositions, an empty signal mask,
/// standard input from `/dev/null` and both outputs going to files in a temporary folder:
/// - the wall-clock `timeout` kills the whole process group with SIGKILL (the run reports `timedOut`);
/// - `ulimit -v` caps the address space (`RLIMIT_AS`), so runaway allocation fails inside the child
///   instead of swapping the machine;
/// - `ulimit -f` caps each output file (`RLIMIT_FSIZE`): writing past it ends the child with SIGXFSZ,
///   so a binary printing gigabytes neither fills the disk nor the test's memory;
/// - only `captureLimit` bytes of each output are read back (the head and the tail).
///
/// The peak resident memory comes from `wait4`'s `rusage.ru_maxrss`. When the wrapper itself fails
/// (the folder is missing, a limit cannot be set) the run ends with exit status 125.
struct LimitedProcess: Sendable {
  /// The executable (default: the `sheet` built next to the tests).
  var executable: URL = SheetBinary.executable
  /// The words after the executable's name.
  var arguments: [String]
  /// The working directory.
  var directory: URL
  /// The wall-clock limit; when it fires the process group is killed with SIGKILL.
  var timeout: Duration = .seconds(30)
  /// The address-space limit in bytes (`ulimit -v`).
  var addressSpaceLimit: Int = 4 << 30
  /// The most bytes each of standard output and standard error may grow to (`ulimit -f`).
  var outputFileLimit: Int = 256 << 20
  /// The most bytes of each output read back into the result.
  var captureLimit: Int = 4 << 20

  /// What went wrong before the child ran.
  struct SpawnError: Error, CustomStringConvertible {
    /// What failed and its `errno`.
    var description: String
  }

  /// Runs the child to its end (or until the timeout kills it) and reports how it went.
  /// - Returns: The ending, the timing, the peak memory and the (capped) outputs.
  /// - Throws: `SpawnError` when the child cannot be started or waited for; the file system's error when
  ///   the scratch folder cannot be made.
  func run() throws -> LimitedRun {
    let scratch = try TemporaryFolder()
    let outPath = scratch.url.appendingPathComponent("stdout").path
    let errPath = scratch.url.appendingPathComponent("stderr").path

    let script = """
      cd -- "$0" || exit 125
      ulimit -v \(max(addressSpaceLimit >> 10, 1)) || exit 125
      ulimit -f \(max(outputFileLimit >> 9, 1)) || exit 125
      exec "$@"
      """
    let words = ["/bin/sh", "-c", script, directory.path, executable.path] + arguments
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var all = sigset_t()
    sigfillset(&all)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setpgroup(&attributes, 0)
    let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = words.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }

    var pid: pid_t = 0
    let start = ContinuousClock.now
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      throw SpawnError(description: "posix_spawn /bin/sh: \(String(cString: strerror(spawned)))")
    }

    var status: Int32 = 0
    var usage = rusage()
    var timedOut = false
    while true {
      let reaped = wait4(pid, &status, WNOHANG, &usage)
      if reaped == pid { break }
      if reaped == -1 && errno != EINTR {
        let reason = String(cString: strerror(errno))
        kill(-pid, SIGKILL)
        throw SpawnError(description: "wait4 \(pid): \(reason)")
      }
      if !timedOut && ContinuousClock.now - start >= timeout {
        timedOut = true
        kill(-pid, SIGKILL)
      }
      usleep(2_000)
    }
    let wallTime = ContinuousClock.now - start

    let signal = status & 0x7f
    let ending: LimitedRun.Ending = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    let (outText, outBytes) = try Self.capped(outPath, limit: captureLimit)
    let (errText, errBytes) = try Self.capped(errPath, limit: captureLimit)
    return LimitedRun(
      ending: ending, timedOut: timedOut, wallTime: wallTime,
      cpuTime: .microseconds(
        Int64(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000
          + Int64(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)),
      peakResidentBytes: usage.ru_maxrss * 1024,
      stdout: outText, stderr: errText, stdoutBytes: outBytes, stderrBytes: errBytes)
  }

  /// Reads at most `limit` bytes of a file: all of it when it fits, else its head and its tail.
  /// - Parameters:
  ///   - path: The file.
  ///   - limit: The most bytes to read.
  /// - Returns: The text (invalid UTF-8 replaced) and the file's full size.
  /// - Throws: The file system's error.
  static func capped(_ path: String, limit: Int) throws -> (text: String, size: Int) {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    let size = Int(try handle.seekToEnd())
    try handle.seek(toOffset: 0)
    guard size > limit else {
      return (String(decoding: try handle.read(upToCount: size) ?? Data(), as: UTF8.self), size)
    }
    let half = limit / 2
    let head = try handle.read(upToCount: half) ?? Data()
    try handle.seek(toOffset: UInt64(size - half))
    let tail = try handle.read(upToCount: half) ?? Data()
    let text =
      String(decoding: head, as: UTF8.self) + "\n[... \(size - 2 * half) bytes left out ...]\n"
      + String(decoding: tail, as: UTF8.self)
    return (text, size)
  }
}
