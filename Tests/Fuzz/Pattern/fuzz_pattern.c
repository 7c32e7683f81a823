// libFuzzer target `pattern`: the sandbox's string.find, match, gmatch and gsub (match.c) against Lua's
// own (the stock lstrlib functions the sandbox keeps, sandbox_push_original_library) on the same
// subject, pattern, start, replacement and count. Both must return the same values (types and text of
// every result and capture) or fail with the same message. Built by scripts/fuzz with clang's
// -fsanitize=fuzzer,address,undefined over the sandbox's C (Sources/LuaSandbox/*.c) and Debian's
// liblua5.4 (not instrumented).
//
// Input: one control byte, one start byte, then subject, pattern and replacement separated by 0xFF
// bytes (missing fields are empty). Control bits 0-1 pick the function (find, match, gmatch, gsub);
// bit 2 passes find's `plain`; bits 3-4 pick gsub's replacement (string, table, function, number);
// bit 5 passes gsub's count (the start byte, 0...15); bit 6 passes the start byte as `init` (signed).
//
// Bounds per input: the sandbox's run is charged to an instruction budget and a memory cap; when it
// spends either, Lua's run is skipped (it would backtrack as long, with nothing to stop it), so only
// runs that finish within the budget are compared. libFuzzer's -timeout, -rss_limit_mb and -max_len
// (scripts/fuzz) bound the rest.

#include <lauxlib.h>
#include <lua.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "calls.h"
#include "host.h"
#include "library.h"

enum {
  FUZZ_BUDGET = 2000000,           // instructions and matching steps per call
  FUZZ_MEMORY = 64 * 1024 * 1024,  // bytes a state may hold
};

// The driver: runs one function of `impl` (a table with find, match, gmatch, gsub) and returns its
// outcome as text: "ok" and each result's type and value, or "error" and the message. Argument names of
// the two implementations differ ("bad argument #2 to 'find'" is named from the call), so the name of
// the function in such a message is left out.
static const char *const fuzz_driver =
    "local impl, op, s, p, r, init, plain, rkind, maxn = ...\n"
    "local function show(t)\n"
    "  local out = {}\n"
    "  for i = 1, t.n do\n"
    "    local v = t[i]\n"
    "    out[#out + 1] = math.type(v) or type(v)\n"
    "    out[#out + 1] = (type(v) == 'string' or type(v) == 'number') and v or ''\n"
    "  end\n"
    "  return table.concat(out, '\\0')\n"
    "end\n"
    "local function run()\n"
    "  if op == 0 then return show(table.pack(impl.find(s, p, init, plain))) end\n"
    "  if op == 1 then return show(table.pack(impl.match(s, p, init))) end\n"
    "  if op == 2 then\n"
    "    local it, parts = impl.gmatch(s, p, init), {}\n"
    "    for _ = 1, 256 do  -- gmatch iterations compared\n"
    "      local t = table.pack(it())\n"
    "      parts[#parts + 1] = show(t)\n"
    "      if t[1] == nil then break end\n"
    "    end\n"
    "    return table.concat(parts, '\\1')\n"
    "  end\n"
    "  local repl = r\n"
    "  if rkind == 1 then\n"
    "    repl = { [s:sub(1, 1)] = 'T', [s:sub(2, 2)] = false, [s:sub(1, 2)] = 7, x = 'X' }\n"
    "  elseif rkind == 2 then\n"
    "    repl = function(...)\n"
    "      local n = select('#', ...)\n"
    "      if n % 2 == 0 then return nil end\n"
    "      return n .. ':' .. table.concat({ ... }, ',')\n"
    "    end\n"
    "  elseif rkind == 3 then\n"
    "    repl = #r\n"
    "  end\n"
    "  return show(table.pack(impl.gsub(s, p, repl, maxn)))\n"
    "end\n"
    "local ok, result = pcall(run)\n"
    "if ok then return 'ok\\0' .. result end\n"
    "result = tostring(result):gsub(\"to '[^']*'\", \"to '?'\")\n"
    "return 'error\\0' .. result\n";

typedef struct fuzz_input {
  int op, plain, rkind, has_count, has_init;
  lua_Integer start;
  const char *field[3];
  size_t length[3];
} fuzz_input;

