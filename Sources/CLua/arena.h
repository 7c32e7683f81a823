// A restorable state's memory: one reserved region every block of the state lives in, so that the
// whole state can be copied out (a snapshot) and copied back (a restore) byte for byte. A sweep that
// runs one scenario a thousand times builds its states once and restores them before each run instead
// of building them again (LuaState.snapshot / restore).
//
// Why a copy is the state. Lua reaches its memory only through the allocator (lua_Alloc), and every
// pointer inside the state points into its own blocks; with every block in one region at a fixed
// address, the region's used bytes plus this allocator's own record are the whole state: the registry,
// the string table and its seed, the GC's lists and debt, the threads' stacks. What lies outside is
// the host record (clua_host: counters and limits, saved and restored beside the bytes) and the Swift
// objects the state's closures point to (kept alive by the snapshot, see LuaStateSnapshot).
//
// The allocator. Blocks are handed out from size classes (16-byte steps up to 1 KiB, then powers of
// two), each with its own free list, and from a bump pointer past the last block ever made. Lua gives
// a block's size on every free and resize, so no block carries a size header. When the region is full,
// blocks come from malloc instead ("spilled"): the state works on exactly as with the plain allocator
// (the memory cap is the host record's, counted in the bytes Lua asked for, the same with either), but
// it can no longer be snapshotted or restored, and its owner builds a fresh one instead.
#ifndef SHEETSCRIPT_CLUA_ARENA_H
#define SHEETSCRIPT_CLUA_ARENA_H

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/// Size classes: 64 of 16-byte steps (16 .. 1024 bytes), then powers of two from 2 KiB to 2^47.
#define CLUA_ARENA_SMALL 64
#define CLUA_ARENA_CLASSES (CLUA_ARENA_SMALL + 37)
/// Bytes past a snapshot's top a restore leaves in memory for the next run (see clua_arena_put_back).
enum { CLUA_ARENA_KEPT_BYTES = 512 << 10 };

typedef struct clua_arena {
  unsigned char *base;  // the reserved region (mmap, no swap reserved: untouched pages cost nothing)
  size_t capacity;      // its size in bytes
  size_t top;           // bytes from base handed out at least once
  size_t spilled;       // blocks now living outside the region (malloc'd once it was full)
  int ever_spilled;     // 1 once any block spilled: a snapshot of this state is refused
  void *free_list[CLUA_ARENA_CLASSES];  // each class's freed blocks, linked through their first word
} clua_arena;

/// A new region of `capacity` bytes (rounded up to whole pages by the kernel); NULL when it cannot be
/// reserved.
static inline clua_arena *clua_arena_new(size_t capacity) {
  clua_arena *arena = (clua_arena *)calloc(1, sizeof(clua_arena));
  if (arena == NULL) return NULL;
  void *base = mmap(NULL, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                    -1, 0);
  if (base == MAP_FAILED) {
    free(arena);
    return NULL;
  }
  arena->base = (unsigned char *)base;
  arena->capacity = capacity;
  return arena;
}

/// Unmaps the region and frees the record (after lua_close: every block has been freed by then).
static inline void clua_arena_free(clua_arena *arena) {
  if (arena == NULL) return;
  munmap(arena->base, arena->capacity);
  free(arena);
}

/// The class of a block of `size` bytes (> 0) and the bytes a block of that class takes.
static inline int clua_arena_class(size_t size, size_t *chunk) {
  if (size <= 16 * CLUA_ARENA_SMALL) {
    size_t steps = (size + 15) / 16;
    *chunk = steps * 16;
    return (int)steps - 1;
  }
  size_t bytes = 2048;
  int index = CLUA_ARENA_SMALL;
  while (bytes < size && index < CLUA_ARENA_CLASSES - 1) {
    bytes <<= 1;
    index += 1;
  }
  *chunk = bytes;
  return index;
}

static inline int clua_arena_owns(const clua_arena *arena, const void *block) {
  const unsigned char *p = (const unsigned char *)block;
  return p >= arena->base && p < arena->base + arena->capacity;
}

