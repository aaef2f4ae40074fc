// Counts heap allocations by defining malloc and its siblings in the
// executable that links this file: the dynamic linker resolves every
// library's malloc (the Swift runtime's, HarfBuzz's) to these, and each
// forwards to glibc's own entry point (`__libc_malloc`, …). Nothing is added
// to the blocks (no header), so glibc's free, malloc_usable_size and every
// function not defined here work on them unchanged, and the heap looks the
// same as without the counter. When not counting, a call costs one branch on
// a thread-local flag; counting adds two increments of thread-local totals.
//
// Only the worker executable may link this (see Package.swift).

#include "allocation_counter.h"

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

// Initial-exec: a fixed offset from the thread pointer, no call to
// __tls_get_addr (which a malloc must not make: it can allocate).
#define LB_TLS __thread __attribute__((tls_model("initial-exec")))
static LB_TLS int counting;
static LB_TLS int64_t counted;
static LB_TLS int64_t countedBytes;

static inline void note(size_t size) {
    if (__builtin_expect(counting, 0)) {
        counted += 1;
        countedBytes += (int64_t)size;
    }
}

void *malloc(size_t size) {
    note(size);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    size_t total;
    if (!__builtin_mul_overflow(count, size, &total)) note(total);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (size != 0 || pointer == NULL) note(size);   // realloc(p, 0) frees
    return __libc_realloc(pointer, size);
}

void *reallocarray(void *pointer, size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(pointer, total);
}

void *memalign(size_t alignment, size_t size) {
    note(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (alignment == 0 || (alignment & (alignment - 1)) != 0) {   // as glibc's: a power of two
        errno = EINVAL;
        return NULL;
    }
    note(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) return EINVAL;
    int saved = errno;
    void *p = __libc_memalign(alignment, size);
    if (p == NULL && size != 0) {
        errno = saved;
        return ENOMEM;
    }
    note(size);
    *result = p;
    return 0;
}

void *valloc(size_t size) {
    note(size);
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    note(size);
    return __libc_pvalloc(size);
}

void lb_allocation_counter_start(void) {
    counted = 0;
    countedBytes = 0;
    counting = 1;
}

void lb_allocation_counter_stop(int64_t *count, int64_t *bytes) {
    counting = 0;
    *count = counted;
    *bytes = countedBytes;
}

#else

void lb_allocation_counter_start(void) {}
void lb_allocation_counter_stop(int64_t *count, int64_t *bytes) {
    *count = 0;
    *bytes = 0;
}

#endif
