/* dialects/graph/kernel.h: what the graph dialect's kernels share
 * (interpret*.c, internal): attribute and tensor accessors, the float
 * path (operands converted to f32, results stored back), NHWC <-> NCHW
 * adaptation, window geometry and the integer MAC path. */
#ifndef NPUIR_GRAPH_KERNEL_H
#define NPUIR_GRAPH_KERNEL_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/graph/graph.h"
#include "interp/interp.h"
#include "interp/qmath.h"

#define MAXR 16 /* highest rank the kernels handle */

/* A float kernel: in[] are f32 tensors, out[] are zeroed f32 tensors of
 * the result shapes. */
typedef bool (*FloatFn)(IrOp *op, IrTensor *const *in, IrTensor **out);

static inline const IrOpDef *
def_of(const IrOp *op)
{
	return op->name->def;
}

static inline int64_t
geti(const IrOp *op, const char *name)
{
	return dialect_get_int(def_of(op), op->attrs, name);
}

static inline double
getf(const IrOp *op, const char *name)
{
	return dialect_get_float(def_of(op), op->attrs, name);
}

static inline bool
getb(const IrOp *op, const char *name)
{
	return dialect_get_bool(def_of(op), op->attrs, name);
}

static inline const char *
gets(const IrOp *op, const char *name)
{
	return dialect_get_str(def_of(op), op->attrs, name);
}

static inline int
getints(const IrOp *op, const char *name, int64_t *out)
{
	return dialect_get_ints(def_of(op), op->attrs, name, out, MAXR * 2);
}

static inline bool
nchw(const IrOp *op)
{
	return !strcmp(gets(op, "layout"), "NCHW");
}

static inline float *
F(const IrTensor *t)
{
	return t->data;
}

static inline const int64_t *
D(const IrTensor *t)
{
	return t->type->u.shaped.dims;
}

static inline int
R(const IrTensor *t)
{
	return (int)t->type->u.shaped.rank;
}

/* The MAC kinds of the integer path. */
enum { Q_CONV, Q_DW, Q_FC };


/* interpret.c: runs fn on f32 copies of the operands and stores its f32
 * results into results of the op's declared types. */
bool graph_run_float(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out, FloatFn fn);
/* interpret.c: runs an NHWC float kernel on an NCHW op (see there). */
bool graph_via_nhwc(IrOp *op, IrTensor *const *in, IrTensor **out,
    FloatFn fn, const int *filter_perm);
/* interpret.c: padding before the first element along spatial axis. */
int64_t graph_pad_before(IrOp *op, int axis, int64_t in, int64_t k,
    int64_t stride, int64_t dil);
/* interpret.c: the integer MAC path (TFLite's reference kernels) of a
 * Q_* kind: does it apply to op, and run it. */
bool graph_qmac_applies(IrOp *op, IrTensor *const *in, int kind);
bool graph_qmac(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out, int kind);
/* interpret_conv.c: may the integer MAC path take filter w (oc output
 * channels) with input x: 8-bit, or 16-bit with a 16-bit input. */
bool graph_qmac_filter_ok(const IrTensor *x, const IrTensor *w,
    int64_t oc);
/* interpret.c: the per-tensor quantized element type of t (storage of
 * at most max_bits), or NULL; a scale as TFLite holds it (a float32). */
const IrType *graph_qtensor(const IrTensor *t, unsigned max_bits);
double graph_f32_scale(double s);
/* interpret.c: a float kernel's entry: fn on the float path, then the
 * op's fused activation. */
bool graph_float_kernel(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out, FloatFn fn);
/* interpret.c: a MAC kernel's entry (kind Q_*): the integer path when it
 * applies, else fn on the float path with the bias made float; then the
 * op's fused activation. */
bool graph_mac_kernel(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out, int kind, FloatFn fn);

#endif /* NPUIR_GRAPH_KERNEL_H */
