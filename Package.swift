// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "SheetScript",
  products: [
    .executable(name: "sheet", targets: ["SheetCLI"]),
    .library(name: "SheetCore", targets: ["SheetCore"]),
    .library(name: "SheetScript", targets: ["SheetScript"]),
    .library(name: "LuaHost", targets: ["LuaHost"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLua",
      pkgConfig: "lua5.4",
      // Homebrew's keg-only lua@5.4 installs lua5.4.pc in opt/lua@5.4/lib/pkgconfig, which SwiftPM
      // searches for a .brew provider; the unversioned `lua` formula is Lua 5.5 (README, Beyond Linux).
      providers: [.apt(["liblua5.4-dev"]), .brew(["lua@5.4"])]
    ),
    .target(name: "LuaHost", dependencies: ["CLua"]),
    // Debug builds check the machine's invariants after every call (SheetMachine._checkInvariants()).
    .target(name: "SheetCore", swiftSettings: [.define("SHEET_INVARIANTS", .when(configuration: .debug))]),
    .target(
      name: "SheetScript",
      dependencies: ["LuaHost", "SheetCore"],
      plugins: [.plugin(name: "EmbedBehaviours")]
    ),
    .executableTarget(name: "EmbedBehavioursTool"),
    .plugin(name: "EmbedBehaviours", capability: .buildTool(), dependencies: ["EmbedBehavioursTool"]),
    .executableTarget(name: "SheetCLI", dependencies: ["SheetScript", "SheetCore", "LuaHost"]),
    // The README's host example (scripts/check-host-package builds it from a separate package too).
    .executableTarget(name: "SheetHostExample", dependencies: ["SheetScript", "SheetCore"]),
    .testTarget(name: "LuaHostTests", dependencies: ["LuaHost"]),
    .target(name: "SheetTestSupport", dependencies: ["SheetCore"], path: "Tests/SheetTestSupport"),
    .testTarget(name: "SheetCoreTests", dependencies: ["SheetCore", "SheetTestSupport"]),
    .testTarget(
      name: "SheetScriptTests", dependencies: ["SheetScript", "SheetCore", "LuaHost", "SheetTestSupport"]),
    // Runs the built `sheet` binary; it imports nothing of the package.
    .testTarget(name: "SheetCLITests"),
  ],
  swiftLanguageModes: [.v6]
)
