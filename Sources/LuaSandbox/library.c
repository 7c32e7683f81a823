// The sandbox's counted standard library: wrappers that charge the host call's instruction budget for
// work Lua's C library does without running VM instructions (the count hook never fires inside C).
//
// The cost model, in budget units (one unit is one VM instruction):
// - bytes Lua allocates cost 1 unit per SANDBOX_BYTES_PER_UNIT (the allocator charges them, so string
//   building of every kind is covered: string.rep, format, concat, `..`, gsub, table growth);
// - work that allocates nothing costs 1 unit per element visited, moved or compared (string.rep's
//   copies of an empty string, string.byte's values, table.move/insert/remove/concat/unpack, utf8
//   ranges), or per SANDBOX_BYTES_PER_UNIT bytes scanned (tonumber, utf8.len), charged before the
//   work starts, so a call that cannot finish within the budget never starts;
// - table.sort costs 2 n log2(n) comparisons; collectgarbage's full cycle costs the heap size in
//   bytes / (4 SANDBOX_BYTES_PER_UNIT);
// - pattern matching (find, match, gmatch, gsub) runs in match.c, which counts every step;
// - coroutine.close and coroutine.wrap run in coroutine.c, which counts every coroutine reset;
// - the table functions are in table.c.
//
// Every function here runs inside a Lua call, so raising is safe (C frames only).

#include "library.h"

#include <lauxlib.h>
#include <lua.h>
#include <stddef.h>
#include <string.h>

#include "budget_internal.h"
#include "compile_internal.h"
#include "coroutine.h"
#include "host.h"
#include "identity.h"
#include "library_internal.h"
#include "match.h"
#include "order.h"

/// Runs the original library function (upvalue 1) on the wrapper's arguments; returns its results.
/// The original is a plain C function without upvalues, so it runs as a C call in the wrapper's own
/// frame rather than through lua_call: its errors then see the caller the script called, as the
/// original's do ("behaviour.lua:3: bad argument #1 to 'insert' (table expected, got nil)"), where a
/// call from the wrapper's frame lost the script's line (luaL_where found a C frame) and named the
/// function 'table.insert' or '?'. Wrappers leave the stack as they found it (only the arguments).
int sandbox_lib_forward(lua_State *L) {
  lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
  if (original != NULL) return original(L);
  int n = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, n, LUA_MULTRET);
  return lua_gettop(L);
}

/// The number of integers in from...to (0 when empty), without overflow.
double sandbox_lib_span(lua_Integer from, lua_Integer to) {
  return to >= from ? (double)to - (double)from + 1 : 0;
}

/// An optional integer argument, or def when absent or not an integer (the original then reports it).
lua_Integer sandbox_lib_optint(lua_State *L, int arg, lua_Integer def) {
  int ok = 0;
  lua_Integer value = lua_tointegerx(L, arg, &ok);
  return ok ? value : def;
}

/// A string position from a possibly negative index (Lua's posrelatI), as a 1-based position.
static lua_Integer cl_start(lua_Integer pos, size_t len) {
  if (pos > 0) return pos;
  if (pos == 0) return 1;
  if (pos < -(lua_Integer)len) return 1;
  return (lua_Integer)len + pos + 1;
}

/// A string end position (Lua's getendpos).
static lua_Integer cl_end(lua_Integer pos, size_t len) {
  if (pos > (lua_Integer)len) return (lua_Integer)len;
  if (pos >= 0) return pos;
  if (pos < -(lua_Integer)len) return 0;
  return (lua_Integer)len + pos + 1;
}

/// The raw length of a table argument (0 for anything else; the original reports the type).
double sandbox_lib_table_length(lua_State *L, int arg) {
  return lua_type(L, arg) == LUA_TTABLE ? (double)luaL_len(L, arg) : 0;
}

// MARK: string

/// string.rep: the result's bytes are billed (and capped) as they are allocated; copies of an empty
/// string and separator allocate nothing, so they cost one unit each.
static int cl_string_rep(lua_State *L) {
  size_t l, lsep;
  luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  luaL_optlstring(L, 3, "", &lsep);
  if (n > 0 && l + lsep == 0) sandbox_charge(L, (double)n);
  return sandbox_lib_forward(L);
}

/// string.byte: one unit per value returned.
static int cl_string_byte(lua_State *L) {
  size_t l;
  luaL_checklstring(L, 1, &l);
  lua_Integer first = sandbox_lib_optint(L, 2, 1);
  lua_Integer last = cl_end(sandbox_lib_optint(L, 3, first), l);
  sandbox_charge(L, 1 + sandbox_lib_span(cl_start(first, l), last));
  return sandbox_lib_forward(L);
}

