// The compile funnel as the sandbox's own Lua code reaches it (compile.c): a library function, run
// inside a Lua call (it raises only for a bad argument or a failed allocation).
#ifndef SHEETSCRIPT_LUASANDBOX_COMPILE_INTERNAL_H
#define SHEETSCRIPT_LUASANDBOX_COMPILE_INTERNAL_H

#include <lua.h>

/// load_text(text [, chunkname [, env]]): the parse behind the sandbox's `load` and `require`. Refuses
/// a text whose expression chains go too deep (chain.h), then loads it in text mode ("t": never a
/// binary chunk) and, when env is given and not nil, makes env the function's first upvalue (its
/// _ENV). Returns the function, or nil and the message, as Lua's load does. The chunk name defaults to
/// the text, as load's.
int sandbox_load_text(lua_State *L);

#endif
