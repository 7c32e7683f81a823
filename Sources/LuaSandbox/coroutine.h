// The sandbox's coroutine.close and coroutine.wrap (coroutine.c). Library functions: they run inside a
// Lua call and raise.
#ifndef SHEETSCRIPT_LUASANDBOX_COROUTINE_H
#define SHEETSCRIPT_LUASANDBOX_COROUTINE_H

#include <lua.h>

/// coroutine.close(co): Lua's, with the reset counted.
int sandbox_coroutine_close(lua_State *L);

/// coroutine.wrap(f): Lua's, an error in the coroutine closing it counted.
int sandbox_coroutine_wrap(lua_State *L);

#endif