/// Functions whose work is their argument count (string.char, string.pack, table.pack, utf8.char).
static int cl_per_argument(lua_State *L) {
  sandbox_charge(L, 1 + (double)lua_gettop(L));
  return sandbox_lib_forward(L);
}

/// string.pack, string.unpack, string.packsize: the format's length plus the arguments (options such
/// as spaces and `!<>=` produce nothing, so the bytes produced alone would not count them).
static int cl_per_format(lua_State *L) {
  size_t l = 0;
  if (lua_type(L, 1) == LUA_TSTRING) lua_tolstring(L, 1, &l);
  sandbox_charge(L, 1 + (double)lua_gettop(L) + (double)l);
  return sandbox_lib_forward(L);
}

/// string.format: as Lua's, charged per format byte and argument, with identities that do not depend
/// on addresses: '%s' of a table, function or coroutine uses the sandbox's tostring, and '%p' (an
/// address by definition) is refused.
static int cl_string_format(lua_State *L) {
  size_t lf;
  const char *f = luaL_checklstring(L, 1, &lf);
  const char *end = f + lf;
  int arg = 1;
  for (const char *p = f; p < end; p++) {
    if (*p != '%') continue;
    if (++p < end && *p == '%') continue;
    while (p < end && strchr("-+ #0123456789.", *p) != NULL && *p != '\0') p++;  // flags and sizes
    if (p >= end) break;
    arg++;
    if (*p == 'p') {
      return luaL_error(L, "'%%p' is not available in the sandbox (addresses differ between runs)");
    }
    if (*p == 's' && arg <= lua_gettop(L) && sandbox_object_number(L, arg) != 0) {
      lua_pushcfunction(L, sandbox_tostring);
      lua_pushvalue(L, arg);
      lua_call(L, 1, 1);
      lua_replace(L, arg);
    }
  }
  sandbox_charge(L, 1 + (double)lua_gettop(L) + (double)lf);
  return sandbox_lib_forward(L);
}

// MARK: utf8 and base

/// utf8.codepoint (s [, i [, j]]): one unit per byte of the range.
static int cl_utf8_codepoint(lua_State *L) {
  size_t l = 0;
  if (lua_type(L, 1) == LUA_TSTRING) lua_tolstring(L, 1, &l);
  lua_Integer first = sandbox_lib_optint(L, 2, 1);
  lua_Integer last = cl_end(sandbox_lib_optint(L, 3, first), l);
  sandbox_charge(L, 1 + sandbox_lib_span(cl_start(first, l), last));
  return sandbox_lib_forward(L);
}

/// The iterator utf8.codes returns, counted: each step skips a character's continuation bytes, which
/// the original does in C; the bytes it advanced are charged after it (at most the string's length).
static int cl_utf8_codes_step(lua_State *L) {
  lua_Integer before = sandbox_lib_optint(L, 2, 0);
  lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
  int results = original(L);
  if (results > 0 && lua_isinteger(L, -results)) {
    lua_Integer after = lua_tointeger(L, -results);
    if (after > before) sandbox_charge(L, 1 + (double)(after - before) / SANDBOX_BYTES_PER_UNIT);
  }
  return results;
}

/// utf8.codes (s [, lax]): the original's iterator wrapped in a counted one.
static int cl_utf8_codes(lua_State *L) {
  int results = sandbox_lib_forward(L);  // (iterator, s, 0)
  if (results >= 1 && lua_tocfunction(L, -results) != NULL) {
    lua_pushvalue(L, -results);
    lua_pushcclosure(L, cl_utf8_codes_step, 1);
    lua_replace(L, -results - 1);
  }
  return results;
}

/// Functions that scan their first string argument (utf8.len, utf8.offset, tonumber).
static int cl_per_byte(lua_State *L) {
  size_t l = 0;
  if (lua_type(L, 1) == LUA_TSTRING) lua_tolstring(L, 1, &l);
  sandbox_charge(L, 1 + (double)l / SANDBOX_BYTES_PER_UNIT);
  return sandbox_lib_forward(L);
}

/// collectgarbage: a full cycle or step visits the heap.
static int cl_collectgarbage(lua_State *L) {
  const char *option = luaL_optstring(L, 1, "collect");
  double work = 1;
  if (strcmp(option, "collect") == 0 || strcmp(option, "step") == 0) {
    work += (double)sandbox_host_of(L)->bytes / (4 * SANDBOX_BYTES_PER_UNIT);
  }
  sandbox_charge(L, work);
  return sandbox_lib_forward(L);
}

/// charge(units): the trusted prelude's way to bill work done on a script's behalf (parsing, printing,
/// module reading).
static int cl_charge(lua_State *L) {
  sandbox_charge(L, luaL_checknumber(L, 1));
  return 0;
}

