/* dialects/graph/graph.h: the graph dialect (framework-level tensor ops):
 * op ids, the dialect table and the hooks its rows name. */
#ifndef NPUIR_GRAPH_H
#define NPUIR_GRAPH_H

#include "dialects/dialect.h"

/* Op ids, in table order (GRAPH_CONV2D, ...). */
typedef enum GraphOpId {
#define OP(id, ...) GRAPH_##id,
#include "dialects/graph/ops.def"
	GRAPH_NUM_OPS
} GraphOpId;

/* The graph dialect's table; register with dialect_register. */
extern const Dialect graph_dialect;

/* The graph dialect's constant materializer: a graph.constant holding
 * `value` (a dense attribute of type `type`, or of its storage type when
 * type is a quantized tensor) at the builder's insertion point; NULL for
 * any other value (dialects/graph/fold.c). */
IrOp *graph_materialize_constant(IrBuilder *b, const IrAttr *value,
    const IrType *type, const IrLoc *loc);

/* Adds the graph dialect's patterns over several ops (transpose and
 * reshape chains) to set when graph ops are registered in ctx
 * (dialects/graph/canonicalize.c; the dialect registers it). */
void graph_add_canonical_patterns(IrContext *ctx, IrPatternSet *set);

/* The permutation of a graph.transpose into perm[0..rank), checked to
 * be a permutation; returns its length, or -1 when malformed
 * (dialects/graph/fold.c). */
int graph_transpose_perm(IrOp *op, int64_t *perm);

/* The element type of a transpose by perm (n entries) of a tensor of
 * element type `elem`: elem itself, but for a per-axis quantized type,
 * whose axis moves with its dimension (dialects/graph/fold.c). */
const IrType *graph_transposed_elem(IrContext *ctx, const IrType *elem,
    const int64_t *perm, int n);

/* Fused activations (dialects/graph/act.c). The clamp [act_min, act_max]
 * an op carries (real bounds for a float result, storage integers for a
 * quantized one); false, with lo = -inf and hi = inf, when it has none. */
bool graph_act_range(const IrOp *op, double *lo, double *hi);
/* Checks the clamp's bounds against the result type (verifiers). */
bool graph_act_verify(IrOp *op);
/* After a kernel returned ok: clamps out[0] to the op's fused
 * activation; returns ok. */
bool graph_act_apply(IrOp *op, bool ok, IrTensor **out);

/* The geometry of a 2-D window op (dialects/graph/interpret.c), the
 * one graph and npu kernels share: in and out dims in NHWC, or NCHW when
 * nchw; a kh x kw window, strides s, dilations d (two each), and the
 * padding before the first row and column that the op's "padding"
 * attribute implies. g is interp/qmath.h's QWindow. */
struct QWindow;
void graph_window_geometry(IrOp *op, const int64_t *in, const int64_t *out,
    bool nchw, int64_t kh, int64_t kw, const int64_t *s, const int64_t *d,
    struct QWindow *g);
/* The window geometry of op over in and out (NCHW tensors when nchw,
 * else NHWC), from its "strides" and, when dilated, its "dilations"
 * (dialects/graph/interpret.c): the one reading of those attributes
 * that graph and npu kernels share. */
struct QWindow graph_window(IrOp *op, const IrTensor *in,
    const IrTensor *out, int64_t kh, int64_t kw, bool dilated, bool nchw);

/* The float path of a quantized MAC op (dialects/graph/qbias.c): fin[]
 * is in[] with an integer bias replaced by its real values (bias * input
 * scale * weight scale); release what it made with graph_qbias_release. */
void graph_qbias_inputs(IrContext *ctx, IrOp *op, IrTensor *const *in,
    IrTensor **fin);
void graph_qbias_release(IrOp *op, IrTensor *const *in, IrTensor **fin);

/* The hooks the table names: verify.c, infer.c, fold.c, interpret.c.
 * A row's `none` infer hook is dialect_infer_none. */
#define graph_infer_none dialect_infer_none
#define OP(id, name, lo, hi, nres, nreg, traits, v, i, f, k, ...) \
	bool graph_verify_##v(IrOp *op); \
	bool graph_infer_##i(IrContext *ctx, const IrOpState *st, \
	    size_t nresults, const IrType **results); \
	bool graph_fold_##f(IrOp *op, const IrAttr *const *operands, \
	    IrFoldResult *results); \
	bool graph_interpret_##k(IrInterp *it, IrOp *op, \
	    IrTensor *const *in, IrTensor **out);
#include "dialects/graph/ops.def"
/* Defined after the declarations above (which declare, and nobody
 * defines, <d>_fold_none etc.): a `none` fold or kernel column means the
 * op has none, and the kernels the interpreter shares between dialects
 * (interp/interp.h) keep their own names. */
#define graph_fold_none NULL
#define graph_interpret_none NULL
#define graph_interpret_constant ir_interp_constant_kernel

#endif /* NPUIR_GRAPH_H */
