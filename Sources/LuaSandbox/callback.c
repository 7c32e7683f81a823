// The closure trampoline: the lua_CFunction behind every Swift closure (callback.h).

#include "callback.h"

#include <lauxlib.h>
#include <lua.h>
#include <stddef.h>

#include "budget_internal.h"
#include "host.h"

static const char *const SANDBOX_CALLBACK_META = "sheetscript.callback";

static int sandbox_callback_gc(lua_State *L) {
  void **slot = (void **)lua_touserdata(L, 1);
  if (slot != NULL && *slot != NULL) {
    sandbox_host_of(L)->release(*slot);
    *slot = NULL;
  }
  return 0;
}

/// The lua_CFunction behind every Swift closure: calls Swift, then raises or yields here, in C.
static int sandbox_trampoline(lua_State *L) {
  sandbox_host *h = sandbox_host_of(L);
  // A spent budget (one the allocator found, which a script may have caught as a memory error) runs
  // no host function: it raises again here.
  if (h->exhausted && h->depth > 0) return sandbox_exhaust(L, h, h->exhausted);
  void **slot = (void **)lua_touserdata(L, lua_upvalueindex(1));
  int enforce = h->enforce;
  h->enforce = 0;  // host reserve: Swift's pushes are never refused
  int result = h->callback(L, *slot);
  if (result == SANDBOX_CALLBACK_ERROR) {  // the message is the host's: built in the reserve too
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
    h->enforce = enforce;
    return lua_error(L);
  }
  h->enforce = enforce;
  if (result >= 0) return result;
  return lua_yield(L, SANDBOX_CALLBACK_YIELD - result);
}

void sandbox_push_callback(lua_State *L, void *context) {
  void **slot = (void **)lua_newuserdatauv(L, sizeof(void *), 0);
  *slot = context;
  if (luaL_newmetatable(L, SANDBOX_CALLBACK_META)) {
    lua_pushcfunction(L, sandbox_callback_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
  }
  lua_setmetatable(L, -2);
  lua_pushcclosure(L, sandbox_trampoline, 1);
}