// MARK: Installation

/// The registry field holding copies of the original libraries (by library name), for
/// LuaState.exposeOriginalLibrariesForTesting.
#define SANDBOX_ORIGINALS_FIELD "sheetscript.originals"

/// Keeps a copy of lib's original functions in the registry's SANDBOX_ORIGINALS_FIELD table under lib's
/// name. LOADED keeps the library itself, so the counted functions are the ones luaL_argerror finds
/// there to name a function called without a name (pcall(string.rep) fails with "bad argument #1 to
/// 'string.rep'", as in Lua, not '?').
static void cl_keep_originals(lua_State *L, const char *lib) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, SANDBOX_ORIGINALS_FIELD);
  lua_newtable(L);
  lua_getglobal(L, lib);
  lua_pushnil(L);
  while (lua_next(L, -2)) {  // [originals, copy, lib, key, value]
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, -5);
  }
  lua_pop(L, 1);
  lua_setfield(L, -2, lib);
  lua_pop(L, 1);
}

void sandbox_push_original_library(lua_State *L, const char *lib) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, SANDBOX_ORIGINALS_FIELD);
  lua_getfield(L, -1, lib);
  lua_remove(L, -2);
}

/// Replaces lib.name (a global when lib is NULL) by wrapper, which gets the original as upvalue 1.
static void cl_wrap(lua_State *L, const char *lib, const char *name, lua_CFunction wrapper) {
  if (lib != NULL) {
    lua_getglobal(L, lib);
  } else {
    lua_pushglobaltable(L);
  }
  lua_getfield(L, -1, name);
  lua_pushcclosure(L, wrapper, 1);
  lua_setfield(L, -2, name);
  lua_pop(L, 1);
}

/// Replaces lib.name by a function of its own.
static void cl_replace(lua_State *L, const char *lib, const char *name, lua_CFunction function) {
  lua_getglobal(L, lib);
  lua_pushcfunction(L, function);
  lua_setfield(L, -2, name);
  lua_pop(L, 1);
}

void sandbox_install_counted_libraries(lua_State *L) {
  cl_keep_originals(L, "string");
  cl_keep_originals(L, "table");
  cl_keep_originals(L, "utf8");
  cl_replace(L, "string", "find", sandbox_str_find);
  cl_replace(L, "string", "match", sandbox_str_match);
  cl_replace(L, "string", "gmatch", sandbox_str_gmatch);
  cl_replace(L, "string", "gsub", sandbox_str_gsub);
  cl_wrap(L, "string", "rep", cl_string_rep);
  cl_wrap(L, "string", "byte", cl_string_byte);
  cl_wrap(L, "string", "char", cl_per_argument);
  cl_wrap(L, "string", "pack", cl_per_format);
  cl_wrap(L, "string", "format", cl_string_format);
  cl_wrap(L, "string", "unpack", cl_per_format);
  cl_wrap(L, "string", "packsize", cl_per_format);
  cl_wrap(L, "table", "concat", sandbox_table_concat);
  cl_wrap(L, "table", "insert", sandbox_table_insert);
  cl_wrap(L, "table", "remove", sandbox_table_remove);
  cl_wrap(L, "table", "move", sandbox_table_move);
  cl_wrap(L, "table", "sort", sandbox_table_sort);
  cl_wrap(L, "table", "pack", cl_per_argument);
  cl_wrap(L, "table", "unpack", sandbox_table_unpack);
  cl_wrap(L, "utf8", "char", cl_per_argument);
  cl_wrap(L, "utf8", "codepoint", cl_utf8_codepoint);
  cl_wrap(L, "utf8", "len", cl_per_byte);
  cl_wrap(L, "utf8", "codes", cl_utf8_codes);
  cl_wrap(L, "utf8", "offset", cl_per_byte);
  cl_replace(L, "coroutine", "close", sandbox_coroutine_close);
  cl_replace(L, "coroutine", "wrap", sandbox_coroutine_wrap);
  lua_getglobal(L, "next");  // the prelude's own copying needs no order: it keeps Lua's next
  lua_setglobal(L, "sheetscript_raw_next");
  lua_register(L, "next", sandbox_next);
  lua_register(L, "pairs", sandbox_pairs);
  lua_register(L, "tostring", sandbox_tostring);
  cl_wrap(L, NULL, "tonumber", cl_per_byte);
  cl_wrap(L, NULL, "collectgarbage", cl_collectgarbage);
  lua_pushcfunction(L, cl_charge);
  lua_setglobal(L, "sheetscript_charge");
  lua_pushcfunction(L, sandbox_load_text);
  lua_setglobal(L, "sheetscript_load_text");
}
