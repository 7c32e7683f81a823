// Lua 5.4's pattern matching (string.find, match, gmatch, gsub) for the sandbox, written from the
// reference manual's section 6.4.1, with one difference: every matching step is charged to the host
// call's instruction budget (sandbox_charge), so a backtracking pattern such as ('a*'):rep(40) .. 'b'
// ends with "instruction budget exceeded" instead of running for hours in C, where the count hook
// never fires. Results, captures, anchors and error messages follow the manual.
//
// Every function here runs inside a Lua call (C frames only), so raising with luaL_error is safe.

#include "match.h"

#include <ctype.h>
#include <lauxlib.h>
#include <lua.h>
#include <stddef.h>
#include <string.h>

#include "budget_internal.h"

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

// MARK: Step accounting

static void cm_tick(cm_state *ms, long steps) {
  ms->steps += steps;
  if (ms->steps >= CM_CHARGE_BATCH) {
    long due = ms->steps;
    ms->steps = 0;
    sandbox_charge(ms->L, (double)due);
  }
}

static void cm_settle(cm_state *ms) {
  if (ms->steps > 0) {
    long due = ms->steps;
    ms->steps = 0;
    sandbox_charge(ms->L, (double)due);
  }
}

static void cm_reset(cm_state *ms) {
  ms->level = 0;
  ms->depth = CM_MAX_DEPTH;
}

static void cm_prepare(cm_state *ms, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
  ms->L = L;
  ms->src_init = s;
  ms->src_end = s + ls;
  ms->p_end = p + lp;
  ms->steps = 0;
  cm_reset(ms);
}

// MARK: Character classes

/// The end of the single-character class starting at p.
static const char *cm_class_end(cm_state *ms, const char *p) {
  char c = *p++;
  if (c == '%') {
    if (p >= ms->p_end) luaL_error(ms->L, "malformed pattern (ends with '%%')");
    return p + 1;
  }
  if (c == '[') {
    const char *start = p;
    if (p < ms->p_end && *p == '^') p++;
    do {  // the first character after '[' or '[^' is always part of the set, even ']'
      if (p >= ms->p_end) luaL_error(ms->L, "malformed pattern (missing ']')");
      c = *p++;
      if (c == '%' && p < ms->p_end) p++;
    } while (p >= ms->p_end || *p != ']');
    cm_tick(ms, (long)((p - start) / 16));  // a long set is scanned to find its end
    return p + 1;
  }
  return p;
}

/// Whether c belongs to the class %cl (upper case complements).
static int cm_class(int c, int cl) {
  int yes;
  switch (tolower(cl)) {
    case 'a': yes = isalpha(c); break;
    case 'c': yes = iscntrl(c); break;
    case 'd': yes = isdigit(c); break;
    case 'g': yes = isgraph(c); break;
    case 'l': yes = islower(c); break;
    case 'p': yes = ispunct(c); break;
    case 's': yes = isspace(c); break;
    case 'u': yes = isupper(c); break;
    case 'w': yes = isalnum(c); break;
    case 'x': yes = isxdigit(c); break;
    case 'z': yes = c == 0; break;  // not in the manual, but lstrlib.c still has it ("deprecated option")
    default: return cl == c;
  }
  yes = yes != 0;
  return isupper(cl) ? !yes : yes;
}

/// Whether c belongs to the set [ ... ] from p (at '[') to last (at its ']').
static int cm_set(int c, const char *p, const char *last) {
  int yes = 1;
  p++;
  if (*p == '^') {
    yes = 0;
    p++;
  }
  while (p < last) {
    if (*p == '%') {
      p++;
      if (cm_class(c, (unsigned char)*p)) return yes;
      p++;
    } else if (p[1] == '-' && p + 2 < last) {
      if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return yes;
      p += 3;
    } else {
      if ((unsigned char)*p == c) return yes;
      p++;
    }
  }
  return !yes;
}

