// Deterministic iteration and identities for the sandbox. Debian's Lua seeds its string hash per
// state (time and addresses), and tables and functions hash by address, so the standard `next` and
// `pairs` visit keys in an order that differs between processes, and `tostring({})` prints an
// address. The sandbox's `next`, `pairs` and `tostring` make both a function of the script alone:
//
// - keys are visited in a total order: numbers ascending (integers and floats together), then strings
//   (bytewise, shorter first on a common prefix), then false before true, then tables, functions and
//   coroutines by their identity number (sandbox_object_number: creation order, the same in every
//   process running the same script), and last anything else (userdata, which scripts never get) by
//   raw address;
// - `pairs(t)` sorts a key list of t's keys once (charged 2 n log2 n + n units) and walks it,
//   skipping keys removed since, and returns (iterator, t, nil) unless t has a __pairs metamethod;
// - `next(t, k)` follows the same order: `next(t)` finds the first key in one pass without a sort (so
//   `next(t) == nil` stays cheap); the second step sorts a key list, kept for the traversal in
//   progress of each table (in a weak table), so a loop of next calls costs one sort; a key missing
//   from the key list (the table changed) makes a fresh one before it is called invalid;
// - `tostring(v)` for a table, function or coroutine without __tostring prints its identity number
//   where Lua prints the address ("table: 0x0000002a", or "<__name>: 0x0000002a").
//
// Every function here runs inside a Lua call (C frames only).

#include "order.h"

#include <lauxlib.h>
#include <lua.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "budget_internal.h"
#include "identity.h"

/// A key as the order sees it.
typedef struct co_key {
  int rank;  // 0 number, 1 string, 2 boolean, 3 object by number, 4 other by address
  int is_integer;
  lua_Integer integer;
  lua_Number number;
  const char *bytes;
  size_t length;
  unsigned long long identity;
  int index;  // position in the unsorted key list
} co_key;

static void co_describe(lua_State *L, int idx, co_key *key) {
  memset(key, 0, sizeof(*key));
  switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
      key->rank = 0;
      key->is_integer = lua_isinteger(L, idx);
      key->integer = lua_tointeger(L, idx);
      key->number = lua_tonumber(L, idx);
      break;
    case LUA_TSTRING:
      key->rank = 1;
      key->bytes = lua_tolstring(L, idx, &key->length);
      break;
    case LUA_TBOOLEAN:
      key->rank = 2;
      key->identity = (unsigned long long)lua_toboolean(L, idx);
      break;
    default: {
      unsigned long long number = sandbox_object_number(L, idx);
      key->rank = number != 0 ? 3 : 4;
      key->identity = number != 0 ? number : (unsigned long long)(uintptr_t)lua_topointer(L, idx);
    }
  }
}

static int co_compare_numbers(const co_key *a, const co_key *b) {
  if (a->is_integer && b->is_integer) return (a->integer > b->integer) - (a->integer < b->integer);
  if (a->number != b->number) return (a->number > b->number) - (a->number < b->number);
  if (a->is_integer == b->is_integer) return 0;
  // An integer and a float equal as doubles: a float key with an integral value in range is stored as
  // that integer, so this float is beyond the integers (>= 2^63 or < -2^63), and so is its side.
  double f = a->is_integer ? b->number : a->number;
  int integer_first = f > 0;
  return a->is_integer ? (integer_first ? -1 : 1) : (integer_first ? 1 : -1);
}

static int co_compare(const void *left, const void *right) {
  const co_key *a = (const co_key *)left, *b = (const co_key *)right;
  if (a->rank != b->rank) return a->rank - b->rank;
  switch (a->rank) {
    case 0: return co_compare_numbers(a, b);
    case 1: {
      size_t n = a->length < b->length ? a->length : b->length;
      int c = memcmp(a->bytes, b->bytes, n);
      if (c != 0) return c;
      return (a->length > b->length) - (a->length < b->length);
    }
    default: return (a->identity > b->identity) - (a->identity < b->identity);
  }
}

/// Pushes a new array of t's keys (t at index t) in the order above. Charges the sort to the budget.
static void co_push_sorted_keys(lua_State *L, int t) {
  t = lua_absindex(L, t);
  lua_newtable(L);  // unsorted keys
  int unsorted = lua_gettop(L);
  lua_Integer n = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, unsorted, ++n);
  }
  co_key *keys = (co_key *)lua_newuserdatauv(L, sizeof(co_key) * (size_t)(n > 0 ? n : 1), 0);
  double bytes = 0;
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, unsorted, i);
    co_describe(L, -1, &keys[i - 1]);  // strings stay alive in `unsorted`
    keys[i - 1].index = (int)i;
    bytes += (double)keys[i - 1].length;
    lua_pop(L, 1);
  }
  // 2 n log2 n comparisons, each reading up to its keys' bytes (charged 1 unit per 16)
  double depth = n > 1 ? log2((double)n) : 0;
  sandbox_charge(L, 1 + (double)n + 2 * (double)n * depth + bytes / 16 * depth);
  qsort(keys, (size_t)n, sizeof(co_key), co_compare);
  lua_createtable(L, (int)n, 0);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, unsorted, keys[i - 1].index);
    lua_rawseti(L, -2, i);
  }
  lua_replace(L, unsorted);  // [sorted, keys userdata]
  lua_pop(L, 1);
}

