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

/* The hooks the table names: verify.c, infer.c, fold.c, interpret.c.
 * A row's `none` infer hook is dialect_infer_none. */
#define buffer_infer_none dialect_infer_none
#define OP(id, name, lo, hi, nres, nreg, traits, v, i, f, k, ...) \
	bool buffer_verify_##v(IrOp *op); \
	bool buffer_infer_##i(IrContext *ctx, const IrOpState *st, \
	    size_t nresults, const IrType **results); \
	bool buffer_fold_##f(IrOp *op, const IrAttr *const *operands, \
	    IrFoldResult *results); \
	bool buffer_interpret_##k(IrInterp *it, IrOp *op, \
	    IrTensor *const *in, IrTensor **out);
#include "dialects/buffer/ops.def"
/* Defined after the declarations above (which declare, and nobody
 * defines, <d>_fold_none etc.): a `none` fold or kernel column means the
 * op has none, and the kernels the interpreter shares between dialects
 * (interp/interp.h) keep their own names. */
#define buffer_fold_none NULL
#define buffer_interpret_none NULL
#define buffer_interpret_copy ir_interp_copy_kernel
#define buffer_interpret_constant ir_interp_constant_kernel

#endif /* NPUIR_BUFFER_H */
