/* dialects/npu/npu.h: the npu dialect (what an NPU executes: integer ops
 * with fused requantization): op ids, table and hooks. */
#ifndef NPUIR_NPU_H
#define NPUIR_NPU_H

#include "dialects/dialect.h"

/* Op ids, in table order (NPU_CONV2D, ...). */
typedef enum NpuOpId {
#define OP(id, ...) NPU_##id,
#include "dialects/npu/ops.def"
	NPU_NUM_OPS
} NpuOpId;

/* The npu dialect's table; register with dialect_register. */
extern const Dialect npu_dialect;

/* The hooks the table names: verify.c, infer.c, fold.c, interpret.c.
 * A row's `none` infer hook is dialect_infer_none. */
#define npu_infer_none dialect_infer_none
#define OP(id, name, lo, hi, nres, nreg, traits, v, i, f, k, ...) \
	bool npu_verify_##v(IrOp *op); \
	bool npu_infer_##i(IrContext *ctx, const IrOpState *st, \
	    size_t nresults, const IrType **results); \
	bool npu_fold_##f(IrOp *op, const IrAttr *const *operands, \
	    IrFoldResult *results); \
	bool npu_interpret_##k(IrInterp *it, IrOp *op, \
	    IrTensor *const *in, IrTensor **out);
#include "dialects/npu/ops.def"
/* Defined after the declarations above (which declare, and nobody
 * defines, <d>_fold_none etc.): a `none` fold or kernel column means the
 * op has none, and the kernels the interpreter shares between dialects
 * (interp/interp.h) keep their own names. */
#define npu_fold_none NULL
#define npu_interpret_none NULL
#define npu_interpret_copy ir_interp_copy_kernel

#endif /* NPUIR_NPU_H */
