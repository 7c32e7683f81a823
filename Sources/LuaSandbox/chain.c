// The depth of a text chunk's expression chains (chain.h): a scan that follows Lua 5.4's lexer
// (llex.c) token by token, keeping a stack of the brackets it is inside.

#include "chain.h"

#include <stddef.h>
#include <string.h>

/// What opened a bracket the scan is inside.
enum {
  CHAIN_TOP,          // the chunk itself
  CHAIN_CALL,         // `f(` : a call's arguments (the call's value ends the chain)
  CHAIN_PAREN,        // `(` : a parenthesized expression (its chain goes on after `)`)
  CHAIN_INDEX,        // `a[` : an index step's key (resolved one step deeper than the step)
  CHAIN_KEY,          // `{[` : a table constructor's key
  CHAIN_TABLE,        // `{` : a table constructor
  CHAIN_TABLE_CALL,   // `f{` : a table constructor as a call's argument
};

/// Brackets the scan keeps apart: Lua's parser refuses a text nested more than 200 levels deep
/// (LUAI_MAXCCALLS), so deeper ones never reach a VM; they are counted, not kept.
#define CHAIN_MAX_FRAMES 256

typedef struct chain_frame {
  int kind;
  size_t start;  // the depth the bracket's contents start at
  size_t run;    // steps of the chain being read at this level
} chain_frame;

