import Foundation
import SheetScript

let usage = """
  usage: sheet <command> [options]

  commands:
    --version   print the version and the embedded Lua runtime
    --help      print this help
  """

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "--version":
  print(SheetScriptVersion.banner)
case "--help", "-h":
  print(usage)
default:
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(2)
}
