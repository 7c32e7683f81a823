// The sandbox's string.find, match, gmatch and gsub (match.h) over its budgeted matcher (matcher.h).
// Results, captures, anchors and error messages follow the reference manual.
//
// Every function here runs inside a Lua call (C frames only), so raising with luaL_error is safe.

#include "match.h"

#include <ctype.h>
#include <lauxlib.h>
#include <lua.h>
#include <stddef.h>
#include <string.h>

#include "matcher.h"

static size_t cm_start_position(lua_Integer pos, size_t len) {
  if (pos > 0) return (size_t)pos;
  if (pos == 0) return 1;
  if (pos < -(lua_Integer)len) return 1;
  return len + (size_t)pos + 1;
}

static int cm_has_specials(const char *p, size_t lp) {
  for (size_t i = 0; i < lp; i++) {
    if (strchr("^$*+?.([%-", p[i]) != NULL && p[i] != '\0') return 1;
  }
  return 0;
}

/// Plain substring search, charged per position tried.
static const char *cm_plain_find(sandbox_matcher *ms, const char *s, size_t ls, const char *p, size_t lp) {
  if (lp == 0) return s;
  if (lp > ls) return NULL;
  long per_try = 1 + (long)(lp / 16);
  for (size_t i = 0; i + lp <= ls; i++) {
    sandbox_matcher_tick(ms, per_try);
    if (s[i] == p[0] && memcmp(s + i, p, lp) == 0) return s + i;
  }
  return NULL;
}

static int cm_find_aux(lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = cm_start_position(luaL_optinteger(L, 3, 1), ls) - 1;
  if (init > ls) {
    luaL_pushfail(L);
    return 1;
  }
  sandbox_matcher ms;
  sandbox_matcher_prepare(&ms, L, s, ls, p, lp);
  sandbox_matcher_tick(&ms, 1 + (long)(lp / 16));  // reading the pattern (for specials, or its first item)
  if (find && (lua_toboolean(L, 4) || !cm_has_specials(p, lp))) {
    const char *at = cm_plain_find(&ms, s + init, ls - init, p, lp);
    sandbox_matcher_settle(&ms);
    if (at != NULL) {
      lua_pushinteger(L, (lua_Integer)(at - s) + 1);
      lua_pushinteger(L, (lua_Integer)(at - s + lp));
      return 2;
    }
    luaL_pushfail(L);
    return 1;
  }
  int anchor = lp > 0 && *p == '^';
  if (anchor) p++;  // p_end stays where it is
  const char *s1 = s + init;
  do {
    sandbox_matcher_reset(&ms);
    const char *e = sandbox_matcher_match(&ms, s1, p);
    if (e != NULL) {
      sandbox_matcher_settle(&ms);
      if (find) {
        lua_pushinteger(L, (lua_Integer)(s1 - s) + 1);
        lua_pushinteger(L, (lua_Integer)(e - s));
        return sandbox_matcher_push_captures(&ms, NULL, NULL) + 2;
      }
      return sandbox_matcher_push_captures(&ms, s1, e);
    }
  } while (s1++ < ms.src_end && !anchor);
  sandbox_matcher_settle(&ms);
  luaL_pushfail(L);
  return 1;
}

int sandbox_str_find(lua_State *L) { return cm_find_aux(L, 1); }

int sandbox_str_match(lua_State *L) { return cm_find_aux(L, 0); }

/// The iterator state of a gmatch: byte offsets into the subject kept by its first upvalue.
typedef struct cm_gmatch {
  size_t position;   // where the next search starts
  size_t last;       // end of the previous match
  int has_last;
} cm_gmatch;

static int cm_gmatch_step(lua_State *L) {
  size_t ls, lp;
  const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
  const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
  cm_gmatch *gm = (cm_gmatch *)lua_touserdata(L, lua_upvalueindex(3));
  if (gm->position > ls) return 0;
  sandbox_matcher ms;
  sandbox_matcher_prepare(&ms, L, s, ls, p, lp);
  for (const char *src = s + gm->position; src <= ms.src_end; src++) {
    sandbox_matcher_reset(&ms);
    const char *e = sandbox_matcher_match(&ms, src, p);
    if (e != NULL && !(gm->has_last && (size_t)(e - s) == gm->last)) {
      gm->position = gm->last = (size_t)(e - s);
      gm->has_last = 1;
      sandbox_matcher_settle(&ms);
      return sandbox_matcher_push_captures(&ms, src, e);
    }
    sandbox_matcher_tick(&ms, 1);
  }
  sandbox_matcher_settle(&ms);
  gm->position = ls + 1;
  return 0;
}

