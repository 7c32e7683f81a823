// A table's image: its raw contents written out as bytes while it is read the way the host's
// conversion reads it (LuaValue.readTable: the list part 1..#t, then lua_next over the rest, with the
// same stack checks and pushes), its functions taken as registry references in that order, as the
// conversion takes them. So a read through the image makes in Lua exactly what a conversion makes: the
// same references, the same stack growth, nothing else (no string, no table).
//
// What it is for. A sweep restores a behaviour's state and runs its chunk again for every run; the
// chunk returns a table that is the same as the last run's but for its functions (new closures of the
// same code) and its thresholds' numbers (each run's overrides). A host that compares the new table's
// image with the last one's keeps its parse when they agree, and takes the new functions and numbers.
//
// What an image holds, value by value: a tag byte, and after it nothing more for nil, a boolean or a
// function (its reference goes to the list of references, in order), a number's 8 bytes (an integer's
// and a float's tags differ), a string's length and bytes, or a table's image (its list length, its
// list, its string keys with their values, an end tag). The numbers of one field's table (a behaviour's
// `thresholds`) are left out: their names and kinds stay in the image, their values go to a list of
// their own, in order. Any other key (not a string, nor a position of the list) or value (a userdata, a
// thread), a table nested past CLUA_IMAGE_DEPTH, or an image past its buffers makes no image: every
// reference taken is released, and the caller converts the table as before (the conversion names the
// problem).
#ifndef SHEETSCRIPT_CLUA_IMAGE_H
#define SHEETSCRIPT_CLUA_IMAGE_H

#include <lauxlib.h>
#include <lua.h>
#include <string.h>

/// An image being written: `size` bytes so far into `bytes` (of `capacity`), `ref_count` references into
/// `refs` (of `ref_capacity`), `number_count` left-out numbers into `numbers` (of `number_capacity`; each
/// an integer's value when `integers[i]` is 1, else a float's bits); `failed` once it cannot be made.
typedef struct clua_image {
  unsigned char *bytes;
  size_t capacity;
  size_t size;
  int *refs;
  size_t ref_capacity;
  size_t ref_count;
  long long *numbers;
  unsigned char *integers;
  size_t number_capacity;
  size_t number_count;
  int failed;
} clua_image;

enum {
  CLUA_IMAGE_NIL = 1,  // a list's hole (the conversion reads nil there too)
  CLUA_IMAGE_FALSE,
  CLUA_IMAGE_TRUE,
  CLUA_IMAGE_INTEGER,
  CLUA_IMAGE_FLOAT,
  CLUA_IMAGE_LEFT_INTEGER,  // an integer whose value is in the numbers' list
  CLUA_IMAGE_LEFT_FLOAT,    // a float whose value is in the numbers' list
  CLUA_IMAGE_STRING,
  CLUA_IMAGE_TABLE,
  CLUA_IMAGE_FUNCTION,
  CLUA_IMAGE_KEY,
  CLUA_IMAGE_END,
  /// The deepest nesting an image follows (the conversion's own limit, LuaValue.maximumDepth, is 32).
  CLUA_IMAGE_DEPTH = 16,
};

static inline void clua_image_put(clua_image *image, const void *data, size_t count) {
  if (image->failed) return;
  if (count > image->capacity - image->size) {
    image->failed = 1;
    return;
  }
  memcpy(image->bytes + image->size, data, count);
  image->size += count;
}

static inline void clua_image_tag(clua_image *image, unsigned char tag) { clua_image_put(image, &tag, 1); }

/// A string's length and bytes (a string value or key: lua_tolstring converts nothing).
static inline void clua_image_string(clua_image *image, lua_State *L, int index) {
  size_t length = 0;
  const char *text = lua_tolstring(L, index, &length);
  clua_image_put(image, &length, sizeof length);
  clua_image_put(image, text, length);
}

static void clua_image_value(clua_image *image, lua_State *L, int index, int depth, const char *numbers_of);

/// Whether the string key at `index` is `name` exactly (its length too: a key may hold a zero byte).
static inline int clua_image_key_is(lua_State *L, int index, const char *name) {
  size_t length = 0;
  const char *text = lua_tolstring(L, index, &length);
  return length == strlen(name) && memcmp(text, name, length) == 0;
}

/// A left-out number of the numbers' table: its kind in the image, its value in the list.
static inline void clua_image_left_number(clua_image *image, lua_State *L, int index) {
  if (image->number_count >= image->number_capacity) {
    image->failed = 1;
    return;
  }
  size_t i = image->number_count++;
  image->integers[i] = lua_isinteger(L, index) ? 1 : 0;
  if (image->integers[i]) {
    image->numbers[i] = (long long)lua_tointeger(L, index);
  } else {
    lua_Number value = lua_tonumber(L, index);
    memcpy(&image->numbers[i], &value, sizeof value);
  }
  clua_image_tag(image, image->integers[i] ? CLUA_IMAGE_LEFT_INTEGER : CLUA_IMAGE_LEFT_FLOAT);
}

