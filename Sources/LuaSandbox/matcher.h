// The sandbox's pattern matcher (matcher.c): Lua 5.4's patterns with every step charged to the host
// call's budget. Used by the string library functions in match.c; everything here runs inside a Lua
// call and may raise.
#ifndef SHEETSCRIPT_LUASANDBOX_MATCHER_H
#define SHEETSCRIPT_LUASANDBOX_MATCHER_H

#include <lua.h>
#include <stddef.h>

enum {
  CM_MAX_CAPTURES = 32,   // Lua's LUA_MAXCAPTURES
  CM_MAX_DEPTH = 200,     // Lua's MAXCCALLS: deeper recursion is "pattern too complex"
  CM_CHARGE_BATCH = 256,  // steps counted before they are charged to the budget
  CM_UNFINISHED = -1,
  CM_POSITION = -2,
};

typedef struct sandbox_matcher {
  const char *src_init, *src_end, *p_end;
  lua_State *L;
  int level;
  int depth;
  long steps;  // steps not yet charged
  struct {
    const char *init;
    ptrdiff_t len;
  } capture[CM_MAX_CAPTURES];
} sandbox_matcher;

/// Counts steps, charging the budget in batches of CM_CHARGE_BATCH (raises when it is spent).
void sandbox_matcher_tick(sandbox_matcher *ms, long steps);
/// Charges the steps counted and not yet charged.
void sandbox_matcher_settle(sandbox_matcher *ms);
/// Clears the captures and the depth before a match is tried at a new position.
void sandbox_matcher_reset(sandbox_matcher *ms);
/// Sets up ms to match pattern p (lp bytes) against subject s (ls bytes) in L.
void sandbox_matcher_prepare(sandbox_matcher *ms, lua_State *L, const char *s, size_t ls, const char *p,
                             size_t lp);
/// Matches p at s: the end of the match, or NULL (Lua's do_match).
const char *sandbox_matcher_match(sandbox_matcher *ms, const char *s, const char *p);
/// Pushes capture i (the whole match s..e when there is none; Lua's push_onecapture).
void sandbox_matcher_push_capture(sandbox_matcher *ms, int i, const char *s, const char *e);
/// Pushes every capture (the whole match when there is none); returns how many.
int sandbox_matcher_push_captures(sandbox_matcher *ms, const char *s, const char *e);

#endif