int sandbox_str_gmatch(lua_State *L) {
  size_t ls;
  luaL_checklstring(L, 1, &ls);
  luaL_checkstring(L, 2);
  size_t init = cm_start_position(luaL_optinteger(L, 3, 1), ls) - 1;
  if (init > ls) init = ls + 1;
  lua_settop(L, 2);
  cm_gmatch *gm = (cm_gmatch *)lua_newuserdatauv(L, sizeof(cm_gmatch), 0);
  gm->position = init;
  gm->last = 0;
  gm->has_last = 0;
  lua_pushcclosure(L, cm_gmatch_step, 3);
  return 1;
}

/// Appends a replacement string with %0-%9 and %% to b.
static void cm_add_string(sandbox_matcher *ms, luaL_Buffer *b, const char *s, const char *e) {
  size_t l;
  lua_State *L = ms->L;
  const char *news = lua_tolstring(L, 3, &l);
  const char *end = news + l;
  sandbox_matcher_tick(ms, 1 + (long)(l / 16));
  for (const char *p = news; p < end; p++) {
    if (*p != '%') {
      luaL_addchar(b, *p);
      continue;
    }
    p++;
    if (p < end && *p == '%') {
      luaL_addchar(b, '%');
    } else if (p < end && isdigit((unsigned char)*p)) {
      if (*p == '0') {
        luaL_addlstring(b, s, (size_t)(e - s));
      } else {
        sandbox_matcher_push_capture(ms, *p - '1', s, e);
        luaL_tolstring(L, -1, NULL);
        lua_remove(L, -2);
        luaL_addvalue(b);
      }
    } else {
      luaL_error(L, "invalid use of '%c' in replacement string", '%');
    }
  }
}

/// Appends the replacement of the match s..e; returns whether it changed the text.
static int cm_add_value(sandbox_matcher *ms, luaL_Buffer *b, const char *s, const char *e, int kind) {
  lua_State *L = ms->L;
  if (kind == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    int n = sandbox_matcher_push_captures(ms, s, e);
    lua_call(L, n, 1);
  } else if (kind == LUA_TTABLE) {
    sandbox_matcher_push_capture(ms, 0, s, e);
    lua_gettable(L, 3);
  } else {
    cm_add_string(ms, b, s, e);
    return 1;
  }
  if (!lua_toboolean(L, -1)) {  // nil or false keeps the original text
    lua_pop(L, 1);
    luaL_addlstring(b, s, (size_t)(e - s));
    return 0;
  }
  if (!lua_isstring(L, -1)) {
    return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  }
  luaL_addvalue(b);
  return 1;
}

int sandbox_str_gsub(lua_State *L) {
  size_t srcl, lp;
  const char *src = luaL_checklstring(L, 1, &srcl);
  const char *p = luaL_checklstring(L, 2, &lp);
  const char *lastmatch = NULL;
  int kind = lua_type(L, 3);
  lua_Integer max_s = luaL_optinteger(L, 4, (lua_Integer)srcl + 1);
  luaL_argexpected(
    L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE, 3,
    "string/function/table");
  int anchor = lp > 0 && *p == '^';
  if (anchor) {
    p++;
    lp--;
  }
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  sandbox_matcher ms;
  sandbox_matcher_prepare(&ms, L, src, srcl, p, lp);
  sandbox_matcher_tick(&ms, 1 + (long)(lp / 16));
  lua_Integer n = 0;
  int changed = 0;
  while (n < max_s) {
    sandbox_matcher_reset(&ms);
    const char *e = sandbox_matcher_match(&ms, src, p);
    if (e != NULL && e != lastmatch) {
      n++;
      changed = cm_add_value(&ms, &b, src, e, kind) | changed;
      src = lastmatch = e;
    } else if (src < ms.src_end) {
      luaL_addchar(&b, *src++);
      sandbox_matcher_tick(&ms, 1);
    } else {
      break;
    }
    if (anchor) break;
  }
  sandbox_matcher_settle(&ms);
  if (!changed) {
    lua_pushvalue(L, 1);
  } else {
    luaL_addlstring(&b, src, (size_t)(ms.src_end - src));
    luaL_pushresult(&b);
  }
  lua_pushinteger(L, n);
  return 2;
}
