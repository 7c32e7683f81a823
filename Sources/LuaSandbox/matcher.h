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

typedef struct cm_state {
  const char *src_init, *src_end, *p_end;
  lua_State *L;
  int level;
  int depth;
  long steps;  // steps not yet charged
  struct {
    const char *init;
    ptrdiff_t len;
  } capture[CM_MAX_CAPTURES];
} cm_state;

void cm_tick(cm_state *ms, long steps);
void cm_settle(cm_state *ms);
void cm_reset(cm_state *ms);
void cm_prepare(cm_state *ms, lua_State *L, const char *s, size_t ls, const char *p, size_t lp);
const char *cm_match(cm_state *ms, const char *s, const char *p);
void cm_push_capture(cm_state *ms, int i, const char *s, const char *e);
int cm_push_captures(cm_state *ms, const char *s, const char *e);

#endif
