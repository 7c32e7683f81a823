// Identity numbers of tables, functions and coroutines (identity.h).

#include "identity.h"

#include <lua.h>
#include <stddef.h>

#include "host.h"

/// The number of a light C function (a library function: no block of its own), given on first sight
/// from the objects' counter and kept in the registry, so it too is the same in every process.
/// Allocates: call only inside a Lua call.
static unsigned long long sandbox_light_number(lua_State *L, int idx) {
  sandbox_host *h = sandbox_host_of(L);
  if (lua_getfield(L, LUA_REGISTRYINDEX, "sheetscript.light") != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "sheetscript.light");
  }
  lua_pushvalue(L, idx);
  unsigned long long number;
  if (lua_rawget(L, -2) == LUA_TNUMBER) {
    number = (unsigned long long)lua_tointeger(L, -1);
    lua_pop(L, 2);
    return number;
  }
  lua_pop(L, 1);
  number = ++h->blocks;
  lua_pushvalue(L, idx);
  lua_pushinteger(L, (lua_Integer)number);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  return number;
}

unsigned long long sandbox_object_number(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  const char *p = (const char *)lua_topointer(L, idx);
  switch (lua_type(L, idx)) {
    case LUA_TTABLE: break;
    case LUA_TFUNCTION:
      if (lua_iscfunction(L, idx)) {
        if (lua_getupvalue(L, idx, 1) == NULL) return sandbox_light_number(L, idx);
        lua_pop(L, 1);
      }
      break;
    case LUA_TTHREAD: p -= LUA_EXTRASPACE; break;
    default: return 0;
  }
  return p == NULL ? 0 : ((const sandbox_block *)p - 1)->number;
}
