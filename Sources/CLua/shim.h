// The C side of SheetScript's Lua host: Lua's function-like macros as static inline functions,
// plus the C-only pieces that keep every Lua error (a longjmp) out of Swift frames:
// the message handler, the count hook, the capped counting allocator and the closure trampoline.
//
// Memory policy ("host reserve"): the allocator refuses growth past the cap only while script code
// runs or a chunk loads (inside clua_pcall_host, clua_resume_host, clua_compile and clua_load_compiled).
// Host-side pushes (strings, tables, refs) made from Swift are never refused, so no allocating API call
// made from Swift can raise an error.
// Host pushes use raw access only (no metamethods), so no other Lua error can be raised from Swift.
#ifndef SHEETSCRIPT_CLUA_SHIM_H
#define SHEETSCRIPT_CLUA_SHIM_H

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arena.h"

// MARK: - Macro replacements

static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline lua_Number clua_tonumber(lua_State *L, int idx) { return lua_tonumber(L, idx); }
static inline int clua_getref(lua_State *L, int ref) { return lua_rawgeti(L, LUA_REGISTRYINDEX, ref); }
static inline int clua_ref(lua_State *L) { return luaL_ref(L, LUA_REGISTRYINDEX); }
static inline void clua_unref(lua_State *L, int ref) { luaL_unref(L, LUA_REGISTRYINDEX, ref); }

// MARK: - Host record

/// Called by the trampoline: returns >= 0 results, CLUA_CALLBACK_ERROR (message on top), or
/// CLUA_CALLBACK_YIELD - n to yield n values.
typedef int (*clua_callback_fn)(lua_State *L, void *context);
/// Releases a callback context when its Lua closure is collected.
typedef void (*clua_release_fn)(void *context);

enum { CLUA_CALLBACK_ERROR = -1, CLUA_CALLBACK_YIELD = -2 };

/// clua_call_refs could not grow the stack for its arguments.
enum { CLUA_NO_STACK = -3 };

/// What ran out in a host call.
/// What ran out in a host call: the instruction budget, the deadline, or the C stack that closing
/// coroutines inside one another would take (CLUA_MAX_NESTED_CLOSES).
enum { CLUA_SPENT_NONE = 0, CLUA_SPENT_INSTRUCTIONS = 1, CLUA_SPENT_TIME = 2, CLUA_SPENT_NESTING = 3 };

/// The most coroutine closes that may run inside one another (coroutine.close, or coroutine.wrap
/// closing a coroutine that failed, called from a __close handler of a coroutine being closed).
/// Lua 5.4.4 runs a closed coroutine's __close handlers with that coroutine's own count of C calls, not
/// the closer's (upstream's bug "C-stack overflow with deep nesting of coroutine.close", fixed in 5.4.6
/// by lua_closethread(L, from)), so each nested close may start a fresh run of LUAI_MAXCCALLS (200) C
/// levels: about 150 KiB of C stack in Debian's liblua5.4 (55 such levels overflow an 8 MiB stack).
/// Four closes deep plus the caller's own levels stay under 1 MiB, inside the 2 MiB glibc gives a
/// thread when the stack limit is unlimited.
#define CLUA_MAX_NESTED_CLOSES 4
#define CLUA_STRING_(x) #x
#define CLUA_STRING(x) CLUA_STRING_(x)

/// Bytes Lua allocates per budget unit while script code runs (see sandbox_lib.h's cost model).
#define CLUA_BYTES_PER_UNIT 4
/// Budget units charged between two readings of the clock by charges (the hook reads it every step).
#define CLUA_CLOCK_PERIOD 1000
/// The trusted prelude's chunk name (Prelude.chunkName): its frames (print, load, require,
/// collectgarbage) are looked through when a spent budget names the script's line.
#define CLUA_SANDBOX_CHUNK "=sheetscript.sandbox"

