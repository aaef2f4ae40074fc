// Counts atomic reference-count operations in a Swift process, by object type
// and by call site. Loaded with LD_PRELOAD, it wraps the runtime's entry
// points (compiled Swift calls them through the PLT) and skips immortal
// objects (empty-array singletons, statics), whose counts never change and
// cost no atomic instruction. Counting starts when REFCOUNT_CENSUS_OUT names
// the output file, which is written when the process exits:
//   T <operations> <type>              per object type
//   C <operations> <offset> <type> | <module path>   per call site (offset in the module)
// Scripts/refcount_census.sh builds it, runs a worker job and summarises.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *(*Take)(void *);
typedef void (*Drop)(void *);
typedef struct { const char *data; size_t length; } TypeName;
extern TypeName swift_getTypeName(const void *metadata, int qualified);

enum { Slots = 1 << 16 };
static void *types[Slots];
static unsigned long typeCounts[Slots];
static void *sites[Slots], *siteTypes[Slots];
static unsigned long siteCounts[Slots];
static const char *output;

// Immortal objects keep all-ones in the strong count (or set the top bit).
static int immortal(void *object) {
    uint64_t bits = *(uint64_t *)((char *)object + 8);
    return (uint32_t)bits == 0xffffffffu || (int64_t)bits < 0;
}

static void count(void *object, void *site) {
    if (!output || (intptr_t)object <= 0 || immortal(object)) return;
    void *type = *(void **)object;
    uintptr_t h = ((uintptr_t)type >> 3) & (Slots - 1);
    while (types[h] && types[h] != type) h = (h + 1) & (Slots - 1);
    types[h] = type;
    typeCounts[h]++;
    h = (((uintptr_t)site >> 2) ^ ((uintptr_t)type >> 4)) & (Slots - 1);
    while (sites[h] && (sites[h] != site || siteTypes[h] != type)) h = (h + 1) & (Slots - 1);
    sites[h] = site;
    siteTypes[h] = type;
    siteCounts[h]++;
}

#define WRAP_TAKE(name) \
    void *name(void *object) { \
        static Take real; \
        if (!real) real = (Take)dlsym(RTLD_NEXT, #name); \
        count(object, __builtin_return_address(0)); \
        return real(object); \
    }
#define WRAP_DROP(name) \
    void name(void *object) { \
        static Drop real; \
        if (!real) real = (Drop)dlsym(RTLD_NEXT, #name); \
        count(object, __builtin_return_address(0)); \
        real(object); \
    }

WRAP_TAKE(swift_retain)
WRAP_DROP(swift_release)
WRAP_TAKE(swift_unownedRetain)
WRAP_TAKE(swift_unownedRetainStrong)
WRAP_DROP(swift_unownedRelease)

static const char *typeName(void *type, char *buffer, size_t size) {
    TypeName name = swift_getTypeName(type, 1);
    if (!name.data || name.length >= size) return "?";
    memcpy(buffer, name.data, name.length);
    buffer[name.length] = 0;
    return buffer;
}

__attribute__((constructor)) static void start(void) { output = getenv("REFCOUNT_CENSUS_OUT"); }

__attribute__((destructor)) static void finish(void) {
    const char *path = output;
    output = NULL;
    if (!path) return;
    FILE *f = fopen(path, "w");
    if (!f) return;
    char buffer[512];
    for (int i = 0; i < Slots; i++)
        if (types[i]) fprintf(f, "T %lu %s\n", typeCounts[i], typeName(types[i], buffer, sizeof buffer));
    for (int i = 0; i < Slots; i++) {
        if (!sites[i]) continue;
        Dl_info module;
        unsigned long offset = 0;
        const char *file = "?";
        if (dladdr(sites[i], &module)) {
            offset = (unsigned long)((char *)sites[i] - (char *)module.dli_fbase);
            file = module.dli_fname;
        }
        fprintf(f, "C %lu %lx %s | %s\n", siteCounts[i], offset, typeName(siteTypes[i], buffer, sizeof buffer), file);
    }
    fclose(f);
}
