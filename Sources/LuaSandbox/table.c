// The sandbox's counted table library: table.concat, insert, remove, move, sort and unpack, each
// charging the host call's budget for the elements the original visits (library.c's cost model), then
// running the original. Library functions: they run inside a Lua call and raise (C frames only).

#include <lauxlib.h>
#include <lua.h>
#include <math.h>

#include "budget_internal.h"
#include "library_internal.h"

/// The most values a C function can return (Lua's LUAI_MAXSTACK).
#define SANDBOX_MOST_RESULTS 1000000.0

/// Charges one unit per element of list[i..j] the original can visit, i and j being arguments `arg`
/// and `arg + 1` (defaults 1 and #list), at most `most`. With `stops_at_nil` (table.concat) the
/// original stops at the first nil of a table without a metatable (an error a script may catch), so a
/// range past its raw length costs only what exists: a huge range is the original's own error, not a
/// spent budget.
static void tb_charge_range(lua_State *L, int arg, double most, int stops_at_nil) {
  lua_Integer first = sandbox_lib_optint(L, arg, 1);
  lua_Integer last =
    lua_isnoneornil(L, arg + 1) ? (lua_Integer)sandbox_lib_table_length(L, 1) : sandbox_lib_optint(L, arg + 1, 0);
  double span = sandbox_lib_span(first, last);
  if (!stops_at_nil) {
    // nothing to clamp to: the original visits the whole range
  } else if (lua_type(L, 1) == LUA_TTABLE && !lua_getmetatable(L, 1)) {
    double reachable = (double)lua_rawlen(L, 1) + 1;
    if (span > reachable) span = reachable;
  } else if (lua_type(L, 1) == LUA_TTABLE) {
    lua_pop(L, 1);  // the metatable
  }
  sandbox_charge(L, 1 + (span < most ? span : most));
}

/// table.concat (list [, sep [, i [, j]]]): one unit per element.
int sandbox_table_concat(lua_State *L) {
  tb_charge_range(L, 3, HUGE_VAL, 1);
  return sandbox_lib_forward(L);
}

/// table.insert (list, [pos,] value): one unit per element shifted (none for a position out of
/// bounds, which the original refuses before any work).
int sandbox_table_insert(lua_State *L) {
  double shifted = 0;
  if (lua_gettop(L) == 3) {
    double end = sandbox_lib_table_length(L, 1) + 1;
    double pos = (double)sandbox_lib_optint(L, 2, (lua_Integer)end);
    shifted = pos >= 1 && end > pos ? end - pos : 0;
  }
  sandbox_charge(L, 1 + shifted);
  return sandbox_lib_forward(L);
}

/// table.remove (list [, pos]): one unit per element shifted.
int sandbox_table_remove(lua_State *L) {
  double size = sandbox_lib_table_length(L, 1);
  double pos = (double)sandbox_lib_optint(L, 2, (lua_Integer)size);
  sandbox_charge(L, 1 + (pos >= 1 && size > pos ? size - pos : 0));
  return sandbox_lib_forward(L);
}

/// table.move (a1, f, e, t [, a2]): one unit per element moved.
int sandbox_table_move(lua_State *L) {
  sandbox_charge(L, 1 + sandbox_lib_span(sandbox_lib_optint(L, 2, 1), sandbox_lib_optint(L, 3, 0)));
  return sandbox_lib_forward(L);
}

/// table.sort (list [, comp]): 2 n log2(n) comparisons (a Lua comparator also counts its own code).
int sandbox_table_sort(lua_State *L) {
  double n = sandbox_lib_table_length(L, 1);
  sandbox_charge(L, 1 + (n > 1 ? 2 * n * log2(n) : 0));
  return sandbox_lib_forward(L);
}

/// table.unpack (list [, i [, j]]): one unit per value returned.
int sandbox_table_unpack(lua_State *L) {
  tb_charge_range(L, 2, SANDBOX_MOST_RESULTS, 0);  // more results than the stack holds: the original's error
  return sandbox_lib_forward(L);
}