typedef struct clua_host {
  size_t bytes;                    // bytes Lua holds now
  size_t limit;                    // memory cap (0: none)
  unsigned long long allocations;  // allocator calls that allocate or resize (never frees)
  unsigned long long blocks;       // objects numbered so far (tables, closures, coroutines; see clua_block)
  int enforce;                     // 1 while script code runs: the cap applies and allocations are billed
  int depth;                       // nesting of host calls (the budget resets at depth 0)
  long long budget;                // instructions allowed per host call
  long long remaining;             // instructions left in this host call
  int step;                        // hook period in instructions
  int exhausted;                   // CLUA_SPENT_*: once spent, every further instruction errors
  int closing;                     // coroutine resets running now, one inside another (CLUA_MAX_NESTED_CLOSES)
  long long used;                  // budget units spent over the state's life, all host calls together
  long long *meter;                // a counter shared with other states (NULL: none), spent alongside
  double timeout;                  // seconds one outermost host call may run (0: no deadline)
  double started;                  // when the outermost call's clock started (0: not read yet)
  long long clock_countdown;       // units charged until a charge reads the clock again
  char where[200];                 // "file:line" of the last raise of a spent budget ("": none yet)
  clua_callback_fn callback;
  clua_release_fn release;
  clua_arena *arena;               // the region every block lives in (NULL: malloc's; see arena.h)
} clua_host;

/// Records units spent: the state's own total and the shared meter, if any.
static inline void clua_spend(clua_host *h, long long units) {
  h->used += units;
  if (h->meter != NULL) *h->meter += units;
}

static inline clua_host *clua_host_of(lua_State *L) {
  void *ud = NULL;
  (void)lua_getallocf(L, &ud);
  return (clua_host *)ud;
}

// MARK: - Allocator

/// Every block Lua allocates starts with this header: for a table, a closure or a coroutine, its
/// creation number. Such an object lives at the start of its block, so its number is a stable identity
/// that is the same in every process running the same script (addresses are not): deterministic
/// iteration and tostring use it (sandbox_order.h). 16 bytes keep the blocks 16-byte aligned, as
/// malloc's are.
typedef struct clua_block {
  unsigned long long number;
  unsigned long long reserved;
} clua_block;

static void *clua_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  clua_host *h = (clua_host *)ud;
  size_t old = ptr ? osize : 0;
  clua_block *block = ptr ? (clua_block *)ptr - 1 : NULL;
  if (nsize == 0) {
    if (h->arena == NULL) {
      free(block);
    } else if (block != NULL) {
      clua_arena_release(h->arena, block, sizeof(clua_block) + old);
    }
    h->bytes -= old;
    return NULL;
  }
  if (nsize > old && h->enforce) {
    if (h->limit && h->bytes - old + nsize > h->limit) return NULL;
    if (h->depth > 0) {  // growth is work: billed to the budget (Lua turns NULL into a memory error)
      long long units = (long long)((nsize - old) / CLUA_BYTES_PER_UNIT);
      if (h->exhausted || units >= h->remaining) {
        if (units > 0 || h->exhausted) {
          if (!h->exhausted) h->exhausted = CLUA_SPENT_INSTRUCTIONS;
          return NULL;
        }
      }
      h->remaining -= units;
      clua_spend(h, units);
    }
  }
  clua_block *next =
      h->arena == NULL
          ? (clua_block *)realloc(block, sizeof(clua_block) + nsize)
          : (clua_block *)clua_arena_realloc(h->arena, block, block ? sizeof(clua_block) + old : 0,
                                             sizeof(clua_block) + nsize);
  if (next == NULL) return nsize <= old ? ptr : NULL;  // a shrink never fails
  if (block == NULL) {
    // Lua passes a new object's type as osize (the manual, lua_Alloc): only the objects that may be
    // keys or printed are numbered, in creation order. Other blocks (arrays, hash parts) are made as
    // hashing dictates, which differs from run to run, so they must not take a number.
    int object = osize == LUA_TTABLE || osize == LUA_TFUNCTION || osize == LUA_TTHREAD;
    next->number = object ? ++h->blocks : 0;
  }
  h->bytes = h->bytes - old + nsize;
  h->allocations += 1;
  return next + 1;
}

