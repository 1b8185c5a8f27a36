/* passes/graph_util.h: helpers the graph optimizer's passes share:
 * element types, float constants read and written as doubles, and ops
 * created through a rewriter. */
#ifndef NPUIR_PASSES_GRAPH_UTIL_H
#define NPUIR_PASSES_GRAPH_UTIL_H

#include "ir/pass.h"
#include "ir/rewrite.h"
#include "dialects/graph/graph.h"

/* The element type of v's (shaped) type, or the type itself. */
const IrType *gu_elem(const IrValue *v);
/* Is t (an element type) f32? */
bool gu_is_f32(const IrType *t);
/* Is v's type a static tensor? */
bool gu_static(const IrValue *v);
/* Does v have exactly one use? */
bool gu_one_use(const IrValue *v);
/* Is op's "layout" attribute "NCHW" (ONNX's layout; absent: NHWC)? */
bool gu_is_nchw(const IrOp *op);

/* A float constant's elements as doubles (malloc'd, splats expanded,
 * *n elements); NULL when v is not an f32 graph constant. */
double *gu_const_f32(IrValue *v, int64_t *n);
/* The value of an f32 constant whose elements are all equal; false
 * otherwise. */
bool gu_const_splat(IrValue *v, double *out);
/* A new f32 graph.constant of `type` (f32 elements) holding n doubles,
 * created through rw before the op being rewritten. */
IrValue *gu_make_f32(IrRewriter *rw, const IrType *type, const double *v,
    int64_t n);

/* Creates op `name` through rw with operands, one result of type rt and
 * attributes `attrs` (a dictionary or NULL). */
IrOp *gu_create(IrRewriter *rw, const char *name, size_t n,
    IrValue *const *operands, const IrType *rt, const IrAttr *attrs);
/* An f32 float attribute, an i64 integer attribute, an i64 array. */
const IrAttr *gu_f32_attr(IrContext *ctx, double v);
const IrAttr *gu_i64_attr(IrContext *ctx, int64_t v);
const IrAttr *gu_i64s_attr(IrContext *ctx, size_t n, const int64_t *v);
/* The integer array attribute `name` of op into out (up to max); its
 * length, or -1 when absent. */
int gu_ints(const IrOp *op, const char *name, int64_t *out, int max);
/* A shaped type like t with dims dims. */
const IrType *gu_with_dims(IrContext *ctx, const IrType *t, int64_t rank,
    const int64_t *dims);

/* ------------------------------------------------ per-channel folding */

/* The axis of op's result that holds its output channels when op is a
 * float conv2d, depthwise_conv2d or fully_connected with constant
 * weights (and a constant bias if any) and no fused activation, whose
 * result has one use; -1 otherwise. *nch is the channel count. */
int gu_channel_producer(IrOp *op, int64_t *nch);
/* The nch per-channel values of constant c as broadcast against a
 * result of type rt along channel axis `axis` (c's other dimensions are
 * 1, c's type does not widen rt); malloc'd, NULL when c is no such
 * constant. */
double *gu_channel_vector(IrValue *c, const IrType *rt, int axis,
    int64_t nch);
/* Rewrites producer p (gu_channel_producer) so that it computes
 * p(x) * a[c] + b[c] per output channel c: new weights and bias
 * constants (a or b NULL: 1 or 0). */
void gu_fold_affine(IrRewriter *rw, IrOp *p, const double *a,
    const double *b, int64_t nch);

/* Runs the greedy driver with pats (n patterns) on op, without folding;
 * adds the rewrites to the pass statistic `stat` (NULL: none). */
bool gu_run_patterns(IrOp *op, IrPass *pass, const IrPattern *pats,
    size_t n, const char *stat);

#endif /* NPUIR_PASSES_GRAPH_UTIL_H */
