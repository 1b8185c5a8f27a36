/* dialects/buffer/buffer.h: the buffer dialect (memory: allocations,
 * views, copies, the planned arena): op ids, table and hooks. */
#ifndef NPUIR_BUFFER_H
#define NPUIR_BUFFER_H

#include "dialects/dialect.h"

/* Op ids, in table order (BUFFER_CONV2D, ...). */
typedef enum BufferOpId {
#define OP(id, ...) BUFFER_##id,
#include "dialects/buffer/ops.def"
	BUFFER_NUM_OPS
} BufferOpId;

/* The buffer dialect's table; register with dialect_register. */
extern const Dialect buffer_dialect;

/* Reference kernels by op id, NULL where none (dialects/buffer/
 * interpret.c). */
extern const IrInterpretFn buffer_kernels[BUFFER_NUM_OPS];

/* The verify and infer hooks the table names (verify.c, infer.c).
 * A row's `none` infer hook is dialect_infer_none. */
#define buffer_infer_none dialect_infer_none
#define OP(id, name, lo, hi, nres, nreg, traits, v, i, ...) \
	bool buffer_verify_##v(IrOp *op); \
	bool buffer_infer_##i(IrContext *ctx, const IrOpState *st, \
	    size_t nresults, const IrType **results);
#include "dialects/buffer/ops.def"

#endif /* NPUIR_BUFFER_H */