/// The number of a light C function (a library function: no block of its own), given on first sight
/// from the objects' counter and kept in the registry, so it too is the same in every process.
/// Allocates: call only inside a Lua call.
static inline unsigned long long clua_light_number(lua_State *L, int idx) {
  clua_host *h = clua_host_of(L);
  if (lua_getfield(L, LUA_REGISTRYINDEX, "sheetscript.light") != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, "sheetscript.light");
  }
  lua_pushvalue(L, idx);
  unsigned long long number;
  if (lua_rawget(L, -2) == LUA_TNUMBER) {
    number = (unsigned long long)lua_tointeger(L, -1);
    lua_pop(L, 2);
    return number;
  }
  lua_pop(L, 1);
  number = ++h->blocks;
  lua_pushvalue(L, idx);
  lua_pushinteger(L, (lua_Integer)number);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  return number;
}

/// The identity number of the object at idx: tables and Lua or C closures start their blocks, a
/// coroutine's lua_State sits LUA_EXTRASPACE bytes in, and a light C function is numbered on first
/// sight (clua_light_number: this may allocate, so call it only inside a Lua call). 0 for anything
/// else (numbers, strings, booleans, userdata).
static inline unsigned long long clua_object_number(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  const char *p = (const char *)lua_topointer(L, idx);
  switch (lua_type(L, idx)) {
    case LUA_TTABLE: break;
    case LUA_TFUNCTION:
      if (lua_iscfunction(L, idx)) {
        if (lua_getupvalue(L, idx, 1) == NULL) return clua_light_number(L, idx);
        lua_pop(L, 1);
      }
      break;
    case LUA_TTHREAD: p -= LUA_EXTRASPACE; break;
    default: return 0;
  }
  return p == NULL ? 0 : ((const clua_block *)p - 1)->number;
}

// MARK: - Instruction budget and deadline

/// Monotonic seconds.
static inline double clua_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/// Whether the outermost host call has run past its deadline. The clock starts at the first reading
/// (after the first hook period or charge), so calls too short to reach one never read the clock.
static inline int clua_past_deadline(clua_host *h) {
  if (h->timeout <= 0) return 0;
  double now = clua_now();
  if (h->started == 0) {
    h->started = now;
    return 0;
  }
  return now - h->started > h->timeout;
}

static inline const char *clua_spent_message(int kind) {
  switch (kind) {
    case CLUA_SPENT_TIME: return "time budget exceeded (the host call's deadline passed)";
    case CLUA_SPENT_NESTING:
      return "coroutines closed inside __close handlers nested more than " CLUA_STRING(
          CLUA_MAX_NESTED_CLOSES) " deep (the C stack's limit)";
    default: return "instruction budget exceeded";
  }
}

static void clua_hook(lua_State *L, lua_Debug *ar);

/// Pushes "file:line: " of the innermost script function running (C functions have no line, and the
/// prelude's functions are the sandbox's), or "", and keeps "file:line" in h->where: the host reads it
/// when the error cannot carry it (calling the message handler needs memory, which a spent budget
/// refuses, so the error can arrive as a bare memory error).
static inline void clua_where_script(lua_State *L, clua_host *h) {
  lua_Debug ar;
  for (int level = 1; level < 32 && lua_getstack(L, level - 1, &ar); level++) {
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && strcmp(ar.source, CLUA_SANDBOX_CHUNK) != 0) {
      snprintf(h->where, sizeof h->where, "%s:%d", ar.short_src, ar.currentline);
      lua_pushfstring(L, "%s: ", h->where);
      return;
    }
  }
  h->where[0] = '\0';
  lua_pushliteral(L, "");
}

/// Where the last spent-budget error of this host call was raised ("file:line"), or "".
static inline const char *clua_spent_where(const clua_host *h) { return h->where; }

