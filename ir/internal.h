/* ir/internal.h: declarations shared between files of ir/ that are not
 * part of the public API. */
#ifndef NPUIR_INTERNAL_H
#define NPUIR_INTERNAL_H

#include "ir/ir.h"

/* ir/builtin.c: registers builtin.module, func.func, func.return and
 * func.call; called by ir_context_create. */
void ir_builtin_register(IrContext *ctx);

/* ir/diag.c: the line and column of byte offset `off` in src:
 * line = src->first_line + the newlines before off (so data[0] is on
 * first_line), col = 1 + the bytes since the last newline. */
void ir_source_linecol(const IrSource *src, size_t off, unsigned *line,
    unsigned *col);

#endif /* NPUIR_INTERNAL_H */
