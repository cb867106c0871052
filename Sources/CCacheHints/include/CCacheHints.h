#ifndef CCACHEHINTS_H
#define CCACHEHINTS_H

/// Nonzero while hints are on (the default); `cache_hints_turn_off` clears it, only for
/// measuring what the hints earn.
extern int cache_hints_on;

/// Asks the CPU to start loading the cache line holding `address` for reading, without waiting
/// for it and without faulting (a prefetch of a bad address does nothing). Swift has no way to
/// emit the instruction itself.
static inline void cache_hints_prefetch(const void *address) {
    if (cache_hints_on) __builtin_prefetch(address, 0, 3);
}

void cache_hints_turn_off(void);

#endif
