// The sandbox's counted standard library (library.c): installed into every new state, with copies of
// the original functions kept for tests.
#ifndef SHEETSCRIPT_LUASANDBOX_LIBRARY_H
#define SHEETSCRIPT_LUASANDBOX_LIBRARY_H

#include <lua.h>

/// Pushes the copy of lib's original functions (nil for a library not kept).
void sandbox_push_original_library(lua_State *L, const char *lib);

/// Installs the counted functions into the real libraries (before the sandbox prelude copies them,
/// and in the string metatable's __index, which is the string table itself). The prelude's charge
/// function and its compile funnel are left in the globals `sheetscript_charge` and
/// `sheetscript_load_text`, which the prelude takes and removes.
void sandbox_install_counted_libraries(lua_State *L);

#endif
