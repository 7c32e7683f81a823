// The region a restorable state lives in: its allocator, its copies and its restores (arena.h).

#include "arena.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

sandbox_arena *sandbox_arena_new(size_t capacity) {
  sandbox_arena *arena = (sandbox_arena *)calloc(1, sizeof(sandbox_arena));
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

void sandbox_arena_free(sandbox_arena *arena) {
  if (arena == NULL) return;
  munmap(arena->base, arena->capacity);
  free(arena);
}

/// The class of a block of `size` bytes (> 0) and the bytes a block of that class takes.
static int sandbox_arena_class(size_t size, size_t *chunk) {
  if (size <= 16 * SANDBOX_ARENA_SMALL) {
    size_t steps = (size + 15) / 16;
    *chunk = steps * 16;
    return (int)steps - 1;
  }
  size_t bytes = 2048;
  int index = SANDBOX_ARENA_SMALL;
  while (bytes < size && index < SANDBOX_ARENA_CLASSES - 1) {
    bytes <<= 1;
    index += 1;
  }
  *chunk = bytes;
  return index;
}

static int sandbox_arena_owns(const sandbox_arena *arena, const void *block) {
  const unsigned char *p = (const unsigned char *)block;
  return p >= arena->base && p < arena->base + arena->capacity;
}

/// A block of `size` bytes, 16-byte aligned: from its class's free list, past the top, or (the region
/// full) from malloc.
static void *sandbox_arena_alloc(sandbox_arena *arena, size_t size) {
  size_t chunk;
  int index = sandbox_arena_class(size, &chunk);
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

void sandbox_arena_release(sandbox_arena *arena, void *block, size_t size) {
  if (!sandbox_arena_owns(arena, block)) {
    free(block);
    arena->spilled -= 1;
    return;
  }
  size_t chunk;
  int index = sandbox_arena_class(size, &chunk);
  *(void **)block = arena->free_list[index];
  arena->free_list[index] = block;
}

void *sandbox_arena_realloc(sandbox_arena *arena, void *block, size_t old, size_t size) {
  if (block != NULL && sandbox_arena_owns(arena, block)) {
    size_t old_chunk, new_chunk;
    if (sandbox_arena_class(old, &old_chunk) == sandbox_arena_class(size, &new_chunk)) return block;
  }
  void *next = sandbox_arena_alloc(arena, size);
  if (next == NULL) return NULL;
  if (block != NULL) {
    memcpy(next, block, old < size ? old : size);
    sandbox_arena_release(arena, block, old);
  }
  return next;
}

int sandbox_arena_take(const sandbox_arena *arena, sandbox_arena_copy *copy) {
  if (arena->ever_spilled) return 0;
  unsigned char *bytes = (unsigned char *)malloc(arena->top > 0 ? arena->top : 1);
  if (bytes == NULL) return 0;
  memcpy(bytes, arena->base, arena->top);
  copy->bytes = bytes;
  copy->arena = *arena;
  return 1;
}

int sandbox_arena_put_back(sandbox_arena *arena, const sandbox_arena_copy *copy) {
  if (arena->spilled != 0 || copy->arena.base != arena->base) return 0;
  size_t run_top = arena->top;
  memcpy(arena->base, copy->bytes, copy->arena.top);
  *arena = copy->arena;
  // The pages a run used past the checkpoint's top hold nothing the restored state reaches. Those more
  // than SANDBOX_ARENA_KEPT_BYTES past it are given back to the system (they read as zero when touched
  // again), so a kept state costs its checkpoint's pages and that much, not its largest run's; the
  // first ones stay, for the next run to reuse without page faults.
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t from = (copy->arena.top + (size_t)SANDBOX_ARENA_KEPT_BYTES + page - 1) & ~(page - 1);
  if (run_top > from) madvise(arena->base + from, run_top - from, MADV_DONTNEED);
  return 1;
}

size_t sandbox_arena_resident_bytes(const sandbox_arena *arena) {
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

void sandbox_arena_copy_free(sandbox_arena_copy *copy) {
  free(copy->bytes);
  copy->bytes = NULL;
}
