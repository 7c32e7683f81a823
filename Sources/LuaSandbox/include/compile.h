// Trusted bytecode (ChunkCache): a chunk compiled once, in a bare state of its own, and loaded into
// states as a parse there would have loaded it (compile.c).
#ifndef SHEETSCRIPT_LUASANDBOX_COMPILE_H
#define SHEETSCRIPT_LUASANDBOX_COMPILE_H

#include <lua.h>
#include <stddef.h>

#include "host.h"

/// A growing byte buffer lua_dump writes into (malloc'd; the host frees it with sandbox_bytes_free).
typedef struct sandbox_bytes {
  unsigned char *data;
  size_t length;
  size_t capacity;
} sandbox_bytes;

/// Frees a buffer's bytes and empties it.
void sandbox_bytes_free(sandbox_bytes *b);

/// A bare state that only compiles (no library): the host's compiler for ChunkCache.
lua_State *sandbox_newcompiler(sandbox_host *h);

/// Compiles a text chunk (mode "t": never a binary one) in the compiler state C, allowing its parse
/// `room` bytes (0: no cap), as the target state's cap would. On success dumps the function with its
/// debug information (source name, lines, local and upvalue names: messages keep file:line) into *out,
/// sets *blocks to the objects the parse numbered (sandbox_block), empties C's stack and returns LUA_OK;
/// otherwise returns the status with the message on C's top.
int sandbox_compile(lua_State *C, sandbox_host *ch, const char *text, size_t length,
                    const char *chunkname, size_t room, sandbox_bytes *out,
                    unsigned long long *blocks);

/// Loads bytecode that sandbox_compile produced in this process from a text chunk (mode "b" only here:
/// the sandbox's load and require take text alone), under the cap as a parse would be. The objects are
/// numbered as a parse of the text in this state would have numbered them (`blocks`: what the parse
/// numbered, the function and the parser's scratch table), so identities stay as they were.
int sandbox_load_compiled(lua_State *L, sandbox_host *h, const unsigned char *bytes,
                          size_t length, const char *chunkname,
                          unsigned long long blocks);

#endif
