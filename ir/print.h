/* ir/print.h: the printer's private interface between print.c (ops,
 * regions, value numbering) and print_attr.c (types, attributes,
 * locations, floats). */
#ifndef NPUIR_PRINT_H
#define NPUIR_PRINT_H

#include <string.h>

#include "ir/ir.h"

/* A buffered output sink: to a FILE, or (out == NULL) to a growing
 * malloc'd string. */
typedef struct IrPrinter {
	FILE *out;   /* NULL: memory mode, buf keeps everything */
	char *buf;
	size_t len;  /* bytes in buf */
	size_t cap;
	size_t flushes;           /* times buf was written out */
	struct IrPrTypeMemo *memo; /* printed shaped types; NULL: none yet */
} IrPrinter;

/* Sets up a printer; out NULL selects memory mode. */
void ir_pr_init(IrPrinter *p, FILE *out);
/* Writes out what is buffered (FILE mode) and frees the buffer. */
void ir_pr_finish(IrPrinter *p);
/* Memory mode: the NUL-terminated text, owned by the caller. */
char *ir_pr_take(IrPrinter *p);

/* Makes room for n more bytes (flushing in FILE mode). */
void ir_pr_reserve(IrPrinter *p, size_t n);
void ir_pr_puts(IrPrinter *p, const char *s);
void ir_pr_int(IrPrinter *p, int64_t v);
void ir_pr_uint(IrPrinter *p, uint64_t v);

/* n bytes; inline, as most writes are a few constant bytes. */
static inline void
ir_pr_write(IrPrinter *p, const char *s, size_t n)
{
	if (p->cap - p->len < n)
		ir_pr_reserve(p, n);
	memcpy(p->buf + p->len, s, n);
	p->len += n;
}

/* One byte, inline because it is the hottest call. */
static inline void
ir_pr_putc(IrPrinter *p, char c)
{
	if (p->len == p->cap)
		ir_pr_reserve(p, 1);
	p->buf[p->len++] = c;
}

/* "bytes" with MLIR's escapes (\\, \22, \0A...). */
void ir_pr_string(IrPrinter *p, const char *s, size_t n);
/* A bare identifier when valid ([A-Za-z_][A-Za-z0-9_$.]*), else a quoted
 * string: attribute names and symbol names. */
void ir_pr_ident(IrPrinter *p, const char *s, size_t n);
void ir_pr_type(IrPrinter *p, const IrType *t);
/* in_array: the element of an array, where MLIR drops `: i64` and
 * `: f64`. */
void ir_pr_attr(IrPrinter *p, const IrAttr *a, bool in_array);
/* `{a = 1 : i64, b}` without the `skip` names (may be NULL); nothing
 * when no entry is left. Returns whether something was printed. */
bool ir_pr_dict(IrPrinter *p, const IrAttr *dict, const char *const *skip,
    size_t nskip);
/* The body of loc(...), without the keyword. */
void ir_pr_loc(IrPrinter *p, const IrLoc *loc);
/* `(T, U) -> V` with MLIR's rule for parenthesising the results. */
void ir_pr_func_type(IrPrinter *p, size_t nin, const IrType *const *in,
    size_t nout, const IrType *const *out);
/* A float the way mlir-opt prints it: %e-like when that reads back,
 * else the shortest exact decimal, else the hex bits (then true). */
bool ir_pr_float(IrPrinter *p, double v, IrFloatKind kind);
/* The same for an f80/f128 from its storage bytes: decimal as MLIR prints
 * it when the value is a double, else the bits in hex (then true). */
bool ir_pr_float_bytes(IrPrinter *p, const uint8_t *b, IrFloatKind kind);
/* The decimal text ir_pr_float writes for v into s; false when only the
 * hex bits read back exactly (s is then undefined). */
bool ir_float_text(char s[static 128], double v, IrFloatKind kind);
/* `0x` and the bits in upper-case hex without leading zeros (a float
 * that has no decimal form, or a NaN whose payload must survive). */
void ir_pr_hex_bits(IrPrinter *p, uint64_t bits);

#endif /* NPUIR_PRINT_H */
