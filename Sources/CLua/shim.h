// Lua's function-like macros as static inline functions, for Swift, which imports no function-like
// macro (the rest of Lua's public C API, lua.h, lauxlib.h and lualib.h, Swift calls directly). The
// sandbox's own C (the host record, the allocator, the budget, protected calls, the counted library)
// is the LuaSandbox target (Sources/LuaSandbox).
#ifndef SHEETSCRIPT_CLUA_SHIM_H
#define SHEETSCRIPT_CLUA_SHIM_H

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline lua_Number clua_tonumber(lua_State *L, int idx) { return lua_tonumber(L, idx); }
static inline int clua_getref(lua_State *L, int ref) { return lua_rawgeti(L, LUA_REGISTRYINDEX, ref); }
static inline int clua_ref(lua_State *L) { return luaL_ref(L, LUA_REGISTRYINDEX); }
static inline void clua_unref(lua_State *L, int ref) { luaL_unref(L, LUA_REGISTRYINDEX, ref); }

#endif
