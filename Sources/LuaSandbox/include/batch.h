// Field batches (LuaFieldBatch): the numbers a frame writes into script tables, in one crossing with
// the call that reads them (batch.c).
#ifndef SHEETSCRIPT_LUASANDBOX_BATCH_H
#define SHEETSCRIPT_LUASANDBOX_BATCH_H

#include <lua.h>

#include "host.h"

/// Writes the number fields of a batch whose bits changed, in one call. The batch lives on a thread of
/// its own, T, never resumed, whose stack holds the batch's tables and, above them, its keys (strings
/// interned when the batch was made, so no key is hashed again and nothing is fetched per write): slot i
/// holds values[i], last written as the bits written[i] (updated here), and is field T[key_base + i] of
/// the table T[table_index[i]]. Raw writes, no metamethod; writing an existing field allocates nothing.
/// Needs 2 free slots on T (made when the batch was made; the writes pop what they push).
void sandbox_write_changed(lua_State *T, const int *table_index, int key_base,
                           const double *values, unsigned long long *written, int count);

/// sandbox_write_changed on the batch's thread T (when T is not NULL), then sandbox_call_refs on L: a frame's
/// view writes and its callback in one crossing from the host (LuaBoundCall). The writes happen before
/// the call, outside it, as a separate flush would make them.
int sandbox_flush_call_refs(lua_State *T, const int *table_index, int key_base,
                            const double *values, unsigned long long *written, int fields,
                            lua_State *L, sandbox_host *h, int ref, int count, int a,
                            int b, int c, double *out, long long *out_integer, int *kind,
                            int *is_integer, int *out_base);

#endif
