// The C side of SheetScript's Lua host (the LuaSandbox target): the C-only pieces that keep every
// Lua error (a longjmp) out of Swift frames: the message handler, the count hook, the capped counting
// allocator and the closure trampoline. (Lua's function-like macros, as functions Swift can call, are
// CLua's shim.h.)
//
// Memory policy ("host reserve"): the allocator refuses growth past the cap only while script code
// runs or a chunk loads (inside sandbox_pcall_host, sandbox_resume_host, sandbox_compile and
// sandbox_load_compiled). Host-side pushes (strings, tables, refs) made from Swift are never refused,
// so no allocating API call made from Swift can raise an error.
// Host pushes use raw access only (no metamethods), so no other Lua error can be raised from Swift.
//
// The headers in include/ are what the host (LuaHost's Swift) calls, and none of their functions
// raises. The C that runs inside a Lua call and may raise (charges, a spent budget, the counted
// library) declares its functions in the private headers beside the .c files (budget_internal.h,
// identity.h, match.h, order.h).
#ifndef SHEETSCRIPT_LUASANDBOX_HOST_H
#define SHEETSCRIPT_LUASANDBOX_HOST_H

#include <lua.h>
#include <stddef.h>

#include "arena.h"
#include "callback.h"

typedef struct sandbox_host {
  size_t bytes;                    // bytes Lua holds now
  size_t limit;                    // memory cap (0: none)
  unsigned long long allocations;  // allocator calls that allocate or resize (never frees)
  unsigned long long blocks;       // objects numbered so far (tables, closures, coroutines; sandbox_block)
  int enforce;                     // 1 while script code runs: the cap applies and allocations are billed
  int depth;                       // nesting of host calls (the budget resets at depth 0)
  long long budget;                // instructions allowed per host call
  long long remaining;             // instructions left in this host call
  int step;                        // hook period in instructions
  int exhausted;                   // SANDBOX_SPENT_*: once spent, every further instruction errors
  int closing;                     // coroutine resets running now, one inside another (budget.h's
                                   // SANDBOX_MAX_NESTED_CLOSES)
  long long used;                  // budget units spent over the state's life, all host calls together
  long long *meter;                // a counter shared with other states (NULL: none), spent alongside
  double timeout;                  // seconds one outermost host call may run (0: no deadline)
  double started;                  // when the outermost call's clock started (0: not read yet)
  double (*clock)(void *context);  // the clock the deadline reads, seconds (NULL: CLOCK_MONOTONIC)
  void *clock_context;             // clock's argument
  long long clock_countdown;       // units charged until a charge reads the clock again
  char where[200];                 // "file:line" of the last raise of a spent budget ("": none yet)
  sandbox_callback_fn callback;
  sandbox_release_fn release;
  sandbox_arena *arena;            // the region every block lives in (NULL: malloc's; see arena.h)
  size_t collect_at;               // bytes past which the host collects between its calls
} sandbox_host;

// Garbage collection: whole cycles only, never while script code runs. Lua 5.4.4's incremental
// collector has two known use-after-free bugs that a script reaches with `setmetatable`, `rawset` and
// allocation alone, both in the middle of a cycle (a missing write barrier in luaV_finishset, and a
// table whose __mode is "kv" given a new metatable; fixed upstream after 5.4.7). A state's collector
// is stopped as soon as the state is built, so no cycle is ever in progress while a script runs: the
// host collects in full between its outermost calls (sandbox_collect_if_due), Lua collects in full
// when the allocator refuses growth at the memory cap (its emergency collection ignores the stop),
// and the sandbox's collectgarbage('step') collects in full.

/// The least growth past the bytes live after a collection before the host collects again; past that,
/// the host collects when the state has doubled.
#define SANDBOX_COLLECT_MIN_GROWTH (1u << 20)

/// Between host calls: collects in full when the state holds more than h->collect_at bytes, and sets
/// the next threshold from the bytes still live. Runs the finalizers of collected host closures
/// (their release, in C and Swift); raises nothing.
void sandbox_collect_if_due(lua_State *L, sandbox_host *h);

/// The host record of L's state (its allocator's ud).
sandbox_host *sandbox_host_of(lua_State *L);

/// The allocator (lua_Alloc) of every state a host record backs, the record being its ud: the memory
/// cap and the billing of growth while script code runs, and the identity header of every block
/// (identity.h); with the record's arena, every block lives in the region (arena.h).
void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/// A new state using h's allocator and hook, with the sandbox's standard libraries open, an empty
/// stack, and its collector stopped after a full collection (whole cycles only, see above).
lua_State *sandbox_newstate(sandbox_host *h);

#endif