/// Marks the budget spent and raises at the script's line; from now on every instruction of this
/// host call raises again.
static inline int clua_exhaust(lua_State *L, clua_host *h, int kind) {
  if (h->exhausted == CLUA_SPENT_NONE) h->exhausted = kind;
  lua_sethook(L, clua_hook, LUA_MASKCOUNT, 1);
  int enforce = h->enforce;
  h->enforce = 0;  // the message is the host's (the reserve): a spent budget refuses script growth
  if (h->exhausted == CLUA_SPENT_NESTING && h->where[0] != '\0') {
    lua_pushfstring(L, "%s: ", h->where);  // the close that went too deep, not where it unwinds now
  } else {
    clua_where_script(L, h);
  }
  lua_pushstring(L, clua_spent_message(h->exhausted));
  lua_concat(L, 2);
  h->enforce = enforce;
  return lua_error(L);
}

static void clua_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  clua_host *h = clua_host_of(L);
  if (!h->exhausted) {
    int count = lua_gethookcount(L);
    h->remaining -= count;
    clua_spend(h, count);
    if (h->remaining > 0 && !clua_past_deadline(h)) {
      if (count != h->step) lua_sethook(L, clua_hook, LUA_MASKCOUNT, h->step);
      return;
    }
    h->exhausted = h->remaining > 0 ? CLUA_SPENT_TIME : CLUA_SPENT_INSTRUCTIONS;
  }
  // Redis-style: stay exhausted and fire on every instruction until the host call returns.
  clua_exhaust(L, h, h->exhausted);
}

/// Bills units of work done in C on a script's behalf to the running host call; raises (a C-side
/// luaL_error) when the budget or the deadline is spent. Outside host calls nothing is billed.
static inline void clua_charge(lua_State *L, double units) {
  clua_host *h = clua_host_of(L);
  if (h->depth == 0) return;
  if (h->exhausted) clua_exhaust(L, h, h->exhausted);
  if (!(units > 0)) return;  // also NaN
  if (units >= (double)h->remaining) {
    clua_spend(h, h->remaining);
    h->remaining = 0;
    clua_exhaust(L, h, CLUA_SPENT_INSTRUCTIONS);
  }
  h->remaining -= (long long)units;
  clua_spend(h, (long long)units);
  h->clock_countdown -= (long long)units + 1;
  if (h->clock_countdown <= 0) {
    h->clock_countdown = CLUA_CLOCK_PERIOD;
    if (clua_past_deadline(h)) clua_exhaust(L, h, CLUA_SPENT_TIME);
  }
}

/// Sets the budget and installs the hook on L; threads created later inherit it (lua_newthread).
/// Sets the deadline of each later outermost host call in seconds (0: none).
static inline void clua_set_timeout(lua_State *L, double seconds) {
  clua_host_of(L)->timeout = seconds > 0 ? seconds : 0;
}

static inline void clua_set_budget(lua_State *L, long long budget) {
  clua_host *h = clua_host_of(L);
  h->budget = budget;
  h->step = budget < 1000 ? (int)(budget > 0 ? budget : 1) : 1000;
  lua_sethook(L, clua_hook, LUA_MASKCOUNT, h->step);
}

static inline void clua_enter(lua_State *L, clua_host *h) {
  if (h->depth++ == 0) {
    h->remaining = h->budget;
    h->started = 0;
    h->clock_countdown = CLUA_CLOCK_PERIOD;
    h->where[0] = '\0';
    if (h->exhausted) {
      h->exhausted = CLUA_SPENT_NONE;
      lua_sethook(L, clua_hook, LUA_MASKCOUNT, h->step);
    }
  }
}

