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

/* Reference kernels by op id, NULL where none (dialects/npu/
 * interpret.c). */
extern const IrInterpretFn npu_kernels[NPU_NUM_OPS];

/* The verify and infer hooks the table names (verify.c, infer.c).
 * A row's `none` infer hook is dialect_infer_none. */
#define npu_infer_none dialect_infer_none
#define OP(id, name, lo, hi, nres, nreg, traits, v, i, ...) \
	bool npu_verify_##v(IrOp *op); \
	bool npu_infer_##i(IrContext *ctx, const IrOpState *st, \
	    size_t nresults, const IrType **results);
#include "dialects/npu/ops.def"

#endif /* NPUIR_NPU_H */
