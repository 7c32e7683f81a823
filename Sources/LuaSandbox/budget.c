// The instruction budget and the deadline: the count hook, the charges of work done in C, and the
// error a spent budget raises (budget.h for the host, budget_internal.h for C inside a Lua call).

#include "budget.h"

#include <lua.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "budget_internal.h"
#include "host.h"

#define SANDBOX_STRING_(x) #x
#define SANDBOX_STRING(x) SANDBOX_STRING_(x)

/// Budget units charged between two readings of the clock by charges (the hook reads it every step).
#define SANDBOX_CLOCK_PERIOD 1000
/// The trusted prelude's chunk name (Prelude.chunkName): its frames (print, load, require,
/// collectgarbage) are looked through when a spent budget names the script's line.
#define SANDBOX_PRELUDE_CHUNK "=sheetscript.sandbox"

void sandbox_spend(sandbox_host *h, long long units) {
  h->used += units;
  if (h->meter != NULL) *h->meter += units;
}

/// Seconds on h's clock: the host's when it set one (sandbox_set_clock), else the monotonic clock.
static double sandbox_now(const sandbox_host *h) {
  if (h->clock != NULL) return h->clock(h->clock_context);
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/// Whether the outermost host call has run past its deadline. The clock starts at the first reading
/// (after the first hook period or charge), so calls too short to reach one never read the clock.
static int sandbox_past_deadline(sandbox_host *h) {
  if (h->timeout <= 0) return 0;
  double now = sandbox_now(h);
  if (h->started == 0) {
    h->started = now;
    return 0;
  }
  return now - h->started > h->timeout;
}

const char *sandbox_spent_message(int kind) {
  switch (kind) {
    case SANDBOX_SPENT_TIME: return "time budget exceeded (the host call's deadline passed)";
    case SANDBOX_SPENT_NESTING:
      return "coroutines closed inside __close handlers nested more than " SANDBOX_STRING(
          SANDBOX_MAX_NESTED_CLOSES) " deep (the C stack's limit)";
    default: return "instruction budget exceeded";
  }
}

static void sandbox_hook(lua_State *L, lua_Debug *ar);

/// Pushes "file:line: " of the innermost script function running (C functions have no line, and the
/// prelude's functions are the sandbox's), or "", and keeps "file:line" in h->where: the host reads it
/// when the error cannot carry it (calling the message handler needs memory, which a spent budget
/// refuses, so the error can arrive as a bare memory error).
static void sandbox_where_script(lua_State *L, sandbox_host *h) {
  lua_Debug ar;
  for (int level = 1; level < 32 && lua_getstack(L, level - 1, &ar); level++) {
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && strcmp(ar.source, SANDBOX_PRELUDE_CHUNK) != 0) {
      snprintf(h->where, sizeof h->where, "%s:%d", ar.short_src, ar.currentline);
      lua_pushfstring(L, "%s: ", h->where);
      return;
    }
  }
  h->where[0] = '\0';
  lua_pushliteral(L, "");
}

const char *sandbox_spent_where(const sandbox_host *h) { return h->where; }

int sandbox_exhaust(lua_State *L, sandbox_host *h, int kind) {
  if (h->exhausted == SANDBOX_SPENT_NONE) h->exhausted = kind;
  lua_sethook(L, sandbox_hook, LUA_MASKCOUNT, 1);
  int enforce = h->enforce;
  h->enforce = 0;  // the message is the host's (the reserve): a spent budget refuses script growth
  if (h->exhausted == SANDBOX_SPENT_NESTING && h->where[0] != '\0') {
    lua_pushfstring(L, "%s: ", h->where);  // the close that went too deep, not where it unwinds now
  } else {
    sandbox_where_script(L, h);
  }
  lua_pushstring(L, sandbox_spent_message(h->exhausted));
  lua_concat(L, 2);
  h->enforce = enforce;
  return lua_error(L);
}

static void sandbox_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  sandbox_host *h = sandbox_host_of(L);
  if (!h->exhausted) {
    int count = lua_gethookcount(L);
    h->remaining -= count;
    sandbox_spend(h, count);
    if (h->remaining > 0 && !sandbox_past_deadline(h)) {
      if (count != h->step) lua_sethook(L, sandbox_hook, LUA_MASKCOUNT, h->step);
      return;
    }
    h->exhausted = h->remaining > 0 ? SANDBOX_SPENT_TIME : SANDBOX_SPENT_INSTRUCTIONS;
  }
  // Redis-style: stay exhausted and fire on every instruction until the host call returns.
  sandbox_exhaust(L, h, h->exhausted);
}

void sandbox_charge(lua_State *L, double units) {
  sandbox_host *h = sandbox_host_of(L);
  if (h->depth == 0) return;
  if (h->exhausted) sandbox_exhaust(L, h, h->exhausted);
  if (!(units > 0)) return;  // also NaN
  if (units >= (double)h->remaining) {
    sandbox_spend(h, h->remaining);
    h->remaining = 0;
    sandbox_exhaust(L, h, SANDBOX_SPENT_INSTRUCTIONS);
  }
  h->remaining -= (long long)units;
  sandbox_spend(h, (long long)units);
  h->clock_countdown -= (long long)units + 1;
  if (h->clock_countdown <= 0) {
    h->clock_countdown = SANDBOX_CLOCK_PERIOD;
    if (sandbox_past_deadline(h)) sandbox_exhaust(L, h, SANDBOX_SPENT_TIME);
  }
}

void sandbox_set_timeout(lua_State *L, double seconds) {
  sandbox_host_of(L)->timeout = seconds > 0 ? seconds : 0;
}

void sandbox_set_clock(lua_State *L, double (*clock)(void *context), void *context) {
  sandbox_host *h = sandbox_host_of(L);
  h->clock = clock;
  h->clock_context = context;
}

void sandbox_set_budget(lua_State *L, long long budget) {
  sandbox_host *h = sandbox_host_of(L);
  h->budget = budget;
  h->step = budget < 1000 ? (int)(budget > 0 ? budget : 1) : 1000;
  lua_sethook(L, sandbox_hook, LUA_MASKCOUNT, h->step);
}

void sandbox_enter(lua_State *L, sandbox_host *h) {
  if (h->depth++ == 0) {
    h->remaining = h->budget;
    h->started = 0;
    h->clock_countdown = SANDBOX_CLOCK_PERIOD;
    h->where[0] = '\0';
    if (h->exhausted) {
      h->exhausted = SANDBOX_SPENT_NONE;
      lua_sethook(L, sandbox_hook, LUA_MASKCOUNT, h->step);
    }
  }
}

int sandbox_reset_counted(lua_State *L, lua_State *co) {
  sandbox_host *h = sandbox_host_of(L);
  if (h->closing >= SANDBOX_MAX_NESTED_CLOSES) sandbox_exhaust(L, h, SANDBOX_SPENT_NESTING);
  h->closing += 1;
  int status = lua_resetthread(co);  // protected: runs the __close handlers, never raises
  h->closing -= 1;
  return status;
}
