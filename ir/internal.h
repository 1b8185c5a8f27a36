/* ir/internal.h: declarations shared between files of ir/ that are not
 * part of the public API. */
#ifndef NPUIR_INTERNAL_H
#define NPUIR_INTERNAL_H

#include "ir/ir.h"

/* ir/builtin.c: registers builtin.module, func.func, func.return and
 * func.call; called by ir_context_create. */
void ir_builtin_register(IrContext *ctx);

/* ir/diag.c: the number of the 1-based line and byte column of offset
 * `off` in src (first_line is added to the line). */
void ir_source_linecol(const IrSource *src, size_t off, unsigned *line,
    unsigned *col);

#endif /* NPUIR_INTERNAL_H */
