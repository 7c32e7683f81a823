// A table's image: its raw contents written out as bytes, in the order a conversion to the host's
// values reads them (the list part 1..#t, then lua_next over the rest), so that two tables with the same
// image convert to the same host value but for the identity of the functions in them. A host that
// parses the same behaviour table again and again (a sweep restores the behaviour's state and runs its
// chunk again for every run) compares the new table's image with the last one's and, when they agree,
// keeps the parse and takes only the functions (and the thresholds' numbers) from the new table.
//
// What an image holds, value by value: a tag byte, then a boolean's byte, a number's 8 bytes (an
// integer's and a float's tags differ), a string's length and bytes, a table's image (its list length,
// its list, its string keys with their values, an end tag), or nothing for a function (its place is in
// the image, not its identity). Any other key (not a string, nor a position of the list) or value (a
// userdata, a thread) makes no image: the caller parses as before, and the conversion names the problem.
#ifndef SHEETSCRIPT_CLUA_IMAGE_H
#define SHEETSCRIPT_CLUA_IMAGE_H

#include <lua.h>
#include <string.h>

/// The image being written: `size` bytes so far into `bytes` (of `capacity`); `failed` once it cannot be
/// made.
typedef struct clua_image {
  unsigned char *bytes;
  size_t capacity;
  size_t size;
  int failed;
} clua_image;

enum {
  CLUA_IMAGE_FALSE = 1,
  CLUA_IMAGE_TRUE,
  CLUA_IMAGE_INTEGER,
  CLUA_IMAGE_FLOAT,
  CLUA_IMAGE_NUMBER,  // a number whose value the image leaves out (a threshold's)
  CLUA_IMAGE_STRING,
  CLUA_IMAGE_TABLE,
  CLUA_IMAGE_FUNCTION,
  CLUA_IMAGE_KEY,
  CLUA_IMAGE_END,
  /// The deepest nesting an image follows (a deeper table, or a cycle, makes none).
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

static inline void clua_image_string(clua_image *image, lua_State *L, int index) {
  size_t length = 0;
  const char *text = lua_tolstring(L, index, &length);
  clua_image_put(image, &length, sizeof length);
  clua_image_put(image, text, length);
}

static void clua_image_value(clua_image *image, lua_State *L, int index, int depth, const char *numbers_of);

/// The table at `index` (absolute): its list, then its string keys. The values of the string key
/// `numbers_of` that are numbers are written as numbers without their value (NULL: every value is).
static void clua_image_table(clua_image *image, lua_State *L, int index, int depth, const char *numbers_of) {
  if (depth >= CLUA_IMAGE_DEPTH || !lua_checkstack(L, 4)) {
    image->failed = 1;
    return;
  }
  clua_image_tag(image, CLUA_IMAGE_TABLE);
  lua_Integer length = (lua_Integer)lua_rawlen(L, index);
  clua_image_put(image, &length, sizeof length);
  for (lua_Integer i = 1; i <= length && !image->failed; i++) {
    lua_rawgeti(L, index, i);
    clua_image_value(image, L, lua_gettop(L), depth + 1, NULL);
    lua_pop(L, 1);
  }
  lua_pushnil(L);
  while (!image->failed && lua_next(L, index) != 0) {
    int key = lua_gettop(L) - 1;
    if (lua_type(L, key) == LUA_TSTRING) {
      clua_image_tag(image, CLUA_IMAGE_KEY);
      clua_image_string(image, L, key);
      int leave_numbers = numbers_of != NULL && strcmp(lua_tostring(L, key), numbers_of) == 0;
      if (leave_numbers && lua_type(L, -1) == LUA_TTABLE) {
        // the numbers' table: its keys and their kinds, not the numbers
        int inner = lua_gettop(L);
        clua_image_tag(image, CLUA_IMAGE_TABLE);
        lua_Integer inner_length = (lua_Integer)lua_rawlen(L, inner);
        clua_image_put(image, &inner_length, sizeof inner_length);
        if (inner_length != 0) image->failed = 1;  // a list there: the parse refuses it, as before
        lua_pushnil(L);
        while (!image->failed && lua_next(L, inner) != 0) {
          if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TNUMBER) image->failed = 1;
          clua_image_tag(image, CLUA_IMAGE_KEY);
          clua_image_string(image, L, -2);
          clua_image_tag(image, CLUA_IMAGE_NUMBER);
          lua_pop(L, 1);
        }
        if (image->failed) lua_settop(L, inner);
        clua_image_tag(image, CLUA_IMAGE_END);
      } else {
        clua_image_value(image, L, lua_gettop(L), depth + 1, NULL);
      }
    } else if (!(lua_isinteger(L, key) && lua_tointeger(L, key) >= 1 && lua_tointeger(L, key) <= length)) {
      image->failed = 1;  // a key the conversion refuses
    }
    lua_pop(L, 1);
    if (image->failed) lua_pop(L, 1);  // the key lua_next would have taken
  }
  clua_image_tag(image, CLUA_IMAGE_END);
}

static void clua_image_value(clua_image *image, lua_State *L, int index, int depth, const char *numbers_of) {
  switch (lua_type(L, index)) {
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
    case LUA_TTABLE: clua_image_table(image, L, index, depth, numbers_of); break;
    case LUA_TFUNCTION: clua_image_tag(image, CLUA_IMAGE_FUNCTION); break;
    default: image->failed = 1; break;
  }
}

/// The image of the table at `index` into `bytes` (of `capacity`), the values of its field
/// `numbers_of` left out when they are numbers: its size in bytes, or 0 when it has none (see above)
/// or does not fit. Raw reads only: no metamethod runs, nothing is allocated, the stack is as it was.
static inline size_t clua_table_image(lua_State *L, int index, unsigned char *bytes, size_t capacity,
                                      const char *numbers_of) {
  int top = lua_gettop(L);
  if (lua_type(L, index) != LUA_TTABLE) return 0;
  clua_image image = {bytes, capacity, 0, 0};
  clua_image_table(&image, L, lua_absindex(L, index), 0, numbers_of);
  lua_settop(L, top);
  return image.failed ? 0 : image.size;
}

#endif