/// From position *pos of the key list at index keys, pushes the next key still present in t and its
/// value and returns 2, or returns 0 at the end. *pos is left at the key returned.
static int co_advance(lua_State *L, int t, int keys, lua_Integer *pos) {
  lua_Integer n = (lua_Integer)lua_rawlen(L, keys);
  while (*pos < n) {
    *pos += 1;
    lua_rawgeti(L, keys, *pos);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, t) != LUA_TNIL) return 2;  // [key, value]
    lua_pop(L, 2);
  }
  return 0;
}

// MARK: pairs

/// The iterator pairs returns: upvalues (t, sorted keys, position); its arguments are ignored.
static int co_pairs_step(lua_State *L) {
  lua_Integer pos = lua_tointeger(L, lua_upvalueindex(3));
  int found = co_advance(L, lua_upvalueindex(1), lua_upvalueindex(2), &pos);
  lua_pushinteger(L, pos);
  lua_replace(L, lua_upvalueindex(3));
  if (found) return 2;
  lua_pushnil(L);
  return 1;
}

int sandbox_pairs(lua_State *L) {
  luaL_checkany(L, 1);
  if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 3);
    return 3;
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_pushvalue(L, 1);
  co_push_sorted_keys(L, 1);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, co_pairs_step, 3);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

// MARK: next

/// The registry's weak table of traversals in progress: t -> { sorted keys, position }.
static void co_push_traversals(lua_State *L) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, "sheetscript.traversals") != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "sheetscript.traversals");
  }
}

/// The position of the key at index key in the key list at index keys (charged per key looked at), or
/// 0 when it is not there.
static lua_Integer co_find(lua_State *L, int keys, int key) {
  lua_Integer n = (lua_Integer)lua_rawlen(L, keys);
  sandbox_charge(L, (double)n);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, keys, i);
    int same = lua_rawequal(L, -1, key);
    lua_pop(L, 1);
    if (same) return i;
  }
  return 0;
}

/// Pushes t's smallest key in the order and its value (2), or nil (1) for an empty table: one pass,
/// no sort, so `next(t) == nil` and the first step of a traversal stay cheap.
static int co_push_first(lua_State *L, int t) {
  lua_pushnil(L);
  int best = lua_gettop(L);
  co_key best_key, key;
  int have = 0;
  lua_Integer n = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    lua_pop(L, 1);
    n++;
    co_describe(L, -1, &key);
    if (!have || co_compare(&key, &best_key) < 0) {
      lua_pushvalue(L, -1);
      lua_replace(L, best);
      co_describe(L, best, &best_key);  // its string stays alive in `best`
      have = 1;
    }
  }
  sandbox_charge(L, 1 + (double)n);
  if (!have) return 1;  // `best` is nil
  lua_pushvalue(L, best);
  lua_rawget(L, t);
  return 2;
}

int sandbox_next(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  co_push_traversals(L);  // 3
  if (lua_isnil(L, 2)) {  // a traversal starts: forget an old one, find the first key without a sort
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    lua_rawset(L, 3);
    return co_push_first(L, 1);
  }
  lua_pushvalue(L, 1);
  int has = lua_rawget(L, 3) == LUA_TTABLE;  // 4: { keys, position } or nil
  lua_Integer pos = 0;
  if (has) {
    lua_rawgeti(L, 4, 1);  // 5: keys
    pos = (lua_rawgeti(L, 4, 2), lua_tointeger(L, -1));
    lua_pop(L, 1);
    // the usual case: k is the key returned last; otherwise look it up in the key list
    lua_rawgeti(L, 5, pos);
    if (!lua_rawequal(L, -1, 2)) pos = co_find(L, 5, 2);
    lua_pop(L, 1);
  }
  if (pos == 0) {  // the second step, or a key the key list lacks (the table changed): sort once now
    lua_settop(L, 3);
    lua_createtable(L, 2, 0);  // 4
    co_push_sorted_keys(L, 1);  // 5
    lua_pushvalue(L, 5);
    lua_rawseti(L, 4, 1);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 4);
    lua_rawset(L, 3);
    pos = co_find(L, 5, 2);
    if (pos == 0) return luaL_error(L, "invalid key to 'next'");
  }
  int found = co_advance(L, 1, 5, &pos);  // pushes key, value
  lua_pushinteger(L, pos);
  lua_rawseti(L, 4, 2);
  if (found) return 2;
  lua_pushvalue(L, 1);  // the traversal is over: forget it
  lua_pushnil(L);
  lua_rawset(L, 3);
  lua_pushnil(L);
  return 1;
}

// MARK: tostring

int sandbox_tostring(lua_State *L) {
  luaL_checkany(L, 1);
  lua_settop(L, 1);
  unsigned long long number = sandbox_object_number(L, 1);
  if (number == 0 || luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {  // Lua's own text
    lua_settop(L, 1);
    luaL_tolstring(L, 1, NULL);
    return 1;
  }
  // Lua would print "<__name or type>: <address>": the same with the number for the address
  const char *kind = luaL_getmetafield(L, 1, "__name") == LUA_TSTRING ? lua_tostring(L, -1)
                                                                       : luaL_typename(L, 1);
  char digits[32];
  snprintf(digits, sizeof digits, "%08llx", number);
  lua_pushfstring(L, "%s: 0x%s", kind, digits);
  return 1;
}
