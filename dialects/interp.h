/* dialects/interp.h: the reference interpreter's runtime values and the
 * kernel hook every dialect op implements (`interpret` in DESIGN.md 5). */
#ifndef NPUIR_INTERP_H
#define NPUIR_INTERP_H

#include "ir/ir.h"

/* A runtime value: a dense, row-major buffer of a static shaped type.
 * Quantized tensors hold their storage integers (i8, i16, ...); the
 * scale and zero point stay on the type. A view (buffer.view) points into
 * another tensor's bytes and keeps it alive through `base`. */
typedef struct IrTensor {
	const IrType *type;    /* static tensor or memref type */
	int64_t n;             /* element count */
	size_t elem_size;      /* bytes per element */
	void *data;            /* n * elem_size bytes */
	struct IrTensor *base; /* the owner of data for views, else NULL */
	unsigned refs;         /* reference count */
} IrTensor;

/* The interpreter's state while it runs one function. */
typedef struct IrInterp IrInterp;

/* A kernel: reads operands (one IrTensor per op operand, NULL for
 * non-tensor operands), creates one result tensor per op result with
 * ir_tensor_create (or a view) and stores it in results[i]. Reports a
 * user error through ir_op_emit_error and returns false. */
typedef bool (*IrInterpretFn)(IrInterp *it, IrOp *op,
    IrTensor *const *operands, IrTensor **results);

#endif /* NPUIR_INTERP_H */
