/* targets/ethos_u/lower.h: the per-op lowerings of ethos-u-legalize
 * (lower.c): graph op -> npu op with its parameters, activation fusion,
 * and the reference-kernel evaluation tables and clamps come from. */
#ifndef NPUIR_ETHOS_U_LOWER_H
#define NPUIR_ETHOS_U_LOWER_H

#include "interp/interp.h"
#include "targets/ethos_u/ethos_u.h"

typedef struct EuLower {
	IrContext *ctx;
	IrOp *module;
	EuAccel accel;
	IrInterp *it;          /* runs graph kernels for tables */
	size_t vela_scale_diff; /* output scales where Vela's f32-product
	                           rule would give another multiplier */
	bool softmax_vela;     /* softmax=vela: Vela's fixed-point softmax */
	size_t softmax_graph;  /* softmaxes kept on the graph's arithmetic
	                          although softmax=vela asked otherwise */
} EuLower;

bool eu_lower_init(EuLower *lw, IrOp *module);
void eu_lower_fini(EuLower *lw);

/* Replaces op (legal per eu_check_op) with npu ops; *npu gets the op
 * producing the result. Returns NULL, or the reason the op must stay on
 * the CPU after all (a parameter outside the hardware's range) with
 * details in extra; op is then unchanged. */
const char *eu_lower(EuLower *lw, IrOp *op, IrOp **npu, char *extra,
    size_t n);

/* When npu's only user is a graph relu, relu6 or clip that is exactly a
 * clamp of npu's result, makes it npu's act_min/act_max, points its uses
 * at npu and records it in fused (erased later by the caller). */
void eu_fuse_activation(EuLower *lw, IrOp *npu, IrPtrMap *fused);

/* Runs unary graph op op's reference kernel on the `count` storage
 * integers first, first + 1, ... of element type in, with result element
 * type out; vals gets the result integers. False after a kernel error. */
bool eu_eval_unary(EuLower *lw, IrOp *op, const IrType *in,
    const IrType *out, int64_t first, int64_t count, int64_t *vals);

/* Vela's int8 softmax exp table for input scale `scale` and beta:
 * table[i] = exp(beta scale (i - 255)) in Q0.31 by gemmlowp's
 * fixed-point exp, as softmax.py's generate_exp_table; false where Vela's
 * construction does not apply (the rescale would overflow). */
bool eu_softmax_exp_table(double beta, double scale, int32_t table[256]);

#endif /* NPUIR_ETHOS_U_LOWER_H */
