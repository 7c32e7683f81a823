// Swift closures as Lua functions: the callback a host record carries (host.h) and the closures
// that call it (callback.c, the trampoline: it raises or yields in C, never in Swift).
#ifndef SHEETSCRIPT_LUASANDBOX_CALLBACK_H
#define SHEETSCRIPT_LUASANDBOX_CALLBACK_H

#include <lua.h>

/// Called by the trampoline: returns >= 0 results, SANDBOX_CALLBACK_ERROR (message on top), or
/// SANDBOX_CALLBACK_YIELD - n to yield n values.
typedef int (*sandbox_callback_fn)(lua_State *L, void *context);
/// Releases a callback context when its Lua closure is collected.
typedef void (*sandbox_release_fn)(void *context);

enum { SANDBOX_CALLBACK_ERROR = -1, SANDBOX_CALLBACK_YIELD = -2 };

/// Pushes a Lua closure calling h->callback with context; h->release(context) runs when it is collected.
void sandbox_push_callback(lua_State *L, void *context);

#endif
