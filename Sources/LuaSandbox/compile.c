// The compile funnel: every text chunk a state runs is parsed here, the host's files through
// sandbox_compile (compile.h) and the sandbox's load and require through sandbox_load_text
// (compile_internal.h), each after the check of its expression chains (chain.h).

#include "compile.h"

#include <lauxlib.h>
#include <lua.h>
#include <stdlib.h>
#include <string.h>

#include "chain.h"
#include "compile_internal.h"
#include "host.h"

/// When the text's expression chains go deeper than SANDBOX_MAX_CHAIN_STEPS, pushes the refusal
/// ("file.lua:3: expression chain too long (200000 steps, at most 1000)", the chunk named as Lua's
/// messages name it) and returns 1; otherwise pushes nothing and returns 0. Raises only when the
/// message's memory cannot be had.
static int sandbox_refuse_chains(lua_State *L, const char *text, size_t length, const char *chunkname) {
  sandbox_chain_depth depth = sandbox_chain_scan(text, length);
  if (depth.steps <= SANDBOX_MAX_CHAIN_STEPS) return 0;
  // The chunk's name as Lua's own messages print it (short_src): that of an empty chunk of that name.
  const char *place = chunkname;
  lua_Debug ar;
  int named = luaL_loadbufferx(L, "", 0, chunkname, "t") == LUA_OK && lua_getinfo(L, ">S", &ar);
  if (named) {
    place = ar.short_src;
  } else {
    lua_pop(L, 1);  // the load's error message
  }
  lua_pushfstring(L, "%s:%d: expression chain too long (%I steps, at most %d)", place, depth.line,
                  (lua_Integer)depth.steps, SANDBOX_MAX_CHAIN_STEPS);
  return 1;
}

int sandbox_load_text(lua_State *L) {
  size_t length;
  const char *text = luaL_checklstring(L, 1, &length);
  const char *chunkname = luaL_optstring(L, 2, text);
  int status = sandbox_refuse_chains(L, text, length, chunkname)
                   ? LUA_ERRSYNTAX
                   : luaL_loadbufferx(L, text, length, chunkname, "t");
  if (status != LUA_OK) {
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;  // nil and the message, as load's
  }
  if (!lua_isnoneornil(L, 3)) {
    lua_pushvalue(L, 3);
    if (lua_setupvalue(L, -2, 1) == NULL) lua_pop(L, 1);
  }
  return 1;
}

static int sandbox_bytes_writer(lua_State *L, const void *p, size_t size, void *ud) {
  (void)L;
  sandbox_bytes *b = (sandbox_bytes *)ud;
  if (b->length + size > b->capacity) {
    size_t capacity = b->capacity ? b->capacity : 4096;
    while (capacity < b->length + size) capacity *= 2;
    unsigned char *grown = (unsigned char *)realloc(b->data, capacity);
    if (grown == NULL) return 1;
    b->data = grown;
    b->capacity = capacity;
  }
  memcpy(b->data + b->length, p, size);
  b->length += size;
  return 0;
}

void sandbox_bytes_free(sandbox_bytes *b) {
  free(b->data);
  b->data = NULL;
  b->length = b->capacity = 0;
}

lua_State *sandbox_newcompiler(sandbox_host *h) { return lua_newstate(sandbox_alloc, h); }

int sandbox_compile(lua_State *C, sandbox_host *ch, const char *text, size_t length,
                    const char *chunkname, size_t room, sandbox_bytes *out,
                    unsigned long long *blocks) {
  lua_settop(C, 0);
  lua_gc(C, LUA_GCCOLLECT);  // the previous chunks' garbage does not count against the room
  if (sandbox_refuse_chains(C, text, length, chunkname)) return LUA_ERRSYNTAX;
  unsigned long long before = ch->blocks;
  ch->limit = room > 0 ? ch->bytes + room : 0;
  ch->enforce = 1;
  int status = luaL_loadbufferx(C, text, length, chunkname, "t");
  ch->enforce = 0;
  ch->limit = 0;
  if (status != LUA_OK) return status;
  *blocks = ch->blocks - before;
  out->length = 0;
  int failed = lua_dump(C, sandbox_bytes_writer, out, 0);
  lua_settop(C, 0);
  return failed ? LUA_ERRMEM : LUA_OK;
}

int sandbox_load_compiled(lua_State *L, sandbox_host *h, const unsigned char *bytes,
                          size_t length, const char *chunkname,
                          unsigned long long blocks) {
  unsigned long long before = h->blocks;
  int enforce = h->enforce;
  h->enforce = 1;
  int status = luaL_loadbufferx(L, (const char *)bytes, length, chunkname, "b");
  h->enforce = enforce;
  if (status == LUA_OK && h->blocks - before < blocks) h->blocks = before + blocks;
  return status;
}
