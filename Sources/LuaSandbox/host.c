// The host record: the allocator every state of a record uses, and the state's creation (host.h).

#include "host.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdlib.h>

#include "arena.h"
#include "budget.h"
#include "budget_internal.h"
#include "identity.h"
#include "library.h"

sandbox_host *sandbox_host_of(lua_State *L) {
  void *ud = NULL;
  (void)lua_getallocf(L, &ud);
  return (sandbox_host *)ud;
}

void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  sandbox_host *h = (sandbox_host *)ud;
  size_t old = ptr ? osize : 0;
  sandbox_block *block = ptr ? (sandbox_block *)ptr - 1 : NULL;
  if (nsize == 0) {
    if (h->arena == NULL) {
      free(block);
    } else if (block != NULL) {
      sandbox_arena_release(h->arena, block, sizeof(sandbox_block) + old);
    }
    h->bytes -= old;
    return NULL;
  }
  if (nsize > old && h->enforce) {
    if (h->limit && h->bytes - old + nsize > h->limit) return NULL;
    if (h->depth > 0) {  // growth is work: billed to the budget (Lua turns NULL into a memory error)
      long long units = (long long)((nsize - old) / SANDBOX_BYTES_PER_UNIT);
      if (h->exhausted || units >= h->remaining) {
        if (units > 0 || h->exhausted) {
          if (!h->exhausted) h->exhausted = SANDBOX_SPENT_INSTRUCTIONS;
          return NULL;
        }
      }
      h->remaining -= units;
      sandbox_spend(h, units);
    }
  }
  sandbox_block *next =
      h->arena == NULL
          ? (sandbox_block *)realloc(block, sizeof(sandbox_block) + nsize)
          : (sandbox_block *)sandbox_arena_realloc(h->arena, block,
                                                   block ? sizeof(sandbox_block) + old : 0,
                                                   sizeof(sandbox_block) + nsize);
  if (next == NULL) return nsize <= old ? ptr : NULL;  // a shrink never fails
  if (block == NULL) {
    // Lua passes a new object's type as osize (the manual, lua_Alloc): only the objects that may be
    // keys or printed are numbered, in creation order. Other blocks (arrays, hash parts) are made as
    // hashing dictates, which differs from run to run, so they must not take a number.
    int object = osize == LUA_TTABLE || osize == LUA_TFUNCTION || osize == LUA_TTHREAD;
    next->number = object ? ++h->blocks : 0;
  }
  h->bytes = h->bytes - old + nsize;
  h->allocations += 1;
  return next + 1;
}

/// The standard libraries a state opens: those the sandbox hands out (the prelude copies them into
/// every environment). `io`, `os`, `debug` and `package` are never reachable from a script (the
/// prelude refuses their names), so they are not opened at all.
static const luaL_Reg sandbox_libraries[] = {
    {LUA_GNAME, luaopen_base},       {LUA_COLIBNAME, luaopen_coroutine}, {LUA_TABLIBNAME, luaopen_table},
    {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},   {LUA_UTF8LIBNAME, luaopen_utf8},
    {NULL, NULL}};

/// Collects in full and sets the next threshold from the bytes still live.
static void sandbox_collect(lua_State *L, sandbox_host *h) {
  lua_gc(L, LUA_GCCOLLECT);
  size_t live = h->bytes;
  size_t doubled = live > (size_t)-1 / 2 ? (size_t)-1 : 2 * live;
  h->collect_at = doubled > live + SANDBOX_COLLECT_MIN_GROWTH ? doubled : live + SANDBOX_COLLECT_MIN_GROWTH;
}

void sandbox_collect_if_due(lua_State *L, sandbox_host *h) {
  if (h->bytes > h->collect_at) sandbox_collect(L, h);
}

lua_State *sandbox_newstate(sandbox_host *h) {
  lua_State *L = lua_newstate(sandbox_alloc, h);
  if (L == NULL) return NULL;
  for (const luaL_Reg *lib = sandbox_libraries; lib->func != NULL; lib++) {
    luaL_requiref(L, lib->name, lib->func, 1);
    lua_pop(L, 1);
  }
  sandbox_install_counted_libraries(L);
  lua_settop(L, 0);
  sandbox_set_budget(L, h->budget);
  sandbox_collect(L, h);
  lua_gc(L, LUA_GCSTOP);  // from now on, whole cycles only (see host.h)
  return L;
}
