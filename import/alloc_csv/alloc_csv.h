/* import/alloc_csv/alloc_csv.h: MiniMalloc's allocation CSV (id, lower,
 * upper, size[, offset]) to and from a function of buffer ops. */
#ifndef NPUIR_ALLOC_CSV_H
#define NPUIR_ALLOC_CSV_H

#include <stdbool.h>

#include "ir/ir.h"

/* Reads the CSV at path into a verified builtin.module holding
 * func.func @main: one buffer.alloc per row {name = id, live_start =
 * lower, live_end = upper, size, alignment = 1} in row order. An offset
 * column is accepted and ignored. Returns NULL after reporting
 * (path:line:col) on a malformed file. The buffer dialect must be
 * registered. */
IrOp *alloc_csv_import(IrContext *ctx, const char *path);

/* Writes the planned buffers of module's first function as CSV with an
 * offset column (id,lower,upper,size,offset) to path ("-": stdout),
 * atomically: the views of its buffer.arena, in IR order. False after
 * reporting when there is none, a buffer is not planned or the file
 * cannot be written. */
bool alloc_csv_export(IrContext *ctx, IrOp *module, const char *path);

#endif /* NPUIR_ALLOC_CSV_H */
