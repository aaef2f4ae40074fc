#ifndef LAYOUTBENCH_ALLOCATION_COUNTER_H
#define LAYOUTBENCH_ALLOCATION_COUNTER_H

#include <stdint.h>

// Counting works with glibc on Linux; elsewhere these do nothing and the
// counts stay zero (the worker's probe then reports no allocation figures).

/// Starts counting the calling thread's heap allocations from zero.
void lb_allocation_counter_start(void);

/// Stops counting and returns the allocations and requested bytes since `start`.
void lb_allocation_counter_stop(int64_t *count, int64_t *bytes);

/// Sets glibc's malloc trim and mmap thresholds (and stops their dynamic
/// adjustment); returns 1 when both were taken, 0 elsewhere.
int lb_heap_keep_freed_memory(int trim_threshold, int mmap_threshold);

#endif