/// lua_resetthread(co) (closing its pending to-be-closed values) counted against
/// CLUA_MAX_NESTED_CLOSES: past the limit nothing is closed and the host call's C-stack limit is spent
/// (raised at the script's line, and again at every later instruction, as a spent budget is). L is the
/// closing thread, inside a Lua call (raising is safe: C frames only).
static inline int clua_reset_counted(lua_State *L, lua_State *co) {
  clua_host *h = clua_host_of(L);
  if (h->closing >= CLUA_MAX_NESTED_CLOSES) clua_exhaust(L, h, CLUA_SPENT_NESTING);
  h->closing += 1;
  int status = lua_resetthread(co);  // protected: runs the __close handlers, never raises
  h->closing -= 1;
  return status;
}

#include "sandbox_match.h"
#include "sandbox_order.h"
#include "sandbox_lib.h"

// MARK: - Error messages

/// Pushes a readable string for the error object at idx; never raises (a failing __tostring is caught).
/// An error's __tostring is script code: it runs under the cap and the budget like any other (with a
/// spent budget it fails at once and the fallback text is used).
static inline const char *clua_push_errstring(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) == LUA_TSTRING || lua_type(L, idx) == LUA_TNUMBER) {
    lua_pushvalue(L, idx);
    return lua_tostring(L, -1);
  }
  if (luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) {
    lua_pushvalue(L, idx);
    if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) return lua_tostring(L, -1);
    lua_pop(L, 1);
  }
  return lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, idx));
}

/// Pushes the error at index 1 as text followed by thread's traceback from level. The text is the
/// script's (under the cap); the traceback is the host's, built in the host reserve so that a spent
/// budget or a full heap still gets its message.
static inline void clua_push_traceback(lua_State *L, lua_State *thread, int level) {
  clua_host *h = clua_host_of(L);
  const char *msg = clua_push_errstring(L, 1);
  int enforce = h->enforce;
  h->enforce = 0;
  luaL_traceback(L, thread, msg, level);
  h->enforce = enforce;
}

/// The message handler: the error as text followed by luaL_traceback.
static int clua_msgh(lua_State *L) {
  clua_push_traceback(L, L, 1);
  return 1;
}

static int clua_thread_traceback(lua_State *L) {
  clua_push_traceback(L, (lua_State *)lua_touserdata(L, 2), 0);
  return 1;
}

// MARK: - Protected host calls

/// lua_pcall with the memory cap enforced and the budget running (entered and left around the call).
static inline int clua_guarded_pcall(lua_State *L, clua_host *h, int nargs, int nresults, int handler) {
  clua_enter(L, h);
  int enforce = h->enforce;
  h->enforce = 1;
  int status = lua_pcall(L, nargs, nresults, handler);
  h->enforce = enforce;
  h->depth -= 1;
  return status;
}

/// lua_pcall with the message handler (pushed below the function, removed after), the cap enforced and
/// the budget running. Needs one free stack slot.
static inline int clua_pcall_host(lua_State *L, clua_host *h, int nargs, int nresults) {
  int handler = lua_gettop(L) - nargs;
  lua_pushcfunction(L, clua_msgh);
  lua_insert(L, handler);
  int status = clua_guarded_pcall(L, h, nargs, nresults, handler);
  lua_remove(L, handler);
  return status;
}

/// Calls the function in registry ref with one number; *out gets the result. Returns the pcall
/// status, or -1 when the result is not a number (its type then is in *out_type). Leaves the stack as
/// it found it, except that on an error the error object stays on top.
static inline int clua_call_number(lua_State *L, clua_host *h, int ref, double x, double *out,
                                   int *out_type) {
  lua_pushcfunction(L, clua_msgh);  // the handler goes first: no stack rotation needed
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  lua_pushnumber(L, x);
  int status = clua_guarded_pcall(L, h, 1, 1, -3);
  if (status != LUA_OK) {
    lua_remove(L, -2);
    return status;
  }
  int isnum = 0;
  *out = lua_tonumberx(L, -1, &isnum);
  *out_type = lua_type(L, -1);
  lua_pop(L, 2);
  return isnum ? LUA_OK : -1;
}

