/* passes/memory_map.h: the SVG memory map of a plan (time across,
 * address up, one labelled rectangle per buffer). */
#ifndef NPUIR_MEMORY_MAP_H
#define NPUIR_MEMORY_MAP_H

#include <stdio.h>

#include "passes/planner.h"

/* Writes the map of b[0..n) (names[i] labels buffer i; NULL or "" for
 * none) to f. Deterministic: the same plan gives the same bytes. */
void memory_map_print(FILE *f, const PlannerBuffer *b, size_t n,
    const char *const *names, const char *title);

/* Writes the map to path atomically (a temporary file beside it renamed
 * over it); false with errno set when it could not. */
bool memory_map_write(const char *path, const PlannerBuffer *b, size_t n,
    const char *const *names, const char *title);

#endif /* NPUIR_MEMORY_MAP_H */
