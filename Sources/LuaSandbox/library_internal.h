// The counted standard library's pieces shared between its files (library.c, table.c): the helpers
// every wrapper uses and the table wrappers the installation replaces. Library functions: they run
// inside a Lua call and raise.
#ifndef SHEETSCRIPT_LUASANDBOX_LIBRARY_INTERNAL_H
#define SHEETSCRIPT_LUASANDBOX_LIBRARY_INTERNAL_H

#include <lua.h>

/// Runs the original library function (upvalue 1) on the wrapper's arguments; returns its results.
int sandbox_lib_forward(lua_State *L);

/// The number of integers in from...to (0 when empty), without overflow.
double sandbox_lib_span(lua_Integer from, lua_Integer to);

/// An optional integer argument, or def when absent or not an integer (the original then reports it).
lua_Integer sandbox_lib_optint(lua_State *L, int arg, lua_Integer def);

/// The raw length of a table argument (0 for anything else; the original reports the type).
double sandbox_lib_table_length(lua_State *L, int arg);

/// table.concat, insert, remove, move, sort and unpack, counted (table.c).
int sandbox_table_concat(lua_State *L);
int sandbox_table_insert(lua_State *L);
int sandbox_table_remove(lua_State *L);
int sandbox_table_move(lua_State *L);
int sandbox_table_sort(lua_State *L);
int sandbox_table_unpack(lua_State *L);

#endif