/// The table at `index` (absolute), as LuaValue.readTable reads it: the stack checked for 4 more slots,
/// its list (each element pushed, read and popped), then lua_next over it (a string key's value read, a
/// list position skipped). With `numbers_of`, a number that is the value of a key of the field
/// `numbers_of`'s table is left out.
static void clua_image_table(clua_image *image, lua_State *L, int index, int depth, int leave_numbers,
                             const char *numbers_of) {
  if (depth >= CLUA_IMAGE_DEPTH || !lua_checkstack(L, 4)) {
    image->failed = 1;
    return;
  }
  int base = lua_gettop(L);
  clua_image_tag(image, CLUA_IMAGE_TABLE);
  lua_Integer length = (lua_Integer)lua_rawlen(L, index);
  clua_image_put(image, &length, sizeof length);
  for (lua_Integer i = 1; i <= length && !image->failed; i++) {
    lua_rawgeti(L, index, i);
    if (leave_numbers && lua_type(L, -1) == LUA_TNUMBER) {
      clua_image_left_number(image, L, -1);
    } else {
      clua_image_value(image, L, lua_gettop(L), depth + 1, NULL);
    }
    lua_pop(L, 1);
  }
  lua_pushnil(L);
  while (!image->failed && lua_next(L, index) != 0) {
    int key = lua_gettop(L) - 1;
    if (lua_type(L, key) == LUA_TSTRING) {
      clua_image_tag(image, CLUA_IMAGE_KEY);
      clua_image_string(image, L, key);
      if (leave_numbers && lua_type(L, -1) == LUA_TNUMBER) {
        clua_image_left_number(image, L, -1);
      } else if (numbers_of != NULL && depth == 0 && lua_type(L, -1) == LUA_TTABLE &&
                 clua_image_key_is(L, key, numbers_of)) {
        clua_image_table(image, L, lua_gettop(L), depth + 1, 1, NULL);
      } else {
        clua_image_value(image, L, lua_gettop(L), depth + 1, NULL);
      }
    } else if (!(lua_isinteger(L, key) && lua_tointeger(L, key) >= 1 && lua_tointeger(L, key) <= length)) {
      image->failed = 1;  // a key the conversion refuses (never converted: lua_tolstring under lua_next)
    }
    lua_pop(L, 1);
  }
  lua_settop(L, base);
  clua_image_tag(image, CLUA_IMAGE_END);
}

static void clua_image_value(clua_image *image, lua_State *L, int index, int depth, const char *numbers_of) {
  switch (lua_type(L, index)) {
    case LUA_TNIL: clua_image_tag(image, CLUA_IMAGE_NIL); break;
    case LUA_TBOOLEAN:
      clua_image_tag(image, lua_toboolean(L, index) ? CLUA_IMAGE_TRUE : CLUA_IMAGE_FALSE);
      break;
    case LUA_TNUMBER:
      if (lua_isinteger(L, index)) {
        lua_Integer value = lua_tointeger(L, index);
        clua_image_tag(image, CLUA_IMAGE_INTEGER);
        clua_image_put(image, &value, sizeof value);
      } else {
        lua_Number value = lua_tonumber(L, index);
        clua_image_tag(image, CLUA_IMAGE_FLOAT);
        clua_image_put(image, &value, sizeof value);
      }
      break;
    case LUA_TSTRING:
      clua_image_tag(image, CLUA_IMAGE_STRING);
      clua_image_string(image, L, index);
      break;
    case LUA_TTABLE: clua_image_table(image, L, index, depth, 0, numbers_of); break;
    case LUA_TFUNCTION:
      if (image->failed) break;
      if (image->ref_count >= image->ref_capacity) {
        image->failed = 1;
        break;
      }
      clua_image_tag(image, CLUA_IMAGE_FUNCTION);
      lua_pushvalue(L, index);  // what the conversion does: a copy, taken as a reference
      image->refs[image->ref_count++] = luaL_ref(L, LUA_REGISTRYINDEX);
      break;
    default: image->failed = 1; break;
  }
}

/// Writes the image of the table at `index` into `image` (its buffers set, its counts 0), leaving out
/// the numbers of the root's field `numbers_of` (NULL: none): 1, or 0 when it has none (see above), its
/// references then released. Raw reads only: no metamethod runs; the stack is as it was.
static inline int clua_table_image(lua_State *L, int index, clua_image *image, const char *numbers_of) {
  int top = lua_gettop(L);
  if (lua_type(L, index) != LUA_TTABLE) return 0;
  clua_image_table(image, L, lua_absindex(L, index), 0, 0, numbers_of);
  lua_settop(L, top);
  if (!image->failed) return 1;
  for (size_t i = 0; i < image->ref_count; i++) luaL_unref(L, LUA_REGISTRYINDEX, image->refs[i]);
  image->ref_count = 0;
  return 0;
}

#endif