/// Calls the function in registry ref with `count` (0...3) arguments given as registry refs
/// (LUA_REFNIL passes nil), under the budget and cap with the message handler, for one result: in one
/// crossing from the host. A number or nil result is returned in *out / *kind and the stack is left as
/// it was (an integer in *out_integer too); any other result is left on top (above the handler) for the host to convert, *kind giving
/// its type. On an error the error object is on top (above the handler). *out_base gets the stack's
/// top before the call; CLUA_NO_STACK when the count + 3 slots it needs cannot be had (nothing pushed).
static inline int clua_call_refs(lua_State *L, clua_host *h, int ref, int count, int a, int b, int c,
                                 double *out, long long *out_integer, int *kind, int *is_integer,
                                 int *out_base) {
  int base = lua_gettop(L);
  *out_base = base;
  if (!lua_checkstack(L, count + 3)) return CLUA_NO_STACK;
  lua_pushcfunction(L, clua_msgh);
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  if (count >= 1) lua_rawgeti(L, LUA_REGISTRYINDEX, a);
  if (count >= 2) lua_rawgeti(L, LUA_REGISTRYINDEX, b);
  if (count >= 3) lua_rawgeti(L, LUA_REGISTRYINDEX, c);
  int status = clua_guarded_pcall(L, h, count, 1, base + 1);
  if (status != LUA_OK) return status;
  *kind = lua_type(L, -1);
  if (*kind == LUA_TNUMBER) {
    *is_integer = lua_isinteger(L, -1);
    if (*is_integer) *out_integer = (long long)lua_tointeger(L, -1);
    *out = lua_tonumber(L, -1);
    lua_settop(L, base);
  } else if (*kind == LUA_TNIL) {
    lua_settop(L, base);
  }
  return LUA_OK;
}

/// The benchmark floor: n bare lua_pcalls of the function in ref, number in, number out; *sum gets the
/// sum of the results. Returns the first failing status (its error popped) or LUA_OK.
static inline int clua_bare_call_loop(lua_State *L, int ref, long long n, double x, double *sum) {
  for (long long i = 0; i < n; i++) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_pushnumber(L, x);
    int status = lua_pcall(L, 1, 1, 0);
    if (status != LUA_OK) {
      lua_pop(L, 1);
      return status;
    }
    *sum += lua_tonumber(L, -1);
    lua_pop(L, 1);
  }
  return LUA_OK;
}

/// Resumes co with nargs arguments under the budget and cap. On an error, the message with co's
/// traceback (or the memory error's message) is left on L's top and co's stack is reset.
static inline int clua_resume_host(lua_State *L, clua_host *h, lua_State *co, int nargs, int *nresults) {
  clua_enter(L, h);
  int enforce = h->enforce;
  h->enforce = 1;
  int status = lua_resume(co, L, nargs, nresults);
  // The traceback (with the error's __tostring) and the reset (with pending __close handlers) are
  // script code too: they run before the cap and the budget are lifted.
  if (status != LUA_OK && status != LUA_YIELD) {
    lua_pushcfunction(L, clua_thread_traceback);
    lua_xmove(co, L, 1);
    lua_pushlightuserdata(L, co);
    int described = lua_pcall(L, 2, 1, 0) == LUA_OK;
    /* Only a thread that died is reset; a failed resume of a running thread leaves it LUA_OK. */
    if (lua_status(co) != LUA_OK) {
      h->closing += 1;  // the outermost close of this call: its handlers' own closes count from here
      lua_resetthread(co);
      h->closing -= 1;
    }
    h->enforce = enforce;  // the host reserve again: the fallback text below must not fail
    if (!described) {
      lua_pop(L, 1);
      lua_pushliteral(L, "(error object could not be described)");
    }
  } else {
    h->enforce = enforce;
  }
  h->depth -= 1;
  return status;
}

// MARK: - Field batches (LuaFieldBatch)

