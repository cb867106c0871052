#ifndef CCACHEHINTS_H
#define CCACHEHINTS_H

/// Asks the CPU to start loading the cache line holding `address` for reading, without waiting
/// for it and without faulting (a prefetch of a bad address does nothing). Swift has no way to
/// emit the instruction itself.
static inline void cache_hints_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
