// Lua 5.4's pattern matching for the sandbox (matcher.h), written from the reference manual's section
// 6.4.1, with one difference: every matching step is charged to the host call's instruction budget
// (sandbox_charge), so a backtracking pattern such as ('a*'):rep(40) .. 'b' ends with "instruction
// budget exceeded" instead of running for hours in C, where the count hook never fires.
//
// Every function here runs inside a Lua call (C frames only), so raising with luaL_error is safe.

#include "matcher.h"

#include <ctype.h>
#include <lauxlib.h>
#include <lua.h>
#include <stddef.h>
#include <string.h>

#include "budget_internal.h"


// MARK: Step accounting

void sandbox_matcher_tick(sandbox_matcher *ms, long steps) {
  ms->steps += steps;
  if (ms->steps >= CM_CHARGE_BATCH) {
    long due = ms->steps;
    ms->steps = 0;
    sandbox_charge(ms->L, (double)due);
  }
}

void sandbox_matcher_settle(sandbox_matcher *ms) {
  if (ms->steps > 0) {
    long due = ms->steps;
    ms->steps = 0;
    sandbox_charge(ms->L, (double)due);
  }
}

void sandbox_matcher_reset(sandbox_matcher *ms) {
  ms->level = 0;
  ms->depth = CM_MAX_DEPTH;
}

void sandbox_matcher_prepare(sandbox_matcher *ms, lua_State *L, const char *s, size_t ls, const char *p,
                             size_t lp) {
  ms->L = L;
  ms->src_init = s;
  ms->src_end = s + ls;
  ms->p_end = p + lp;
  ms->steps = 0;
  sandbox_matcher_reset(ms);
}

// MARK: Character classes

/// The end of the single-character class starting at p.
static const char *cm_class_end(sandbox_matcher *ms, const char *p) {
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
    sandbox_matcher_tick(ms, (long)((p - start) / 16));  // a long set is scanned to find its end
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
static int cm_single(sandbox_matcher *ms, const char *s, const char *p, const char *ep) {
  if (s >= ms->src_end) return 0;
  int c = (unsigned char)*s;
  switch (*p) {
    case '.': return 1;
    case '%': return cm_class(c, (unsigned char)p[1]);
    case '[':
      sandbox_matcher_tick(ms, (long)((ep - p) / 16));  // testing a character scans the set
      return cm_set(c, p, ep - 1);
    default: return (unsigned char)*p == c;
  }
}

// MARK: Matching


static const char *cm_balance(sandbox_matcher *ms, const char *s, const char *p) {
  if (p + 1 >= ms->p_end) luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
  if (s >= ms->src_end || *s != *p) return NULL;
  char open = p[0], close = p[1];
  int count = 1;
  while (++s < ms->src_end) {
    sandbox_matcher_tick(ms, 1);
    if (*s == close) {
      if (--count == 0) return s + 1;
    } else if (*s == open) {
      count++;
    }
  }
  return NULL;
}

static const char *cm_max_expand(sandbox_matcher *ms, const char *s, const char *p, const char *ep) {
  ptrdiff_t i = 0;
  while (cm_single(ms, s + i, p, ep)) {
    i++;
    sandbox_matcher_tick(ms, 1);
  }
  while (i >= 0) {  // the longest run first, then shorter ones
    const char *res = sandbox_matcher_match(ms, s + i, ep + 1);
    if (res != NULL) return res;
    i--;
    sandbox_matcher_tick(ms, 1);
  }
  return NULL;
}

static const char *cm_min_expand(sandbox_matcher *ms, const char *s, const char *p, const char *ep) {
  for (;;) {
    const char *res = sandbox_matcher_match(ms, s, ep + 1);
    if (res != NULL) return res;
    if (!cm_single(ms, s, p, ep)) return NULL;
    s++;
    sandbox_matcher_tick(ms, 1);
  }
}

static const char *cm_start_capture(sandbox_matcher *ms, const char *s, const char *p, ptrdiff_t what) {
  if (ms->level >= CM_MAX_CAPTURES) luaL_error(ms->L, "too many captures");
  ms->capture[ms->level].init = s;
  ms->capture[ms->level].len = what;
  ms->level++;
  const char *res = sandbox_matcher_match(ms, s, p);
  if (res == NULL) ms->level--;
  return res;
}

static const char *cm_end_capture(sandbox_matcher *ms, const char *s, const char *p) {
  int open = -1;
  for (int l = ms->level - 1; l >= 0; l--) {
    if (ms->capture[l].len == CM_UNFINISHED) {
      open = l;
      break;
    }
  }
  if (open < 0) luaL_error(ms->L, "invalid pattern capture");
  ms->capture[open].len = s - ms->capture[open].init;
  const char *res = sandbox_matcher_match(ms, s, p);
  if (res == NULL) ms->capture[open].len = CM_UNFINISHED;
  return res;
}

static int cm_capture_index(sandbox_matcher *ms, int digit) {
  int l = digit - '1';
  if (l < 0 || l >= ms->level || ms->capture[l].len == CM_UNFINISHED) {
    return luaL_error(ms->L, "invalid capture index %%%d", l + 1);
  }
  return l;
}

static const char *cm_back_reference(sandbox_matcher *ms, const char *s, int digit) {
  int l = cm_capture_index(ms, digit);
  // A position capture's length is CM_POSITION: as a size it is huge, so (as in Lua) it never matches,
  // and only the comparisons actually made are charged.
  size_t len = (size_t)ms->capture[l].len;
  if ((size_t)(ms->src_end - s) < len) {
    sandbox_matcher_tick(ms, 1);
    return NULL;
  }
  sandbox_matcher_tick(ms, 1 + (long)(len / 16));
  if (memcmp(ms->capture[l].init, s, len) == 0) return s + len;
  return NULL;
}

/// Matches the pattern from p against the subject from s; the end of the match, or NULL.
const char *sandbox_matcher_match(sandbox_matcher *ms, const char *s, const char *p) {
  if (ms->depth-- == 0) luaL_error(ms->L, "pattern too complex");
  while (p != ms->p_end) {
    sandbox_matcher_tick(ms, 1);
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
            sandbox_matcher_tick(ms, 2 * (long)((ep - p) / 16));  // two set tests
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
            const char *res = sandbox_matcher_match(ms, s + 1, ep + 1);
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
void sandbox_matcher_push_capture(sandbox_matcher *ms, int i, const char *s, const char *e) {
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
int sandbox_matcher_push_captures(sandbox_matcher *ms, const char *s, const char *e) {
  int count = (ms->level == 0 && s != NULL) ? 1 : ms->level;
  luaL_checkstack(ms->L, count, "too many captures");
  for (int i = 0; i < count; i++) sandbox_matcher_push_capture(ms, i, s, e);
  return count;
}

// MARK: Library functions

/// A 1-based start position from a possibly negative argument, clamped to 1 (Lua's posrelatI).