/// Writes the number fields of a batch whose bits changed, in one call. The batch lives on a thread of
/// its own, T, never resumed, whose stack holds the batch's tables and, above them, its keys (strings
/// interned when the batch was made, so no key is hashed again and nothing is fetched per write): slot i
/// holds values[i], last written as the bits written[i] (updated here), and is field T[key_base + i] of
/// the table T[table_index[i]]. Raw writes, no metamethod; writing an existing field allocates nothing.
/// Needs 2 free slots on T (made when the batch was made; the writes pop what they push).
static inline void clua_write_changed(lua_State *T, const int *table_index, int key_base,
                                      const double *values, unsigned long long *written, int count) {
  for (int i = 0; i < count; i++) {
    unsigned long long bits;
    memcpy(&bits, &values[i], sizeof bits);
    if (bits == written[i]) continue;
    written[i] = bits;
    lua_pushvalue(T, key_base + i);
    lua_pushnumber(T, values[i]);
    lua_rawset(T, table_index[i]);
  }
}

/// clua_write_changed on the batch's thread T (when T is not NULL), then clua_call_refs on L: a frame's
/// view writes and its callback in one crossing from the host (LuaBoundCall). The writes happen before
/// the call, outside it, as a separate flush would make them.
static inline int clua_flush_call_refs(lua_State *T, const int *table_index, int key_base,
                                       const double *values, unsigned long long *written, int fields,
                                       lua_State *L, clua_host *h, int ref, int count, int a,
                                       int b, int c, double *out, long long *out_integer, int *kind,
                                       int *is_integer, int *out_base) {
  if (T != NULL) clua_write_changed(T, table_index, key_base, values, written, fields);
  return clua_call_refs(L, h, ref, count, a, b, c, out, out_integer, kind, is_integer, out_base);
}

// MARK: - Trusted bytecode (ChunkCache)

/// A growing byte buffer lua_dump writes into (malloc'd; the host frees it with clua_bytes_free).
typedef struct clua_bytes {
  unsigned char *data;
  size_t length;
  size_t capacity;
} clua_bytes;

