// Identity numbers of Lua objects that are the same in every process running the same script
// (identity.c; the allocator writes them, host.c).
#ifndef SHEETSCRIPT_LUASANDBOX_IDENTITY_H
#define SHEETSCRIPT_LUASANDBOX_IDENTITY_H

#include <lua.h>

/// Every block Lua allocates starts with this header: for a table, a closure or a coroutine, its
/// creation number. Such an object lives at the start of its block, so its number is a stable identity
/// that is the same in every process running the same script (addresses are not): deterministic
/// iteration and tostring use it (order.c). 16 bytes keep the blocks 16-byte aligned, as
/// malloc's are.
typedef struct sandbox_block {
  unsigned long long number;
  unsigned long long reserved;
} sandbox_block;

/// The identity number of the object at idx: tables and Lua or C closures start their blocks, a
/// coroutine's lua_State sits LUA_EXTRASPACE bytes in, and a light C function is numbered on first
/// sight (sandbox_light_number: this may allocate, so call it only inside a Lua call). 0 for anything
/// else (numbers, strings, booleans, userdata).
unsigned long long sandbox_object_number(lua_State *L, int idx);

#endif
