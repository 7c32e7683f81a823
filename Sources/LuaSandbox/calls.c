// Protected host calls and the message handler (calls.h).

#include "calls.h"

#include <lauxlib.h>
#include <lua.h>

#include "budget_internal.h"
#include "host.h"

// MARK: - Error messages

/// Pushes a readable string for the error object at idx; never raises (a failing __tostring is caught).
/// An error's __tostring is script code: it runs under the cap and the budget like any other (with a
/// spent budget it fails at once and the fallback text is used).
static const char *sandbox_push_errstring(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) == LUA_TSTRING || lua_type(L, idx) == LUA_TNUMBER) {
    lua_pushvalue(L, idx);
    return lua_tostring(L, -1);
  }
  if (luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) {
    lua_pushvalue(L, idx);
    if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) return lua_tostring(L, -1);
    lua_pop(L, 1);
  }
  return lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, idx));
}

/// Pushes the error at index 1 as text followed by thread's traceback from level. The text is the
/// script's (under the cap); the traceback is the host's, built in the host reserve so that a spent
/// budget or a full heap still gets its message.
static void sandbox_push_traceback(lua_State *L, lua_State *thread, int level) {
  sandbox_host *h = sandbox_host_of(L);
  const char *msg = sandbox_push_errstring(L, 1);
  int enforce = h->enforce;
  h->enforce = 0;
  luaL_traceback(L, thread, msg, level);
  h->enforce = enforce;
}

/// The message handler: the error as text followed by luaL_traceback.
static int sandbox_msgh(lua_State *L) {
  sandbox_push_traceback(L, L, 1);
  return 1;
}

static int sandbox_thread_traceback(lua_State *L) {
  sandbox_push_traceback(L, (lua_State *)lua_touserdata(L, 2), 0);
  return 1;
}

// MARK: - Protected host calls

/// lua_pcall with the memory cap enforced and the budget running (entered and left around the call).
static int sandbox_guarded_pcall(lua_State *L, sandbox_host *h, int nargs, int nresults, int handler) {
  sandbox_enter(L, h);
  int enforce = h->enforce;
  h->enforce = 1;
  int status = lua_pcall(L, nargs, nresults, handler);
  h->enforce = enforce;
  h->depth -= 1;
  if (h->depth == 0) sandbox_collect_if_due(L, h);
  return status;
}

int sandbox_pcall_host(lua_State *L, sandbox_host *h, int nargs, int nresults) {
  int handler = lua_gettop(L) - nargs;
  lua_pushcfunction(L, sandbox_msgh);
  lua_insert(L, handler);
  int status = sandbox_guarded_pcall(L, h, nargs, nresults, handler);
  lua_remove(L, handler);
  return status;
}

int sandbox_call_number(lua_State *L, sandbox_host *h, int ref, double x, double *out,
                        int *out_type) {
  lua_pushcfunction(L, sandbox_msgh);  // the handler goes first: no stack rotation needed
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  lua_pushnumber(L, x);
  int status = sandbox_guarded_pcall(L, h, 1, 1, -3);
  if (status != LUA_OK) {
    lua_remove(L, -2);
    return status;
  }
  int isnum = 0;
  *out = lua_tonumberx(L, -1, &isnum);
  *out_type = lua_type(L, -1);
  lua_pop(L, 2);
  return isnum ? LUA_OK : -1;
}

int sandbox_call_refs(lua_State *L, sandbox_host *h, int ref, int count, int a, int b, int c,
                      double *out, long long *out_integer, int *kind, int *is_integer,
                      int *out_base) {
  int base = lua_gettop(L);
  *out_base = base;
  if (!lua_checkstack(L, count + 3)) return SANDBOX_NO_STACK;
  lua_pushcfunction(L, sandbox_msgh);
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  if (count >= 1) lua_rawgeti(L, LUA_REGISTRYINDEX, a);
  if (count >= 2) lua_rawgeti(L, LUA_REGISTRYINDEX, b);
  if (count >= 3) lua_rawgeti(L, LUA_REGISTRYINDEX, c);
  int status = sandbox_guarded_pcall(L, h, count, 1, base + 1);
  if (status != LUA_OK) return status;
  *kind = lua_type(L, -1);
  if (*kind == LUA_TNUMBER) {
    *is_integer = lua_isinteger(L, -1);
    if (*is_integer) *out_integer = (long long)lua_tointeger(L, -1);
    *out = lua_tonumber(L, -1);
    lua_settop(L, base);
  } else if (*kind == LUA_TNIL) {
    lua_settop(L, base);
  }
  return LUA_OK;
}

int sandbox_bare_call_loop(lua_State *L, int ref, long long n, double x, double *sum) {
  for (long long i = 0; i < n; i++) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_pushnumber(L, x);
    int status = lua_pcall(L, 1, 1, 0);
    if (status != LUA_OK) {
      lua_pop(L, 1);
      return status;
    }
    *sum += lua_tonumber(L, -1);
    lua_pop(L, 1);
  }
  return LUA_OK;
}

int sandbox_resume_host(lua_State *L, sandbox_host *h, lua_State *co, int nargs, int *nresults) {
  sandbox_enter(L, h);
  int enforce = h->enforce;
  h->enforce = 1;
  int status = lua_resume(co, L, nargs, nresults);
  // The traceback (with the error's __tostring) and the reset (with pending __close handlers) are
  // script code too: they run before the cap and the budget are lifted.
  if (status != LUA_OK && status != LUA_YIELD) {
    lua_pushcfunction(L, sandbox_thread_traceback);
    lua_xmove(co, L, 1);
    lua_pushlightuserdata(L, co);
    int described = lua_pcall(L, 2, 1, 0) == LUA_OK;
    /* Only a thread that died is reset; a failed resume of a running thread leaves it LUA_OK. */
    if (lua_status(co) != LUA_OK) {
      h->closing += 1;  // the outermost close of this call: its handlers' own closes count from here
      lua_resetthread(co);
      h->closing -= 1;
    }
    h->enforce = enforce;  // the host reserve again: the fallback text below must not fail
    if (!described) {
      lua_pop(L, 1);
      lua_pushliteral(L, "(error object could not be described)");
    }
  } else {
    h->enforce = enforce;
  }
  h->depth -= 1;
  if (h->depth == 0) sandbox_collect_if_due(L, h);
  return status;
}