/// Whether the subject character at s matches the class from p to ep.
static int cm_single(cm_state *ms, const char *s, const char *p, const char *ep) {
  if (s >= ms->src_end) return 0;
  int c = (unsigned char)*s;
  switch (*p) {
    case '.': return 1;
    case '%': return cm_class(c, (unsigned char)p[1]);
    case '[':
      cm_tick(ms, (long)((ep - p) / 16));  // testing a character scans the set
      return cm_set(c, p, ep - 1);
    default: return (unsigned char)*p == c;
  }
}

// MARK: Matching

static const char *cm_match(cm_state *ms, const char *s, const char *p);

static const char *cm_balance(cm_state *ms, const char *s, const char *p) {
  if (p + 1 >= ms->p_end) luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
  if (s >= ms->src_end || *s != *p) return NULL;
  char open = p[0], close = p[1];
  int count = 1;
  while (++s < ms->src_end) {
    cm_tick(ms, 1);
    if (*s == close) {
      if (--count == 0) return s + 1;
    } else if (*s == open) {
      count++;
    }
  }
  return NULL;
}

static const char *cm_max_expand(cm_state *ms, const char *s, const char *p, const char *ep) {
  ptrdiff_t i = 0;
  while (cm_single(ms, s + i, p, ep)) {
    i++;
    cm_tick(ms, 1);
  }
  while (i >= 0) {  // the longest run first, then shorter ones
    const char *res = cm_match(ms, s + i, ep + 1);
    if (res != NULL) return res;
    i--;
    cm_tick(ms, 1);
  }
  return NULL;
}

static const char *cm_min_expand(cm_state *ms, const char *s, const char *p, const char *ep) {
  for (;;) {
    const char *res = cm_match(ms, s, ep + 1);
    if (res != NULL) return res;
    if (!cm_single(ms, s, p, ep)) return NULL;
    s++;
    cm_tick(ms, 1);
  }
}

static const char *cm_start_capture(cm_state *ms, const char *s, const char *p, ptrdiff_t what) {
  if (ms->level >= CM_MAX_CAPTURES) luaL_error(ms->L, "too many captures");
  ms->capture[ms->level].init = s;
  ms->capture[ms->level].len = what;
  ms->level++;
  const char *res = cm_match(ms, s, p);
  if (res == NULL) ms->level--;
  return res;
}

static const char *cm_end_capture(cm_state *ms, const char *s, const char *p) {
  int open = -1;
  for (int l = ms->level - 1; l >= 0; l--) {
    if (ms->capture[l].len == CM_UNFINISHED) {
      open = l;
      break;
    }
  }
  if (open < 0) luaL_error(ms->L, "invalid pattern capture");
  ms->capture[open].len = s - ms->capture[open].init;
  const char *res = cm_match(ms, s, p);
  if (res == NULL) ms->capture[open].len = CM_UNFINISHED;
  return res;
}

static int cm_capture_index(cm_state *ms, int digit) {
  int l = digit - '1';
  if (l < 0 || l >= ms->level || ms->capture[l].len == CM_UNFINISHED) {
    return luaL_error(ms->L, "invalid capture index %%%d", l + 1);
  }
  return l;
}

static const char *cm_back_reference(cm_state *ms, const char *s, int digit) {
  int l = cm_capture_index(ms, digit);
  // A position capture's length is CM_POSITION: as a size it is huge, so (as in Lua) it never matches,
  // and only the comparisons actually made are charged.
  size_t len = (size_t)ms->capture[l].len;
  if ((size_t)(ms->src_end - s) < len) {
    cm_tick(ms, 1);
    return NULL;
  }
  cm_tick(ms, 1 + (long)(len / 16));
  if (memcmp(ms->capture[l].init, s, len) == 0) return s + len;
  return NULL;
}

