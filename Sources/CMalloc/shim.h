#ifndef CASCADE_CMALLOC_SHIM_H
#define CASCADE_CMALLOC_SHIM_H
// glibc's allocator statistics (mallinfo2), which the Glibc module does not export: the
// benchmark's heap figures.
#include <malloc.h>
#endif
