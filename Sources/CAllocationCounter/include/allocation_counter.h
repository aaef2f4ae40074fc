#ifndef LAYOUTBENCH_ALLOCATION_COUNTER_H
#define LAYOUTBENCH_ALLOCATION_COUNTER_H

#include <stdint.h>

// Counting works with glibc on Linux; elsewhere these do nothing and the
// counts stay zero (the worker's probe then reports no allocation figures).

/// Starts counting the calling thread's heap allocations from zero.
void lb_allocation_counter_start(void);

/// Stops counting and returns the allocations and requested bytes since `start`.
void lb_allocation_counter_stop(int64_t *count, int64_t *bytes);

#endif
