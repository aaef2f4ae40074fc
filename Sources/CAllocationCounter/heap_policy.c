// The worker's heap policy (see HeapSettings.swift): fixed malloc
// thresholds, set with mallopt, which Swift's Glibc module does not export.

#include "allocation_counter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>

int lb_heap_keep_freed_memory(int trim_threshold, int mmap_threshold) {
    // Setting either also stops glibc's dynamic adjustment of both.
    return mallopt(M_TRIM_THRESHOLD, trim_threshold) == 1 && mallopt(M_MMAP_THRESHOLD, mmap_threshold) == 1;
}

#else

int lb_heap_keep_freed_memory(int trim_threshold, int mmap_threshold) {
    (void)trim_threshold;
    (void)mmap_threshold;
    return 0;
}

#endif