/// Matches the pattern from p against the subject from s; the end of the match, or NULL.
static const char *cm_match(cm_state *ms, const char *s, const char *p) {
  if (ms->depth-- == 0) luaL_error(ms->L, "pattern too complex");
  while (p != ms->p_end) {
    cm_tick(ms, 1);
    switch (*p) {
      case '(':
        if (p + 1 < ms->p_end && p[1] == ')') {
          s = cm_start_capture(ms, s, p + 2, CM_POSITION);
        } else {
          s = cm_start_capture(ms, s, p + 1, CM_UNFINISHED);
        }
        goto done;
      case ')':
        s = cm_end_capture(ms, s, p + 1);
        goto done;
      case '$':
        if (p + 1 == ms->p_end) {  // '$' ends the pattern: an anchor at the subject's end
          if (s != ms->src_end) s = NULL;
          goto done;
        }
        goto single;
      case '%':
        if (p + 1 < ms->p_end) {
          char next = p[1];
          if (next == 'b') {
            s = cm_balance(ms, s, p + 2);
            if (s == NULL) goto done;
            p += 4;
            continue;
          }
          if (next == 'f') {
            p += 2;
            if (p >= ms->p_end || *p != '[') luaL_error(ms->L, "missing '[' after '%%f' in pattern");
            const char *ep = cm_class_end(ms, p);
            cm_tick(ms, 2 * (long)((ep - p) / 16));  // two set tests
            int previous = (s == ms->src_init) ? '\0' : (unsigned char)s[-1];
            int current = (s < ms->src_end) ? (unsigned char)*s : '\0';
            if (!cm_set(previous, p, ep - 1) && cm_set(current, p, ep - 1)) {
              p = ep;
              continue;
            }
            s = NULL;
            goto done;
          }
          if (isdigit((unsigned char)next)) {
            s = cm_back_reference(ms, s, (unsigned char)next);
            if (s == NULL) goto done;
            p += 2;
            continue;
          }
        }
        goto single;
      default:
      single: {
        const char *ep = cm_class_end(ms, p);
        char quantifier = ep < ms->p_end ? *ep : '\0';
        if (!cm_single(ms, s, p, ep)) {
          if (quantifier == '*' || quantifier == '?' || quantifier == '-') {  // zero repetitions
            p = ep + 1;
            continue;
          }
          s = NULL;
          goto done;
        }
        switch (quantifier) {
          case '?': {
            const char *res = cm_match(ms, s + 1, ep + 1);
            if (res != NULL) {
              s = res;
              goto done;
            }
            p = ep + 1;
            continue;
          }
          case '+': s = cm_max_expand(ms, s + 1, p, ep); goto done;
          case '*': s = cm_max_expand(ms, s, p, ep); goto done;
          case '-': s = cm_min_expand(ms, s, p, ep); goto done;
          default:
            s++;
            p = ep;
            continue;
        }
      }
    }
  }
done:
  ms->depth++;
  return s;
}

// MARK: Captures

/// Pushes capture i (the whole match s..e when the pattern has no captures and i is 0).
static void cm_push_capture(cm_state *ms, int i, const char *s, const char *e) {
  if (i >= ms->level) {
    if (i != 0) luaL_error(ms->L, "invalid capture index %%%d", i + 1);
    lua_pushlstring(ms->L, s, (size_t)(e - s));
    return;
  }
  ptrdiff_t len = ms->capture[i].len;
  if (len == CM_UNFINISHED) luaL_error(ms->L, "unfinished capture");
  if (len == CM_POSITION) {
    lua_pushinteger(ms->L, (lua_Integer)(ms->capture[i].init - ms->src_init) + 1);
  } else {
    lua_pushlstring(ms->L, ms->capture[i].init, (size_t)len);
  }
}

