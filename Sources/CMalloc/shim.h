// glibc's malloc_trim: freed memory given back to the system (see HeapTrim.swift).
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
