// Checkpoints of restorable states: the region and the host record as they were between two host
// calls, and their restores (checkpoint.c).
#ifndef SHEETSCRIPT_LUASANDBOX_CHECKPOINT_H
#define SHEETSCRIPT_LUASANDBOX_CHECKPOINT_H

#include "arena.h"
#include "host.h"

/// A restorable state as it was between two host calls: its region (arena.h) and its host record.
typedef struct sandbox_state_copy {
  sandbox_arena_copy memory;
  sandbox_host host;
} sandbox_state_copy;

/// Copies the state behind h; 0 when it cannot be copied (not restorable, inside a host call, or
/// some of its blocks outside its region).
int sandbox_state_take(const sandbox_host *h, sandbox_state_copy *copy);

/// Puts a copy back: the state's memory and counters as they were when it was taken, with this run's
/// meter and the host's entry points kept. 0 (nothing changed) inside a host call or while blocks
/// live outside the region.
int sandbox_state_put_back(sandbox_host *h, const sandbox_state_copy *copy);

/// Frees a copy's bytes.
void sandbox_state_copy_free(sandbox_state_copy *copy);

#endif
