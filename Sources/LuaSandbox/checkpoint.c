// Checkpoints of restorable states (checkpoint.h).

#include "checkpoint.h"

#include <stddef.h>

#include "arena.h"
#include "callback.h"
#include "host.h"

int sandbox_state_take(const sandbox_host *h, sandbox_state_copy *copy) {
  if (h->arena == NULL || h->depth != 0) return 0;
  if (!sandbox_arena_take(h->arena, &copy->memory)) return 0;
  copy->host = *h;
  return 1;
}

int sandbox_state_put_back(sandbox_host *h, const sandbox_state_copy *copy) {
  if (h->arena == NULL || h->depth != 0) return 0;
  if (!sandbox_arena_put_back(h->arena, &copy->memory)) return 0;
  long long *meter = h->meter;
  sandbox_callback_fn callback = h->callback;
  sandbox_release_fn release = h->release;
  sandbox_arena *arena = h->arena;
  *h = copy->host;
  h->meter = meter;
  h->callback = callback;
  h->release = release;
  h->arena = arena;
  return 1;
}

void sandbox_state_copy_free(sandbox_state_copy *copy) { sandbox_arena_copy_free(&copy->memory); }
