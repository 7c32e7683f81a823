// The instruction budget and the deadline of host calls, as the host sets and reads them (budget.c;
// the C side's charges are budget_internal.h's).
#ifndef SHEETSCRIPT_LUASANDBOX_BUDGET_H
#define SHEETSCRIPT_LUASANDBOX_BUDGET_H

#include <lua.h>

#include "host.h"

/// What ran out in a host call: the instruction budget, the deadline, or the C stack that closing
/// coroutines inside one another would take (SANDBOX_MAX_NESTED_CLOSES).
enum {
  SANDBOX_SPENT_NONE = 0,
  SANDBOX_SPENT_INSTRUCTIONS = 1,
  SANDBOX_SPENT_TIME = 2,
  SANDBOX_SPENT_NESTING = 3,
};

/// The most coroutine closes that may run inside one another (coroutine.close, or coroutine.wrap
/// closing a coroutine that failed, called from a __close handler of a coroutine being closed).
/// Lua 5.4.4 runs a closed coroutine's __close handlers with that coroutine's own count of C calls, not
/// the closer's (upstream's bug "C-stack overflow with deep nesting of coroutine.close", fixed in 5.4.6
/// by lua_closethread(L, from)), so each nested close may start a fresh run of LUAI_MAXCCALLS (200) C
/// levels: about 150 KiB of C stack in Debian's liblua5.4 (55 such levels overflow an 8 MiB stack).
/// Four closes deep plus the caller's own levels stay under 1 MiB, inside the 2 MiB glibc gives a
/// thread when the stack limit is unlimited.
#define SANDBOX_MAX_NESTED_CLOSES 4

/// Sets the budget and installs the hook on L; threads created later inherit it (lua_newthread).
void sandbox_set_budget(lua_State *L, long long budget);

/// Sets the deadline of each later outermost host call in seconds (0: none).
void sandbox_set_timeout(lua_State *L, double seconds);

/// Sets the clock the deadline reads: clock(context) returns seconds, never decreasing, and must not
/// call into Lua or raise (it runs inside the count hook). NULL restores the monotonic clock.
void sandbox_set_clock(lua_State *L, double (*clock)(void *context), void *context);

/// The message a spent budget of this kind (SANDBOX_SPENT_*) raises with.
const char *sandbox_spent_message(int kind);

/// Where the last spent-budget error of this host call was raised ("file:line"), or "".
const char *sandbox_spent_where(const sandbox_host *h);

#endif
