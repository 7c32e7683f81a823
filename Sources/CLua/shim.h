// The C side of SheetScript's Lua host: Lua's function-like macros as static inline functions,
// plus the C-only pieces that keep every Lua error (a longjmp) out of Swift frames.
#ifndef SHEETSCRIPT_CLUA_SHIM_H
#define SHEETSCRIPT_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

static inline int clua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
  return lua_pcall(L, nargs, nresults, msgh);
}
static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void clua_newtable(lua_State *L) { lua_newtable(L); }
static inline lua_Number clua_tonumber(lua_State *L, int idx) { return lua_tonumber(L, idx); }
static inline const char *clua_tostring(lua_State *L, int idx) { return lua_tostring(L, idx); }
static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }

#endif
