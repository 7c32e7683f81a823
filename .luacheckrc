-- luacheck configuration (`luacheck scripts`).
-- Behaviour files (Sources/SheetScript/Presets, Tests/Scenarios/fixtures, Tests/Fuzz/Planted) run in
-- LuaHost's sandbox: Lua 5.4's standard globals minus io, os, debug, package, dofile and loadfile; no
-- host globals.
-- Scenario files (Tests/Scenarios) also get the scenario language's globals: the scenario
-- calls are ScenarioCall's cases (Sources/SheetScenario/Scenario/ScenarioCall.swift), and ScenarioNamesTests
-- checks that this list holds exactly the globals a scenario gets.

std = "lua54"
not_globals = { "io", "os", "debug", "package", "dofile", "loadfile" }
max_line_length = 110

stds.sheet_scenario = {
  read_globals = {
    -- set-up
    "screen", "behaviour", "behavior", "content", "set", "edge",
    -- actions
    "present", "dismiss", "snap_to", "wait", "settle", "drag", "flick",
    "touch_down", "touch_move", "touch_up", "touch_cancel", "tap", "tap_backdrop", "back",
    "accessibility_action", "reduce_motion", "resize",
    "set_content_height", "scroll_to", "keyboard", "reload",
    -- reading and checking
    "sheet", "expect", "expect_near", "expect_script_error", "print",
  },
}

files["Tests/Scenarios"] = { std = "lua54+sheet_scenario" }
files["Tests/Scenarios/fixtures"] = { std = "lua54" }

-- A hot-reload fixture that is broken on purpose (a syntax error the host must refuse).
exclude_files = { "Tests/Scenarios/fixtures/reload_broken_syntax.lua" }

-- A behaviour's own properties for `sheet fuzz` (NAME.props.lua beside NAME.lua): they call `property`.
stds.sheet_properties = { read_globals = { "property" } }
files["**/*.props.lua"] = { std = "lua54+sheet_properties" }