/// A block of `size` bytes, 16-byte aligned: from its class's free list, past the top, or (the region
/// full) from malloc.
static inline void *clua_arena_alloc(clua_arena *arena, size_t size) {
  size_t chunk;
  int index = clua_arena_class(size, &chunk);
  void *block = arena->free_list[index];
  if (block != NULL) {
    arena->free_list[index] = *(void **)block;
    return block;
  }
  if (chunk <= arena->capacity - arena->top) {
    block = arena->base + arena->top;
    arena->top += chunk;
    return block;
  }
  block = malloc(size);
  if (block != NULL) {
    arena->spilled += 1;
    arena->ever_spilled = 1;
  }
  return block;
}

/// Gives back a block of `size` bytes.
static inline void clua_arena_release(clua_arena *arena, void *block, size_t size) {
  if (!clua_arena_owns(arena, block)) {
    free(block);
    arena->spilled -= 1;
    return;
  }
  size_t chunk;
  int index = clua_arena_class(size, &chunk);
  *(void **)block = arena->free_list[index];
  arena->free_list[index] = block;
}

/// realloc over the arena: a block of `old` bytes (NULL: none) resized to `size` (> 0) bytes, its
/// first min(old, size) bytes kept; NULL when no memory is left (the old block is then untouched).
static inline void *clua_arena_realloc(clua_arena *arena, void *block, size_t old, size_t size) {
  if (block != NULL && clua_arena_owns(arena, block)) {
    size_t old_chunk, new_chunk;
    if (clua_arena_class(old, &old_chunk) == clua_arena_class(size, &new_chunk)) return block;
  }
  void *next = clua_arena_alloc(arena, size);
  if (next == NULL) return NULL;
  if (block != NULL) {
    memcpy(next, block, old < size ? old : size);
    clua_arena_release(arena, block, old);
  }
  return next;
}

/// A copy of a state's region and allocator record, taken between host calls.
typedef struct clua_arena_copy {
  unsigned char *bytes;  // the region's first `arena.top` bytes
  clua_arena arena;      // the allocator record as it was
} clua_arena_copy;

/// Copies the region's used bytes and the allocator's record into *copy; 0 when the state has ever
/// spilled (some of its blocks are not in the region) or the copy's memory cannot be had.
static inline int clua_arena_take(const clua_arena *arena, clua_arena_copy *copy) {
  if (arena->ever_spilled) return 0;
  unsigned char *bytes = (unsigned char *)malloc(arena->top > 0 ? arena->top : 1);
  if (bytes == NULL) return 0;
  memcpy(bytes, arena->base, arena->top);
  copy->bytes = bytes;
  copy->arena = *arena;
  return 1;
}

/// Puts the copied bytes and record back; 0 (and nothing changed) when blocks now live outside the
/// region, which the copy cannot bring back or free.
static inline int clua_arena_put_back(clua_arena *arena, const clua_arena_copy *copy) {
  if (arena->spilled != 0 || copy->arena.base != arena->base) return 0;
  size_t run_top = arena->top;
  memcpy(arena->base, copy->bytes, copy->arena.top);
  *arena = copy->arena;
  // The pages a run used past the snapshot's top hold nothing the restored state reaches. Those more
  // than CLUA_ARENA_KEPT_BYTES past it are given back to the system (they read as zero when touched
  // again), so a kept state costs its snapshot's pages and that much, not its largest run's; the
  // first ones stay, for the next run to reuse without page faults.
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t from = (copy->arena.top + (size_t)CLUA_ARENA_KEPT_BYTES + page - 1) & ~(page - 1);
  if (run_top > from) madvise(arena->base + from, run_top - from, MADV_DONTNEED);
  return 1;
}

/// The bytes of the region's pages in memory now (mincore), for tests that a restore gave pages back;
/// 0 when the kernel cannot say.
static inline size_t clua_arena_resident_bytes(const clua_arena *arena) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t pages = (arena->capacity + page - 1) / page;
  unsigned char *resident = (unsigned char *)malloc(pages > 0 ? pages : 1);
  if (resident == NULL) return 0;
  size_t bytes = 0;
  if (mincore(arena->base, arena->capacity, resident) == 0) {
    for (size_t i = 0; i < pages; i++) bytes += (resident[i] & 1) ? page : 0;
  }
  free(resident);
  return bytes;
}

static inline void clua_arena_copy_free(clua_arena_copy *copy) {
  free(copy->bytes);
  copy->bytes = NULL;
}

#endif
