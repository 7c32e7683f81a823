import LuaHost
import SheetCore
import SheetScript

/// The author's own properties, loaded from a file of `property('name', function(sheet) ... end)`
/// calls into a sandboxed state of their own: each function gets the `sheet` view a scenario reads
/// (state, detent, target, height, backdrop, velocity, time, edge, keyboard, scroll) and holds when it
/// returns a true value. They are checked after every step once the sheet exists, in the order of
/// their names. A property only reads the sheet: the scenario calls it could reach do nothing here.
///
/// Used from one thread (a worker makes its own).
package final class FuzzUserProperties {
  /// The most properties a file may declare.
  package static let maximumCount = 100
  /// The longest name a property may have, characters.
  package static let maximumNameLength = 100

  /// The file they came from.
  package let file: FuzzPropertiesFile
  /// Their names, sorted (the order they are checked in).
  package let names: [String]
  private let state: LuaState
  private let view: ScenarioSheetView
  private let functions: [String: LuaFunction]
  /// `function(check) return check(sheet) and true or false end`, in the properties' state.
  private let evaluate: LuaFunction

  /// What went wrong loading the file.
  package struct LoadError: Error, CustomStringConvertible {
    package var description: String
  }

  /// Loads the properties of a file.
  /// - Parameter file: The file's name and text.
  /// - Throws: `LoadError` for a file that does not run, a `property` call without a name and a
  ///   function, a name a built-in property has, too long a name, or too many properties.
  package init(_ file: FuzzPropertiesFile) throws(LoadError) {
    self.file = file
    final class Collected: @unchecked Sendable {
      var functions: [String: LuaFunction] = [:]
    }
    let collected = Collected()
    do {
      state = try LuaState(LuaState.Options())
      let language = try ScenarioLanguage(in: state)
      view = ScenarioSheetView(data: language.sheetData, numbers: language.sheetNumbers)
      try state.register("property") { arguments in
        guard arguments.count >= 2, case .string(let name) = arguments[0],
          case .function(let check) = arguments[1]
        else {
          throw LoadError(
            description: "property expects a name and a function: property('name', function(sheet) ... end)")
        }
        guard name.count <= Self.maximumNameLength, FuzzProperty.named(name) == nil else {
          throw LoadError(
            description: name.count > Self.maximumNameLength
              ? "a property's name has at most \(Self.maximumNameLength) characters"
              : "'\(name)' is a built-in property's name; choose another")
        }
        collected.functions[name] = check
        guard collected.functions.count <= Self.maximumCount else {
          throw LoadError(description: "at most \(Self.maximumCount) properties")
        }
        return []
      }
      try state.load(file.text, name: file.name).callIgnoringResults()
      let made = try state.load(
        "return function(check) return check(sheet) and true or false end", name: "fuzz-properties")
      guard case .function(let function)? = try made.call().first else {
        throw LoadError(description: "\(file.name): the properties' state could not be set up")
      }
      evaluate = function
    } catch let error as LoadError {
      throw error
    } catch {
      throw LoadError(description: "\(error)")
    }
    functions = collected.functions
    names = functions.keys.sorted()
    guard !names.isEmpty else {
      throw LoadError(
        description: "\(file.name) declares no property (property('name', function(sheet) ... end))")
    }
  }

  /// The first checked property that does not hold for the sheet, in name order.
  /// - Parameters:
  ///   - machine: The sheet.
  ///   - checked: Whether a property is checked (not exempt).
  /// - Returns: Its name and what it did (returned false, or raised an error), or nil.
  func firstFailing(on machine: SheetMachine, checked: (FuzzProperty) -> Bool) -> (
    name: String, detail: String
  )? {
    view.write(machine, in: state)
    for name in names where checked(.user(name)) {
      guard let function = functions[name] else { continue }
      do throws(LuaError) {
        if try evaluate.call([.function(function)]).first == .boolean(true) { continue }
        return (name, "property '\(name)' returned false")
      } catch {
        return (name, "property '\(name)' raised: \(error)")
      }
    }
    return nil
  }

  /// The lines a written finding starts with to have the same properties: the file's text, loaded
  /// with `property` collecting them into `properties`.
  var scenarioLines: [String] {
    [
      "-- the properties of \(LuaLiteral.oneLine(file.name)), as sheet fuzz checked them",
      "local properties = {}",
      "do",
      "  local function property(name, check) properties[name] = check end",
      "  local env = setmetatable({ property = property }, { __index = _ENV })",
      "  assert(load(\(LuaLiteral.longString(file.text)), \(LuaLiteral.quoted("@" + file.name)), 't', env))()",
      "end",
    ]
  }
}
