import SheetCore

/// A usage error: an unknown command or flag, a missing value or file, an `-o` that names a file the run
/// reads or cannot be written. The CLI exits with status 2.
struct UsageError: Error, Equatable {
  /// What was wrong, in one line.
  var message: String
}

/// A command's arguments split into positionals and options, checked against the flags it accepts.
struct CommandLineArguments {
  /// Arguments that are not options, in order.
  var positionals: [String] = []
  /// Each option's values in order (a repeatable option keeps them all); flags without a value hold `""`.
  var options: [String: [String]] = [:]

  /// Parses `arguments` for a command.
  /// - Parameters:
  ///   - arguments: The words after the command's name.
  ///   - valued: Options that take a value (`--set name=value` or `--set=name=value`), with their short forms.
  ///   - flags: Options that take no value.
  /// - Throws: `UsageError` naming an unknown option or a missing value.
  init(_ arguments: [String], valued: [String: String] = [:], flags: Set<String> = []) throws(UsageError) {
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      guard word.hasPrefix("-"), word != "-" else {
        positionals.append(word)
        continue
      }
      var name = word
      var inline: String?
      if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
        name = String(word[..<equals])
        inline = String(word[word.index(after: equals)...])
      }
      if let canonical = valued[name] {
        if let inline {
          options[canonical, default: []].append(inline)
        } else if index < arguments.count {
          options[canonical, default: []].append(arguments[index])
          index += 1
        } else {
          throw UsageError(message: "option \(name) needs a value")
        }
      } else if flags.contains(name), inline == nil {
        options[name, default: []].append("")
      } else {
        throw UsageError(message: "unknown option '\(word)'")
      }
    }
  }

  /// The last value of an option, if given.
  /// - Parameter name: The option's canonical name.
  /// - Returns: Its value, or `nil`.
  func value(_ name: String) -> String? { options[name]?.last }

  /// Whether a flag was given.
  /// - Parameter name: The flag.
  /// - Returns: `true` when present.
  func has(_ name: String) -> Bool { options[name] != nil }

  /// The value of a whole-number option, checked: in `range` and, when `multiple` is over 1, a multiple
  /// of it.
  /// - Parameters:
  ///   - name: The option's canonical name.
  ///   - range: The values it takes.
  ///   - multiple: A number the value must be a multiple of (1: any).
  ///   - subject: What the bounds are for, named in the message (`for lua_body`), or nil.
  /// - Returns: The value, or nil when the option was not given.
  /// - Throws: `UsageError` naming the option, its bounds and the value given.
  func wholeNumber(
    _ name: String, in range: ClosedRange<Int>, multipleOf multiple: Int = 1, for subject: String? = nil
  )
    throws(UsageError) -> Int?
  {
    precondition(multiple >= 1, "a multiple of at least 1")
    guard let text = value(name) else { return nil }
    guard let number = Int(text), range.contains(number), number % multiple == 0 else {
      let and = multiple > 1 ? " and a multiple of \(multiple)" : ""
      let bounds = "\(range.lowerBound)...\(range.upperBound)\(and)\(subject.map { " for \($0)" } ?? "")"
      throw UsageError(message: "\(name) expects a whole number in \(bounds), got '\(text)'")
    }
    return number
  }

  /// The `--format` a command was given, one of `formats` (the first when none was given).
  /// - Parameter formats: The formats the command writes, its default first.
  /// - Returns: The format.
  /// - Throws: `UsageError` naming the unknown format and the ones expected.
  func format(of formats: [String]) throws(UsageError) -> String {
    let format = value("--format") ?? formats[0]
    guard formats.contains(format) else {
      let expected = formats.dropLast().joined(separator: ", ") + " or " + formats[formats.count - 1]
      throw UsageError(message: "unknown format '\(format)' (expected \(expected))")
    }
    return format
  }

  /// Parses `--set name=value` options (or another option of that form) into threshold overrides, in
  /// order, each checked at once: a threshold the default policy reads must lie in its range
  /// (``DefaultPolicy/Threshold``).
  /// - Parameter option: The option (`--set` by default).
  /// - Returns: The overrides, later ones winning.
  /// - Throws: `UsageError` quoting a malformed override or naming the threshold, value and range.
  func overrides(_ option: String = "--set") throws(UsageError) -> [(name: String, value: Double)] {
    var result: [(name: String, value: Double)] = []
    for text in options[option] ?? [] {
      guard let equals = text.firstIndex(of: "=") else {
        throw UsageError(message: "\(option) expects name=value, got '\(text)'")
      }
      let name = String(text[..<equals])
      let raw = String(text[text.index(after: equals)...])
      guard !name.isEmpty, let value = Double(raw), value.isFinite else {
        throw UsageError(message: "\(option) \(text): '\(raw)' is not a finite number")
      }
      do throws(ThresholdError) {
        try DefaultPolicy.Threshold.check(name, value)
      } catch {
        throw UsageError(message: "\(option) \(text): \(error)")
      }
      result.append((name, value))
    }
    return result
  }
}
