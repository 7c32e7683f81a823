// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "SheetScript",
  products: [
    .executable(name: "sheet", targets: ["SheetCLI"]),
    .library(name: "SheetCore", targets: ["SheetCore"]),
    .library(name: "SheetTrace", targets: ["SheetTrace"]),
    .library(name: "SheetScript", targets: ["SheetScript"]),
    .library(name: "SheetScenario", targets: ["SheetScenario"]),
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
    // Traces of frames and events, their table, JSON Lines and CSV forms, and plots.
    .target(name: "SheetTrace", dependencies: ["SheetCore"]),
    .target(
      name: "SheetScript",
      dependencies: ["LuaHost", "SheetCore", "SheetTrace"],
      // Presets/ (the behaviours) and LuaTypes/ (the API's annotations for editors, which `sheet init`
      // writes out) are embedded by the EmbedFiles plugin, not built.
      exclude: ["Presets", "LuaTypes"],
      plugins: [.plugin(name: "EmbedFiles")]
    ),
    // The scenario language and its runner, the driver that synthesizes gestures and records traces,
    // comparisons and warm states for sweeps.
    .target(name: "SheetScenario", dependencies: ["LuaHost", "SheetCore", "SheetTrace", "SheetScript"]),
    // The one build plugin: it embeds the presets, the Lua annotations and the preview's page as Swift
    // string literals (Sources/EmbedFiles says which folders) with a shell script, embed-files.sh.
    .plugin(
      name: "EmbedFiles", capability: .buildTool(), path: "Sources/EmbedFiles", exclude: ["embed-files.sh"]),
    // `sheet preview`: a browser page driven by a ScriptedSheet over a loopback WebSocket; its page
    // (Sources/SheetPreview/Page) is embedded by the EmbedFiles plugin.
    .target(
      name: "SheetPreview",
      dependencies: ["CCivetWeb", "SheetScript", "SheetScenario", "SheetTrace", "SheetCore"],
      exclude: ["Page"],
      plugins: [.plugin(name: "EmbedFiles")]
    ),
    // The floors `sheet bench` measures the library against: a bare core frame, a bare callback loop,
    // a scenario's replay, the preview's round trip.
    .target(
      name: "SheetBench",
      dependencies: ["LuaHost", "SheetCore", "SheetScript", "SheetScenario", "SheetTrace", "SheetPreview"]),
    .executableTarget(
      name: "SheetCLI",
      dependencies: [
        "SheetScript", "SheetScenario", "SheetTrace", "SheetCore", "LuaHost", "SheetPreview", "SheetBench",
      ]),
    // The README's host example (scripts/check-host-package builds it from a separate package too).
    .executableTarget(name: "SheetHostExample", dependencies: ["SheetScript", "SheetCore"]),
    // The Swift fuzz targets (Tests/Fuzz/Swift, scripts/fuzz): libFuzzer's main runs them when built
    // with --sanitize=fuzzer; a plain build makes an executable that does nothing.
    .executableTarget(
      name: "SheetFuzz", dependencies: ["SheetScript", "SheetScenario", "SheetCore", "SheetPreview"],
      path: "Tests/Fuzz/Swift"),
    .testTarget(name: "LuaHostTests", dependencies: ["LuaHost", "SheetTestSupport"]),
    .target(name: "SheetTestSupport", dependencies: ["SheetCore"], path: "Tests/SheetTestSupport"),
    .testTarget(name: "SheetCoreTests", dependencies: ["SheetCore", "SheetBench", "SheetTestSupport"]),
    .testTarget(
      name: "SheetScriptTests",
      dependencies: [
        "SheetScript", "SheetScenario", "SheetTrace", "SheetCore", "LuaHost", "SheetBench",
        "SheetTestSupport",
      ]),
    // Runs the built `sheet` binary; it imports nothing of the package but the test helpers.
    .testTarget(name: "SheetCLITests", dependencies: ["SheetTestSupport"]),
    .testTarget(
      name: "SheetPreviewTests",
      dependencies: [
        "SheetPreview", "SheetScript", "SheetScenario", "SheetTrace", "SheetCore", "SheetBench", "CCivetWeb",
        "SheetTestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
