// Field batches (batch.h).

#include "batch.h"

#include <lua.h>
#include <stddef.h>
#include <string.h>

#include "calls.h"
#include "host.h"

void sandbox_write_changed(lua_State *T, const int *table_index, int key_base,
                           const double *values, unsigned long long *written, int count) {
  for (int i = 0; i < count; i++) {
    unsigned long long bits;
    memcpy(&bits, &values[i], sizeof bits);
    if (bits == written[i]) continue;
    written[i] = bits;
    lua_pushvalue(T, key_base + i);
    lua_pushnumber(T, values[i]);
    lua_rawset(T, table_index[i]);
  }
}

int sandbox_flush_call_refs(lua_State *T, const int *table_index, int key_base,
                            const double *values, unsigned long long *written, int fields,
                            lua_State *L, sandbox_host *h, int ref, int count, int a,
                            int b, int c, double *out, long long *out_integer, int *kind,
                            int *is_integer, int *out_base) {
  if (T != NULL) sandbox_write_changed(T, table_index, key_base, values, written, fields);
  return sandbox_call_refs(L, h, ref, count, a, b, c, out, out_integer, kind, is_integer, out_base);
}
