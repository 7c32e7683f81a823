// The depth of a text chunk's expression chains, measured before Lua parses it (chain.c), for the
// compile funnel (compile.c). Pure C over bytes: nothing here touches a Lua state or raises.
//
// Why. When an error names a value ("attempt to call a nil value (field 'f')"), Lua 5.4.4 finds the
// name by walking the function's bytecode back from the failing instruction, recursively: every field
// or index step of the expression that produced the value (`a.f.f.f`, `a[k][k]`) is two more C frames
// (getobjname and gxf in ldebug.c), all inside one VM instruction, where neither the count hook nor
// the budget runs. A chain of about 80 000 steps overflows an 8 MiB C stack, and the host dies of
// SIGSEGV. Lua 5.4.7 made that walk iterative; until the library has it, the sandbox refuses chains
// deeper than SANDBOX_MAX_CHAIN_STEPS before they are parsed.
#ifndef SHEETSCRIPT_LUASANDBOX_CHAIN_H
#define SHEETSCRIPT_LUASANDBOX_CHAIN_H

#include <stddef.h>

/// The deepest expression chain a text chunk may hold, in field and index steps. The shipped
/// behaviours and scenarios go 4 steps deep at most; a chain this deep takes about 100 KiB of C stack
/// when an error names its value (Debian's liblua5.4: a 512 KiB thread stack overflows near 6 000).
#define SANDBOX_MAX_CHAIN_STEPS 1000

/// The deepest chain of a text and the line where it first passed the cap.
typedef struct sandbox_chain_depth {
  size_t steps;  // the most field and index steps one value's name resolution can follow
  int line;      // the line where the depth first passed SANDBOX_MAX_CHAIN_STEPS (0: it never did)
} sandbox_chain_depth;

/// Scans a Lua text chunk and returns its deepest expression chain: an upper bound on the steps
/// Lua's name resolution (ldebug.c's getobjname) follows for any value of it. Counts `.name`,
/// `[index]` and `:name` steps of a suffixed expression, continued through parentheses (`(a.f).g`)
/// and nested into index keys (`a.f[b.g]`); a call, an operator or any other token ends a chain.
/// The scan follows Lua's lexer (comments, short and long strings, numerals), so a chain cannot hide
/// in a token Lua reads differently; a text Lua would refuse gives some bound and Lua's own error.
sandbox_chain_depth sandbox_chain_scan(const char *text, size_t length);

#endif
