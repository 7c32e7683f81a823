// The sandbox's next, pairs and tostring (order.c): a deterministic order and identities. Library
// functions: they run inside a Lua call and raise.
#ifndef SHEETSCRIPT_LUASANDBOX_ORDER_H
#define SHEETSCRIPT_LUASANDBOX_ORDER_H

#include <lua.h>

/// pairs(t): __pairs when t has one, else a sorted walk of t's keys.
int sandbox_pairs(lua_State *L);

/// next(t [, k]) in the sandbox's order.
int sandbox_next(lua_State *L);

/// tostring(v): Lua's, except that a table, function or coroutine without __tostring or __name shows
/// its allocation number instead of its address.
int sandbox_tostring(lua_State *L);

#endif