/// Pushes every capture (or the whole match when s is not NULL and there are none); returns the count.
static int cm_push_captures(cm_state *ms, const char *s, const char *e) {
  int count = (ms->level == 0 && s != NULL) ? 1 : ms->level;
  luaL_checkstack(ms->L, count, "too many captures");
  for (int i = 0; i < count; i++) cm_push_capture(ms, i, s, e);
  return count;
}

// MARK: Library functions

/// A 1-based start position from a possibly negative argument, clamped to 1 (Lua's posrelatI).
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
static const char *cm_plain_find(cm_state *ms, const char *s, size_t ls, const char *p, size_t lp) {
  if (lp == 0) return s;
  if (lp > ls) return NULL;
  long per_try = 1 + (long)(lp / 16);
  for (size_t i = 0; i + lp <= ls; i++) {
    cm_tick(ms, per_try);
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
  cm_state ms;
  cm_prepare(&ms, L, s, ls, p, lp);
  cm_tick(&ms, 1 + (long)(lp / 16));  // reading the pattern (for specials, or its first item)
  if (find && (lua_toboolean(L, 4) || !cm_has_specials(p, lp))) {
    const char *at = cm_plain_find(&ms, s + init, ls - init, p, lp);
    cm_settle(&ms);
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
    cm_reset(&ms);
    const char *e = cm_match(&ms, s1, p);
    if (e != NULL) {
      cm_settle(&ms);
      if (find) {
        lua_pushinteger(L, (lua_Integer)(s1 - s) + 1);
        lua_pushinteger(L, (lua_Integer)(e - s));
        return cm_push_captures(&ms, NULL, NULL) + 2;
      }
      return cm_push_captures(&ms, s1, e);
    }
  } while (s1++ < ms.src_end && !anchor);
  cm_settle(&ms);
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
  cm_state ms;
  cm_prepare(&ms, L, s, ls, p, lp);
  for (const char *src = s + gm->position; src <= ms.src_end; src++) {
    cm_reset(&ms);
    const char *e = cm_match(&ms, src, p);
    if (e != NULL && !(gm->has_last && (size_t)(e - s) == gm->last)) {
      gm->position = gm->last = (size_t)(e - s);
      gm->has_last = 1;
      cm_settle(&ms);
      return cm_push_captures(&ms, src, e);
    }
    cm_tick(&ms, 1);
  }
  cm_settle(&ms);
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
static void cm_add_string(cm_state *ms, luaL_Buffer *b, const char *s, const char *e) {
  size_t l;
  lua_State *L = ms->L;
  const char *news = lua_tolstring(L, 3, &l);
  const char *end = news + l;
  cm_tick(ms, 1 + (long)(l / 16));
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
        cm_push_capture(ms, *p - '1', s, e);
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
static int cm_add_value(cm_state *ms, luaL_Buffer *b, const char *s, const char *e, int kind) {
  lua_State *L = ms->L;
  if (kind == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    int n = cm_push_captures(ms, s, e);
    lua_call(L, n, 1);
  } else if (kind == LUA_TTABLE) {
    cm_push_capture(ms, 0, s, e);
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
  cm_state ms;
  cm_prepare(&ms, L, src, srcl, p, lp);
  cm_tick(&ms, 1 + (long)(lp / 16));
  lua_Integer n = 0;
  int changed = 0;
  while (n < max_s) {
    cm_reset(&ms);
    const char *e = cm_match(&ms, src, p);
    if (e != NULL && e != lastmatch) {
      n++;
      changed = cm_add_value(&ms, &b, src, e, kind) | changed;
      src = lastmatch = e;
    } else if (src < ms.src_end) {
      luaL_addchar(&b, *src++);
      cm_tick(&ms, 1);
    } else {
      break;
    }
    if (anchor) break;
  }
  cm_settle(&ms);
  if (!changed) {
    lua_pushvalue(L, 1);
  } else {
    luaL_addlstring(&b, src, (size_t)(ms.src_end - src));
    luaL_pushresult(&b);
  }
  lua_pushinteger(L, n);
  return 2;
}