static int chain_is_alpha(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int chain_is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

static int chain_is_xdigit(unsigned char c) {
  return chain_is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int chain_is_keyword(const char *name, size_t length) {
  static const char *const keywords[] = {
      "and",   "break", "do",     "else", "elseif", "end",   "false", "for",  "function", "goto", "if",
      "in",    "local", "nil",    "not",  "or",     "repeat", "return", "then", "true",     "until",
      "while", NULL};
  for (const char *const *k = keywords; *k != NULL; k++) {
    if (strlen(*k) == length && memcmp(*k, name, length) == 0) return 1;
  }
  return 0;
}

/// Skips the line break at i (`\n`, `\r`, `\n\r` or `\r\n`, as Lua's inclinenumber) and counts it.
static size_t chain_newline(const char *s, size_t n, size_t i, int *line) {
  char first = s[i++];
  if (i < n && (s[i] == '\n' || s[i] == '\r') && s[i] != first) i++;
  *line += 1;
  return i;
}

/// Whether a long bracket `[==[` opens at i; *level gets its count of `=`.
static int chain_long_open(const char *s, size_t n, size_t i, size_t *level) {
  size_t j = i + 1;
  while (j < n && s[j] == '=') j++;
  if (j < n && s[j] == '[') {
    *level = j - i - 1;
    return 1;
  }
  return 0;
}

/// Skips a long string or comment opening at i with `level` signs, to past its closing bracket (or
/// the end of the text), counting its lines.
static size_t chain_skip_long(const char *s, size_t n, size_t i, size_t level, int *line) {
  i += level + 2;
  while (i < n) {
    if (s[i] == '\n' || s[i] == '\r') {
      i = chain_newline(s, n, i, line);
    } else if (s[i] == ']') {
      size_t j = i + 1;
      while (j < n && s[j] == '=') j++;
      if (j < n && s[j] == ']' && j - i - 1 == level) return j + 1;
      i = j;
    } else {
      i++;
    }
  }
  return n;
}

/// Skips a short string opening at i, to past its closing quote, counting lines (an escaped line
/// break, or one after `\z`).
static size_t chain_skip_string(const char *s, size_t n, size_t i, int *line) {
  char quote = s[i++];
  while (i < n && s[i] != quote) {
    if (s[i] == '\n' || s[i] == '\r') {
      i = chain_newline(s, n, i, line);
    } else if (s[i] == '\\' && i + 1 < n) {
      i += 1;
      if (s[i] == '\n' || s[i] == '\r') {
        i = chain_newline(s, n, i, line);
      } else {
        i += 1;
      }
    } else {
      i++;
    }
  }
  return i < n ? i + 1 : n;
}

/// Skips a numeral starting at i as Lua's read_numeral reads it (digits, hex digits, `.`, and an
/// exponent mark with its sign).
static size_t chain_skip_number(const char *s, size_t n, size_t i) {
  const char *exponent = "Ee";
  if (s[i] == '0' && i + 1 < n && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
    exponent = "Pp";
    i += 2;
  }
  while (i < n) {
    if (s[i] == exponent[0] || s[i] == exponent[1]) {
      i++;
      if (i < n && (s[i] == '+' || s[i] == '-')) i++;
    } else if (chain_is_xdigit((unsigned char)s[i]) || s[i] == '.') {
      i++;
    } else {
      break;
    }
  }
  return i;
}

sandbox_chain_depth sandbox_chain_scan(const char *s, size_t n) {
  sandbox_chain_depth result = {0, 0};
  chain_frame frames[CHAIN_MAX_FRAMES];
  int top = 0;
  size_t hidden = 0;  // brackets opened past CHAIN_MAX_FRAMES and not closed yet
  frames[0] = (chain_frame){CHAIN_TOP, 0, 0};
  int line = 1;
  int prefix = 0;  // the previous token ends a prefix expression (a name, `)`, `]`, a call's argument)
  int link = 0;    // the previous token is a `.` or `:` step (a name now is the field's or method's)
  size_t i = 0;
  while (i < n) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\n' || c == '\r') {
      i = chain_newline(s, n, i, &line);
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
      i++;
      continue;
    }
    if (c == '-' && i + 1 < n && s[i + 1] == '-') {  // a comment: not a token
      size_t level;
      i += 2;
      if (i < n && s[i] == '[' && chain_long_open(s, n, i, &level)) {
        i = chain_skip_long(s, n, i, level, &line);
      } else {
        while (i < n && s[i] != '\n' && s[i] != '\r') i++;
      }
      continue;
    }
    chain_frame *f = &frames[top];
    int was_prefix = prefix, was_link = link;
    int step = 0;  // this token is a `.`, `[` or `:` step of the chain
    prefix = 0;
    link = 0;
    if (chain_is_alpha(c)) {
      size_t j = i + 1;
      while (j < n && (chain_is_alpha((unsigned char)s[j]) || chain_is_digit((unsigned char)s[j]))) j++;
      if (was_link) {
        prefix = 1;  // the field's or method's name: the chain goes on
      } else if (chain_is_keyword(s + i, j - i)) {
        f->run = 0;
      } else {
        f->run = 0;  // a new primary expression: a chain starts here
        prefix = 1;
      }
      i = j;
    } else if (chain_is_digit(c) || (c == '.' && i + 1 < n && chain_is_digit((unsigned char)s[i + 1]))) {
      f->run = 0;
      i = chain_skip_number(s, n, i);
    } else if (c == '"' || c == '\'') {
      f->run = 0;  // a string, or a call with one (whose value ends the chain)
      prefix = was_prefix;
      i = chain_skip_string(s, n, i, &line);
    } else if (c == '[') {
      size_t level;
      if (chain_long_open(s, n, i, &level)) {
        f->run = 0;
        prefix = was_prefix;
        i = chain_skip_long(s, n, i, level, &line);
        continue;
      }
      if (was_prefix) {
        f->run += 1;
        step = 1;
      }
      if (top + 1 < CHAIN_MAX_FRAMES) {
        frames[top + 1] = (chain_frame){was_prefix ? CHAIN_INDEX : CHAIN_KEY, f->start + f->run, 0};
        top += 1;
      } else {
        hidden += 1;
      }
      i += 1;
    } else if (c == '(' || c == '{') {
      int kind = c == '(' ? (was_prefix ? CHAIN_CALL : CHAIN_PAREN)
                          : (was_prefix ? CHAIN_TABLE_CALL : CHAIN_TABLE);
      if (top + 1 < CHAIN_MAX_FRAMES) {
        frames[top + 1] = (chain_frame){kind, f->start + f->run, 0};
        top += 1;
      } else {
        hidden += 1;
      }
      i += 1;
    } else if (c == ')' || c == ']' || c == '}') {
      i += 1;
      if (hidden > 0) {
        hidden -= 1;
        continue;
      }
      if (top == 0) {  // unbalanced: Lua refuses the text
        f->run = 0;
        continue;
      }
      chain_frame closed = frames[top--];
      f = &frames[top];
      switch (closed.kind) {
        case CHAIN_PAREN:  // `(a.f).g`: the value's chain goes on
          f->run += closed.run;
          step = 1;
          prefix = 1;
          break;
        case CHAIN_INDEX:  // the step was counted at `[`
          prefix = 1;
          break;
        case CHAIN_CALL:
        case CHAIN_TABLE_CALL:
          f->run = 0;
          prefix = 1;
          break;
        default:
          f->run = 0;
          break;
      }
    } else if ((c == '.' || c == ':') && i + 1 < n && s[i + 1] == c) {  // `..`, `...` or `::`
      f->run = 0;
      i += (c == '.' && i + 2 < n && s[i + 2] == '.') ? 3 : 2;
    } else if (c == '.' || c == ':') {  // a `.name` or `:name` step
      if (was_prefix) {
        f->run += 1;
        step = 1;
        link = 1;
      } else {
        f->run = 0;
      }
      i += 1;
    } else {  // an operator or punctuation (each byte on its own: every one of them ends the chain)
      f->run = 0;
      i += 1;
    }
    if (step) {
      size_t depth = f->start + f->run;
      if (depth > result.steps) result.steps = depth;
      if (depth > SANDBOX_MAX_CHAIN_STEPS && result.line == 0) result.line = line;
    }
  }
  return result;
}
