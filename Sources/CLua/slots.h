// Direct writes of a view's numbers into the value slots of their table fields.
//
// A view's number fields (`sheet.height`, `gesture.y`, ...) are written every frame. Through the API
// each write pushes the interned key and the number and calls lua_rawset, which hashes the key again
// and walks its chain to the same node every time. Here the node's value slot is found once, after
// the field's first API write, and later writes store the number into it directly: what lua_rawset
// does for an existing key with a number value (no write barrier, as a number is no collectable
// object; no new key, so no table resize).
//
// Why a cached slot is safe. Before every direct write the slot is checked against the table as it
// is now: it must lie inside the table's current node array (so it is live memory of that table),
// and the node must hold the field's own key, an interned short string compared by identity (a key
// lives in exactly one node of a table). A resize moves the nodes and fails the first check; a node
// reused for another key fails the second; either way the write goes through lua_rawset and the slot
// is found again. A key is never cleared from its node while its value is a number (Lua clears only
// keys of empty values), and the host writes only numbers to these fields (a script cannot reach the
// backing tables: it reads them through read-only views).
//
// The layout. Lua's own headers for its objects (lobject.h) are not installed by liblua5.4-dev, so
// the three structures read here are mirrored from Lua 5.4's lobject.h, and the mirror is checked
// against the running library before it is used (clua_slots_check, once per process: a table made
// through the API must read back through the mirror exactly). When the check fails (another Lua
// version, another layout) every write takes the API path as before.
#ifndef SHEETSCRIPT_CLUA_SLOTS_H
#define SHEETSCRIPT_CLUA_SLOTS_H

#include <lauxlib.h>
#include <lua.h>
#include <string.h>

/// Lua 5.4's `Value`, `TValue`, `Node` and `Table` (lobject.h), as far as they are read here.
typedef union clua_lvalue {
  void *gc;
  void *p;
  lua_CFunction f;
  lua_Integer i;
  lua_Number n;
} clua_lvalue;

typedef struct clua_ltvalue {
  clua_lvalue value_;
  unsigned char tt_;
} clua_ltvalue;

typedef union clua_lnode {
  struct {
    clua_lvalue value_;
    unsigned char tt_;
    unsigned char key_tt;
    int next;
    clua_lvalue key_val;
  } u;
  clua_ltvalue i_val;
} clua_lnode;

typedef struct clua_ltable {
  void *next;
  unsigned char tt;
  unsigned char marked;
  unsigned char flags;
  unsigned char lsizenode;
  unsigned int alimit;
  clua_ltvalue *array;
  clua_lnode *node;
} clua_ltable;

/// Lua 5.4's type tags: a float (LUA_VNUMFLT), a table (LUA_VTABLE), and a short string key with the
/// collectable bit (ctb(LUA_VSHRSTR)).
enum { CLUA_TAG_FLOAT = 3 | (1 << 4), CLUA_TAG_TABLE = 5, CLUA_TAG_SHORT_KEY = 4 | (1 << 6) };

/// One field's found slot: its table, its key (an interned string) and its value slot (NULL: not
/// found yet, or not findable).
typedef struct clua_slot {
  const clua_ltable *table;
  const void *key;
  clua_ltvalue *value;
} clua_slot;

/// Each field's table and interned key, from T's stack (field i is T[key_base + i] of the table
/// T[table_index[i]]; both stay there, and in place, for as long as the batch lives), no slot found yet.
static inline void clua_slots_init(lua_State *T, const int *table_index, int key_base, clua_slot *slots,
                                   int count) {
  for (int i = 0; i < count; i++) {
    slots[i].table = (const clua_ltable *)lua_topointer(T, table_index[i]);
    slots[i].key = lua_topointer(T, key_base + i);
    slots[i].value = NULL;
  }
}

/// The slot of `key` (interned) in `table`, or NULL.
static inline clua_ltvalue *clua_slot_find(const clua_ltable *table, const void *key) {
  if (table->node == NULL || table->lsizenode > 30) return NULL;
  size_t size = (size_t)1 << table->lsizenode;
  for (size_t i = 0; i < size; i++) {
    clua_lnode *node = &table->node[i];
    if (node->u.key_tt == CLUA_TAG_SHORT_KEY && node->u.key_val.gc == key) return &node->i_val;
  }
  return NULL;
}

/// Whether the slot is still the field's: one of the table's current nodes (at a node's start: the
/// table's nodes may lie where an older array of nodes was, at another offset, and Lua leaves the bytes
/// of a new array's free nodes as they were, so a pointer between two nodes can read an old key there),
/// holding its key.
static inline int clua_slot_holds(const clua_slot *slot) {
  const clua_ltable *table = slot->table;
  const clua_lnode *node = (const clua_lnode *)(const void *)slot->value;
  if (node < table->node || node >= table->node + ((size_t)1 << table->lsizenode)) return 0;
  if ((size_t)((const char *)node - (const char *)table->node) % sizeof(clua_lnode) != 0) return 0;
  return node->u.key_tt == CLUA_TAG_SHORT_KEY && node->u.key_val.gc == slot->key;
}

/// How many key-value pairs the hash part of the table at `index` has room for (its node count, 1 for
/// an empty hash part; 0 when the mirrored layout is not the running library's, see clua_slots_check):
/// an upper bound a reader reserves its dictionary for, never read as a count of fields.
static inline size_t clua_table_hash_capacity(lua_State *L, int index);

/// Whether the mirrored layout is the running library's: a table with one short-string key and a
/// float, made through the API, must read back through the mirror, and a write through the mirror
/// must read back through the API. Checked in a state of its own (so no state of the host's numbers
/// an object more), once per process (the library does not change while it runs): 1 or 0.
static inline int clua_slots_check(void) {
  static int known = -1;  // two first calls at once only repeat the same check (atomic loads and stores)
  int seen = __atomic_load_n(&known, __ATOMIC_ACQUIRE);
  if (seen >= 0) return seen;
  int usable = 0;
  lua_State *L = lua_version(NULL) == 504 ? luaL_newstate() : NULL;
  if (L != NULL) {
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "sheetscript_slot_check");
    const void *key = lua_topointer(L, -1);
    lua_pushnumber(L, 0.5);
    lua_rawset(L, -3);
    const clua_ltable *table = (const clua_ltable *)lua_topointer(L, -1);
    if (table != NULL && table->tt == CLUA_TAG_TABLE && table->lsizenode == 0) {
      clua_ltvalue *value = clua_slot_find(table, key);
      if (value != NULL && value->tt_ == CLUA_TAG_FLOAT && value->value_.n == 0.5) {
        value->value_.n = 0.25;
        lua_pushliteral(L, "sheetscript_slot_check");
        lua_rawget(L, -2);
        usable = lua_type(L, -1) == LUA_TNUMBER && lua_tonumber(L, -1) == 0.25;
      }
    }
    lua_close(L);
  }
  __atomic_store_n(&known, usable, __ATOMIC_RELEASE);
  return usable;
}

static inline size_t clua_table_hash_capacity(lua_State *L, int index) {
  if (!clua_slots_check() || lua_type(L, index) != LUA_TTABLE) return 0;
  const clua_ltable *table = (const clua_ltable *)lua_topointer(L, index);
  if (table == NULL || table->node == NULL || table->lsizenode > 30) return 0;
  return (size_t)1 << table->lsizenode;  // 1 for an empty hash part (Lua's dummy node)
}

#endif