static int clua_bytes_writer(lua_State *L, const void *p, size_t size, void *ud) {
  (void)L;
  clua_bytes *b = (clua_bytes *)ud;
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

static inline void clua_bytes_free(clua_bytes *b) {
  free(b->data);
  b->data = NULL;
  b->length = b->capacity = 0;
}

/// A bare state that only compiles (no library): the host's compiler for ChunkCache.
static inline lua_State *clua_newcompiler(clua_host *h) { return lua_newstate(clua_alloc, h); }

/// Compiles a text chunk (mode "t": never a binary one) in the compiler state C, allowing its parse
/// `room` bytes (0: no cap), as the target state's cap would. On success dumps the function with its
/// debug information (source name, lines, local and upvalue names: messages keep file:line) into *out,
/// sets *blocks to the objects the parse numbered (clua_block), empties C's stack and returns LUA_OK;
/// otherwise returns the status with the message on C's top.
static inline int clua_compile(lua_State *C, clua_host *ch, const char *text, size_t length,
                               const char *chunkname, size_t room, clua_bytes *out,
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
  int failed = lua_dump(C, clua_bytes_writer, out, 0);
  lua_settop(C, 0);
  return failed ? LUA_ERRMEM : LUA_OK;
}

/// Loads bytecode that clua_compile produced in this process from a text chunk (mode "b" only here:
/// the sandbox's load and require take text alone), under the cap as a parse would be. The objects are
/// numbered as a parse of the text in this state would have numbered them (`blocks`: what the parse
/// numbered, the function and the parser's scratch table), so identities stay as they were.
static inline int clua_load_compiled(lua_State *L, clua_host *h, const unsigned char *bytes,
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

// MARK: - Closure trampoline

static const char *const CLUA_CALLBACK_META = "sheetscript.callback";

static int clua_callback_gc(lua_State *L) {
  void **slot = (void **)lua_touserdata(L, 1);
  if (slot != NULL && *slot != NULL) {
    clua_host_of(L)->release(*slot);
    *slot = NULL;
  }
  return 0;
}

/// The lua_CFunction behind every Swift closure: calls Swift, then raises or yields here, in C.
static int clua_trampoline(lua_State *L) {
  clua_host *h = clua_host_of(L);
  // A spent budget (one the allocator found, which a script may have caught as a memory error) runs
  // no host function: it raises again here.
  if (h->exhausted && h->depth > 0) return clua_exhaust(L, h, h->exhausted);
  void **slot = (void **)lua_touserdata(L, lua_upvalueindex(1));
  int enforce = h->enforce;
  h->enforce = 0;  // host reserve: Swift's pushes are never refused
  int result = h->callback(L, *slot);
  if (result == CLUA_CALLBACK_ERROR) {  // the message is the host's: built in the reserve too
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
    h->enforce = enforce;
    return lua_error(L);
  }
  h->enforce = enforce;
  if (result >= 0) return result;
  return lua_yield(L, CLUA_CALLBACK_YIELD - result);
}

/// Pushes a Lua closure calling h->callback with context; h->release(context) runs when it is collected.
static inline void clua_push_callback(lua_State *L, void *context) {
  void **slot = (void **)lua_newuserdatauv(L, sizeof(void *), 0);
  *slot = context;
  if (luaL_newmetatable(L, CLUA_CALLBACK_META)) {
    lua_pushcfunction(L, clua_callback_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
  }
  lua_setmetatable(L, -2);
  lua_pushcclosure(L, clua_trampoline, 1);
}

// MARK: - State

/// The standard libraries a state opens: those the sandbox hands out (the prelude copies them into
/// every environment). `io`, `os`, `debug` and `package` are never reachable from a script (the
/// prelude refuses their names), so they are not opened at all.
static const luaL_Reg clua_libraries[] = {
    {LUA_GNAME, luaopen_base},       {LUA_COLIBNAME, luaopen_coroutine}, {LUA_TABLIBNAME, luaopen_table},
    {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},   {LUA_UTF8LIBNAME, luaopen_utf8},
    {NULL, NULL}};

/// A new state using h's allocator and hook, with the sandbox's standard libraries open and an empty
/// stack.
static inline lua_State *clua_newstate(clua_host *h) {
  lua_State *L = lua_newstate(clua_alloc, h);
  if (L == NULL) return NULL;
  for (const luaL_Reg *lib = clua_libraries; lib->func != NULL; lib++) {
    luaL_requiref(L, lib->name, lib->func, 1);
    lua_pop(L, 1);
  }
  clua_install_counted_libraries(L);
  lua_settop(L, 0);
  clua_set_budget(L, h->budget);
  return L;
}

// MARK: - Snapshots (restorable states only)

/// A restorable state as it was between two host calls: its region (arena.h) and its host record.
typedef struct clua_state_copy {
  clua_arena_copy memory;
  clua_host host;
} clua_state_copy;

/// Copies the state behind h; 0 when it cannot be copied (not restorable, inside a host call, or
/// some of its blocks outside its region).
static inline int clua_state_take(const clua_host *h, clua_state_copy *copy) {
  if (h->arena == NULL || h->depth != 0) return 0;
  if (!clua_arena_take(h->arena, &copy->memory)) return 0;
  copy->host = *h;
  return 1;
}

/// Puts a copy back: the state's memory and counters as they were when it was taken, with this run's
/// meter and the host's entry points kept. 0 (nothing changed) inside a host call or while blocks
/// live outside the region.
static inline int clua_state_put_back(clua_host *h, const clua_state_copy *copy) {
  if (h->arena == NULL || h->depth != 0) return 0;
  if (!clua_arena_put_back(h->arena, &copy->memory)) return 0;
  long long *meter = h->meter;
  clua_callback_fn callback = h->callback;
  clua_release_fn release = h->release;
  clua_arena *arena = h->arena;
  *h = copy->host;
  h->meter = meter;
  h->callback = callback;
  h->release = release;
  h->arena = arena;
  return 1;
}

static inline void clua_state_copy_free(clua_state_copy *copy) { clua_arena_copy_free(&copy->memory); }

#endif
