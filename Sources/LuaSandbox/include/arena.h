// A restorable state's memory: one reserved region every block of the state lives in, so that the
// whole state can be copied out (a checkpoint) and copied back (a restore) byte for byte. A sweep that
// runs one scenario a thousand times builds its states once and restores them before each run instead
// of building them again (LuaState.checkpoint / restore).
//
// Why a copy is the state. Lua reaches its memory only through the allocator (lua_Alloc), and every
// pointer inside the state points into its own blocks; with every block in one region at a fixed
// address, the region's used bytes plus this allocator's own record are the whole state: the registry,
// the string table and its seed, the GC's lists and debt, the threads' stacks. What lies outside is
// the host record (sandbox_host: counters and limits, saved and restored beside the bytes) and the Swift
// objects the state's closures point to (kept alive by the checkpoint, see LuaCheckpoint).
//
// The allocator. Blocks are handed out from size classes (16-byte steps up to 1 KiB, then powers of
// two), each with its own free list, and from a bump pointer past the last block ever made. Lua gives
// a block's size on every free and resize, so no block carries a size header. When the region is full,
// blocks come from malloc instead ("spilled"): the state works on exactly as with the plain allocator
// (the memory cap is the host record's, counted in the bytes Lua asked for, the same with either), but
// it can no longer be checkpointed or restored, and its owner builds a fresh one instead.
#ifndef SHEETSCRIPT_LUASANDBOX_ARENA_H
#define SHEETSCRIPT_LUASANDBOX_ARENA_H

#include <stddef.h>

/// Size classes: 64 of 16-byte steps (16 .. 1024 bytes), then powers of two from 2 KiB to 2^47.
#define SANDBOX_ARENA_SMALL 64
#define SANDBOX_ARENA_CLASSES (SANDBOX_ARENA_SMALL + 37)
/// Bytes past a checkpoint's top a restore leaves in memory for the next run (see sandbox_arena_put_back).
enum { SANDBOX_ARENA_KEPT_BYTES = 512 << 10 };

typedef struct sandbox_arena {
  unsigned char *base;  // the reserved region (mmap, no swap reserved: untouched pages cost nothing)
  size_t capacity;      // its size in bytes
  size_t top;           // bytes from base handed out at least once
  size_t spilled;       // blocks now living outside the region (malloc'd once it was full)
  int ever_spilled;     // 1 once any block spilled: a checkpoint of this state is refused
  void *free_list[SANDBOX_ARENA_CLASSES];  // each class's freed blocks, linked through their first word
} sandbox_arena;

/// A copy of a state's region and allocator record, taken between host calls.
typedef struct sandbox_arena_copy {
  unsigned char *bytes;  // the region's first `arena.top` bytes
  sandbox_arena arena;   // the allocator record as it was
} sandbox_arena_copy;

/// A new region of `capacity` bytes (rounded up to whole pages by the kernel); NULL when it cannot be
/// reserved.
sandbox_arena *sandbox_arena_new(size_t capacity);

/// Unmaps the region and frees the record (after lua_close: every block has been freed by then).
void sandbox_arena_free(sandbox_arena *arena);

/// Gives back a block of `size` bytes.
void sandbox_arena_release(sandbox_arena *arena, void *block, size_t size);

/// realloc over the arena: a block of `old` bytes (NULL: none) resized to `size` (> 0) bytes, its
/// first min(old, size) bytes kept; NULL when no memory is left (the old block is then untouched).
void *sandbox_arena_realloc(sandbox_arena *arena, void *block, size_t old, size_t size);

/// Copies the region's used bytes and the allocator's record into *copy; 0 when the state has ever
/// spilled (some of its blocks are not in the region) or the copy's memory cannot be had.
int sandbox_arena_take(const sandbox_arena *arena, sandbox_arena_copy *copy);

/// Puts the copied bytes and record back; 0 (and nothing changed) when blocks now live outside the
/// region, which the copy cannot bring back or free.
int sandbox_arena_put_back(sandbox_arena *arena, const sandbox_arena_copy *copy);

/// The bytes of the region's pages in memory now (mincore), for tests that a restore gave pages back;
/// 0 when the kernel cannot say.
size_t sandbox_arena_resident_bytes(const sandbox_arena *arena);

/// Frees a copy's bytes.
void sandbox_arena_copy_free(sandbox_arena_copy *copy);

#endif
