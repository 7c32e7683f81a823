// Trusted bytecode (compile.h).

#include "compile.h"

#include <lauxlib.h>
#include <lua.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"

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
