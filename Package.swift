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
    // The sandbox's own C (host record, allocator, budget, protected calls, counted library), over Lua's
    // public API alone; its headers in include/ are what LuaHost calls (scripts/check-c compiles it with
    // -Wall -Wextra -Werror: unsafeFlags here would refuse this package as a dependency).
    .target(name: "LuaSandbox", dependencies: ["CLua"]),
    .target(name: "LuaHost", dependencies: ["CLua", "LuaSandbox"]),
    // CivetWeb, the HTTP and WebSocket server of `sheet preview` (Debian ships no .pc file for it: the
    // module map links it by name).
    .systemLibrary(
      name: "CCivetWeb",
      providers: [.apt(["libcivetweb-dev"]), .brew(["civetweb"])]
    ),
    // Debug builds check the machine's invariants after every call (SheetMachine._checkInvariants()).
    .target(name: "SheetCore", swiftSettings: [.define("SHEET_INVARIANTS", .when(configuration: .debug))]),
    .target(
      name: "SheetScript",
      dependencies: ["LuaHost", "SheetCore"],
      plugins: [.plugin(name: "EmbedBehaviours")]
    ),
    .executableTarget(name: "EmbedBehavioursTool"),
    .plugin(name: "EmbedBehaviours", capability: .buildTool(), dependencies: ["EmbedBehavioursTool"]),
    // `sheet preview`: a browser page driven by a ScriptedSheet over a loopback WebSocket; its page
    // (Sources/SheetPreview/Page) is embedded by the EmbedPreviewPage plugin.
    .target(
      name: "SheetPreview",
      dependencies: ["CCivetWeb", "SheetScript", "SheetCore"],
      exclude: ["Page"],
      plugins: [.plugin(name: "EmbedPreviewPage")]
    ),
    .executableTarget(name: "EmbedPreviewPageTool"),
    .plugin(name: "EmbedPreviewPage", capability: .buildTool(), dependencies: ["EmbedPreviewPageTool"]),
    .executableTarget(
      name: "SheetCLI", dependencies: ["SheetScript", "SheetCore", "LuaHost", "SheetPreview"]),
    // The README's host example (scripts/check-host-package builds it from a separate package too).
    .executableTarget(name: "SheetHostExample", dependencies: ["SheetScript", "SheetCore"]),
    // The Swift fuzz targets (Tests/Fuzz/Swift, scripts/fuzz): libFuzzer's main runs them when built
    // with --sanitize=fuzzer; a plain build makes an executable that does nothing.
    .executableTarget(
      name: "SheetFuzz", dependencies: ["SheetScript", "SheetCore", "SheetPreview"], path: "Tests/Fuzz/Swift"),
    .testTarget(name: "LuaHostTests", dependencies: ["LuaHost", "SheetTestSupport"]),
    .target(name: "SheetTestSupport", dependencies: ["SheetCore"], path: "Tests/SheetTestSupport"),
    .testTarget(name: "SheetCoreTests", dependencies: ["SheetCore", "SheetTestSupport"]),
    .testTarget(
      name: "SheetScriptTests", dependencies: ["SheetScript", "SheetCore", "LuaHost", "SheetTestSupport"]),
    // Runs the built `sheet` binary; it imports nothing of the package.
    .testTarget(name: "SheetCLITests"),
    .testTarget(
      name: "SheetPreviewTests", dependencies: ["SheetPreview", "SheetScript", "SheetCore", "CCivetWeb"]),
  ],
  swiftLanguageModes: [.v6]
)
