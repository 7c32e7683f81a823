// The budget as C inside a Lua call uses it (budget.c): charges, a spent budget's error, the entry
// of a host call, counted coroutine resets. sandbox_charge, sandbox_exhaust and sandbox_reset_counted
// raise: call them only inside a Lua call (C frames only), never from Swift.
#ifndef SHEETSCRIPT_LUASANDBOX_BUDGET_INTERNAL_H
#define SHEETSCRIPT_LUASANDBOX_BUDGET_INTERNAL_H

#include <lua.h>

#include "host.h"

/// Bytes Lua allocates per budget unit while script code runs (see library.c's cost model).
#define SANDBOX_BYTES_PER_UNIT 4

/// Records units spent: the state's own total and the shared meter, if any.
void sandbox_spend(sandbox_host *h, long long units);

/// Marks the budget spent and raises at the script's line; from now on every instruction of this
/// host call raises again.
int sandbox_exhaust(lua_State *L, sandbox_host *h, int kind);

/// Bills units of work done in C on a script's behalf to the running host call; raises (a C-side
/// luaL_error) when the budget or the deadline is spent. Outside host calls nothing is billed.
void sandbox_charge(lua_State *L, double units);

/// Enters a host call on h (left by decrementing h->depth): the outermost one starts the budget, the
/// deadline's clock and the spent-budget record afresh, and puts back the hook's period after a spent
/// budget.
void sandbox_enter(lua_State *L, sandbox_host *h);

/// lua_resetthread(co) (closing its pending to-be-closed values) counted against
/// SANDBOX_MAX_NESTED_CLOSES: past the limit nothing is closed and the host call's C-stack limit is spent
/// (raised at the script's line, and again at every later instruction, as a spent budget is). L is the
/// closing thread, inside a Lua call (raising is safe: C frames only).
int sandbox_reset_counted(lua_State *L, lua_State *co);

#endif
