// The sandbox's string.find, match, gmatch and gsub (match.c): Lua 5.4's patterns with every step
// charged. Library functions: they run inside a Lua call and raise.
#ifndef SHEETSCRIPT_LUASANDBOX_MATCH_H
#define SHEETSCRIPT_LUASANDBOX_MATCH_H

#include <lua.h>

/// string.find (s, pattern [, init [, plain]]), budget-counted.
int sandbox_str_find(lua_State *L);

/// string.match (s, pattern [, init]), budget-counted.
int sandbox_str_match(lua_State *L);

/// string.gmatch (s, pattern [, init]), budget-counted ('^' is not an anchor here, as in Lua).
int sandbox_str_gmatch(lua_State *L);

/// string.gsub (s, pattern, repl [, n]), budget-counted.
int sandbox_str_gsub(lua_State *L);

#endif