static void fuzz_split(const uint8_t *data, size_t size, fuzz_input *in) {
  memset(in, 0, sizeof *in);
  uint8_t control = size > 0 ? data[0] : 0;
  uint8_t start = size > 1 ? data[1] : 0;
  in->op = control & 3;
  in->plain = (control >> 2) & 1;
  in->rkind = (control >> 3) & 3;
  in->has_count = (control >> 5) & 1;
  in->has_init = (control >> 6) & 1;
  in->start = in->has_count ? (lua_Integer)(start & 15) : (lua_Integer)(int8_t)start;
  const char *p = size > 2 ? (const char *)data + 2 : "";
  const char *end = size > 2 ? (const char *)data + size : p;
  for (int i = 0; i < 3; i++) {
    const char *stop = i < 2 ? memchr(p, 0xFF, (size_t)(end - p)) : NULL;
    if (stop == NULL) stop = end;
    in->field[i] = p;
    in->length[i] = (size_t)(stop - p);
    p = stop < end ? stop + 1 : end;
  }
}

/// Runs the driver with the given implementation table (on the stack's top) and returns its outcome
/// (malloc'd, *length set), or NULL when the budget or the memory cap was spent; the stack is left
/// as it was.
static char *fuzz_run(lua_State *L, sandbox_host *h, const fuzz_input *in, size_t *length) {
  int impl = lua_gettop(L);
  if (luaL_loadbuffer(L, fuzz_driver, strlen(fuzz_driver), "=driver") != LUA_OK) abort();
  lua_pushvalue(L, impl);
  lua_pushinteger(L, in->op);
  lua_pushlstring(L, in->field[0], in->length[0]);
  lua_pushlstring(L, in->field[1], in->length[1]);
  lua_pushlstring(L, in->field[2], in->length[2]);
  if (in->has_init && !in->has_count) {
    lua_pushinteger(L, in->start);
  } else {
    lua_pushnil(L);
  }
  lua_pushboolean(L, in->plain);
  lua_pushinteger(L, in->rkind);
  if (in->has_count) {
    lua_pushinteger(L, in->start);
  } else {
    lua_pushnil(L);
  }
  int status = sandbox_pcall_host(L, h, 9, 1);
  char *out = NULL;
  size_t len = 0;
  const char *text = lua_tolstring(L, -1, &len);
  int spent = h->exhausted != SANDBOX_SPENT_NONE ||
              (text != NULL && (strstr(text, "not enough memory") != NULL ||
                                strstr(text, "budget exceeded") != NULL ||
                                strstr(text, "stack overflow") != NULL));
  if (status == LUA_OK && text != NULL && !spent) {
    out = malloc(len + 1);
    if (out == NULL) abort();
    memcpy(out, text, len);
    out[len] = '\0';
    *length = len;
  } else if (status != LUA_OK && !spent) {
    fprintf(stderr, "driver failed (%d): %s\n", status, text ? text : "?");
    abort();
  }
  lua_settop(L, impl);
  return out;
}

static void fuzz_print(const char *label, const char *text, size_t length) {
  fprintf(stderr, "%s: ", label);
  for (size_t i = 0; i < length && i < 2000; i++) {
    unsigned char c = (unsigned char)text[i];
    if (c == 0) {
      fputs(" | ", stderr);
    } else if (c < 0x20 || c >= 0x7F) {
      fprintf(stderr, "\\x%02X", c);
    } else {
      fputc(c, stderr);
    }
  }
  fputc('\n', stderr);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in;
  fuzz_split(data, size, &in);

  sandbox_host h;
  memset(&h, 0, sizeof h);
  h.limit = FUZZ_MEMORY;
  h.budget = FUZZ_BUDGET;
  lua_State *L = sandbox_newstate(&h);
  if (L == NULL) abort();

  // The sandbox's functions: those installed in the string table.
  lua_getglobal(L, "string");
  size_t ours_length = 0;
  char *ours = fuzz_run(L, &h, &in, &ours_length);
  lua_pop(L, 1);

  if (ours != NULL) {
    // Lua's own: the copies the sandbox kept before replacing them.
    sandbox_push_original_library(L, "string");
    if (!lua_istable(L, -1)) abort();
    size_t theirs_length = 0;
    char *theirs = fuzz_run(L, &h, &in, &theirs_length);
    lua_pop(L, 1);
    if (theirs != NULL &&
        (ours_length != theirs_length || memcmp(ours, theirs, ours_length) != 0)) {
      fuzz_print("subject", in.field[0], in.length[0]);
      fuzz_print("pattern", in.field[1], in.length[1]);
      fuzz_print("replacement", in.field[2], in.length[2]);
      fprintf(stderr, "function %d, plain %d, replacement kind %d, start %lld (init %d, count %d)\n",
              in.op, in.plain, in.rkind, (long long)in.start, in.has_init, in.has_count);
      fuzz_print("sandbox", ours, ours_length);
      fuzz_print("lua    ", theirs, theirs_length);
      abort();
    }
    free(theirs);
  }
  free(ours);
  lua_close(L);
  return 0;
}
