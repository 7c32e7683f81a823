// The sandbox's coroutine.close and coroutine.wrap: Lua's, with every coroutine reset counted
// (sandbox_reset_counted), so __close handlers that close coroutines nest within the C stack's limit.
// Library functions: they run inside a Lua call and raise (C frames only).

#include "coroutine.h"

#include <lauxlib.h>
#include <lua.h>

#include "budget_internal.h"

/// The thread argument of coroutine.close (Lua's getco).
static lua_State *co_thread_argument(lua_State *L) {
  lua_State *co = lua_tothread(L, 1);
  luaL_argexpected(L, co != NULL, 1, "thread");
  return co;
}

/// Whether co can be closed from L: suspended (yielded, or created and not started) or dead; a
/// running or normal coroutine cannot (Lua's auxstatus), and its state is named in *state.
static int co_closable(lua_State *L, lua_State *co, const char **state) {
  lua_Debug ar;
  if (L == co) {
    *state = "running";
    return 0;
  }
  if (lua_status(co) == LUA_OK && lua_getstack(co, 0, &ar)) {
    *state = "normal";
    return 0;
  }
  return 1;
}

/// coroutine.close(co): Lua's, with the reset counted (sandbox_reset_counted): a close inside a __close
/// handler of a coroutine being closed is one level deeper.
int sandbox_coroutine_close(lua_State *L) {
  lua_State *co = co_thread_argument(L);
  const char *state = NULL;
  if (!co_closable(L, co, &state)) return luaL_error(L, "cannot close a %s coroutine", state);
  if (sandbox_reset_counted(L, co) == LUA_OK) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushboolean(L, 0);
  lua_xmove(co, L, 1);  // the error object
  return 2;
}

/// The function coroutine.wrap returns: resumes its coroutine (upvalue 1) with the arguments and
/// returns what it yields or returns; an error in the coroutine closes it (counted) and is raised
/// again here, a string with this call's position in front, as Lua's wrap does.
static int co_wrapped(lua_State *L) {
  lua_State *co = lua_tothread(L, lua_upvalueindex(1));
  int nargs = lua_gettop(L);
  if (!lua_checkstack(co, nargs)) return luaL_error(L, "too many arguments to resume");
  lua_xmove(L, co, nargs);
  int nresults = 0;
  int status = lua_resume(co, L, nargs, &nresults);
  if (status == LUA_OK || status == LUA_YIELD) {
    if (!lua_checkstack(L, nresults + 1)) {
      lua_pop(co, nresults);
      return luaL_error(L, "too many results to resume");
    }
    lua_xmove(co, L, nresults);
    return nresults;
  }
  // An error in the coroutine leaves it dead: closing it (counted) runs its to-be-closed values' handlers
  // with the error object still on its top, and leaves there the error to raise (a handler's own error,
  // or the original). A failed resume of a coroutine that cannot run leaves it as it was.
  status = lua_status(co);
  if (status != LUA_OK && status != LUA_YIELD) status = sandbox_reset_counted(L, co);
  lua_xmove(co, L, 1);
  if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

/// coroutine.wrap(f): a new coroutine running f, behind co_wrapped (Lua's allocations in
/// Lua's order: the thread, then the closure).
int sandbox_coroutine_wrap(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_State *co = lua_newthread(L);
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);
  lua_pushcclosure(L, co_wrapped, 1);
  return 1;
}
