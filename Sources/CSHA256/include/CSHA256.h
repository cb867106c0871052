#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// Whether this CPU has the x86 SHA extensions (and the SSSE3 / SSE4.1 shuffles used with
/// them), checked once with CPUID. Always 0 on other architectures.
int csha256_hardware_available(void);

/// Runs the SHA-256 compression function (FIPS 180-4 §6.2.2) over `blocks` whole 64-byte
/// blocks at `data`, updating the eight hash words `state` (H0…H7) in place, with the SHA
/// extensions. Call only when `csha256_hardware_available()` is 1.
void csha256_compress_hardware(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
