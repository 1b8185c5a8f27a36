/* import/onnx/cvutil.h: helpers the ONNX converters share (ops.c,
 * shape.c, quant.c): attribute access, diagnostics, operands, building
 * graph ops, window attributes. Static inline: private to the importer. */
#ifndef NPUIR_IMPORT_ONNX_CVUTIL_H
#define NPUIR_IMPORT_ONNX_CVUTIL_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "import/onnx/conv.h"

/* ------------------------------------------------------------ attributes */

static inline const OnnxAttr *
attr(OnnxCv *cv, const char *name)
{
	for (size_t i = 0; i < cv->nd->nattrs; i++)
		if (onnx_eq(cv->nd->attrs[i].name, name))
			return &cv->nd->attrs[i];
	return NULL;
}

static inline int64_t
ai(OnnxCv *cv, const char *name, int64_t def)
{
	const OnnxAttr *a = attr(cv, name);
	return a ? a->i : def;
}

static inline double
af(OnnxCv *cv, const char *name, double def)
{
	const OnnxAttr *a = attr(cv, name);
	return a ? a->f : def;
}

/* Does string attribute `name` (or its default) equal s? */
static inline bool
as_is(OnnxCv *cv, const char *name, const char *def, const char *s)
{
	const OnnxAttr *a = attr(cv, name);
	return a ? onnx_eq(a->s, s) : !strcmp(def, s);
}

/* Integer list attribute: its length (entries beyond max dropped), or -1
 * when absent. */
static inline int64_t
aints(OnnxCv *cv, const char *name, int64_t *out, int64_t max)
{
	const OnnxAttr *a = attr(cv, name);
	if (!a)
		return -1;
	int64_t n = onnx_attr_ints(a, out, max);
	return n > max ? max : n;
}

/* ------------------------------------------------------------ diagnostics */

/* Lists the node's op type as unsupported, followed by why (or ""). */
static inline int
unsup_because(OnnxCv *cv, const char *why)
{
	char what[256];
	snprintf(what, sizeof what, "%.*s%s%s", (int)cv->nd->op_type.n,
	    (const char *)cv->nd->op_type.p, why[0] ? " " : "", why);
	import_unsupported_add(&cv->unsup, what, cv->loc);
	return CV_UNSUP;
}

/* The same with a printf-style reason. */
static inline int IR_PRINTF(2, 3)
unsup(OnnxCv *cv, const char *fmt, ...)
{
	char buf[160];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return unsup_because(cv, buf);
}

static inline int IR_PRINTF(2, 3)
fail(OnnxCv *cv, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	ir_emit_error(cv->ctx, cv->loc, "%.*s: %s", (int)cv->nd->op_type.n,
	    (const char *)cv->nd->op_type.p, buf);
	return CV_FAIL;
}

/* ------------------------------------------------------------ operands */

static inline bool
has_in(OnnxCv *cv, size_t i)
{
	return i < cv->nd->nin && cv->nd->in[i].n > 0;
}

static inline OnnxEntry *
ein(OnnxCv *cv, size_t i)
{
	return has_in(cv, i) ? onnx_entry(cv, cv->nd->in[i], false) : NULL;
}

/* Input i as a constant, or NULL. */
static inline OnnxConst *
cin(OnnxCv *cv, size_t i)
{
	OnnxEntry *e = ein(cv, i);
	return e ? e->c : NULL;
}

/* Input i as an IR value (constants materialized), or NULL. */
static inline IrValue *
in(OnnxCv *cv, size_t i)
{
	OnnxEntry *e = ein(cv, i);
	if (!e)
		return NULL;
	return e->c ? onnx_const_value(cv, e->c) : e->v;
}

static inline void
out_v(OnnxCv *cv, size_t i, IrValue *v)
{
	if (i < cv->nd->nout && cv->nd->out[i].n) {
		OnnxEntry *e = onnx_entry(cv, cv->nd->out[i], true);
		e->v = v;
		e->c = NULL;
	}
}

static inline void
out_c(OnnxCv *cv, size_t i, OnnxConst *c)
{
	if (i < cv->nd->nout && cv->nd->out[i].n) {
		OnnxEntry *e = onnx_entry(cv, cv->nd->out[i], true);
		e->v = NULL;
		e->c = c;
	}
}

static inline const IrType *
vty(IrValue *v)
{
	return v->type;
}

static inline int64_t
vrank(IrValue *v)
{
	return v->type->kind == IR_TYPE_TENSOR ? v->type->u.shaped.rank : -1;
}

static inline int64_t
vdim(IrValue *v, int64_t i)
{
	return v->type->u.shaped.dims[i];
}

/* Creates graph op `name`; its first result, or NULL after reporting. */
static inline IrValue *
gop(OnnxCv *cv, const char *name, size_t n, IrValue *const *ops,
    ImportAttrs *a)
{
	for (size_t i = 0; i < n; i++)
		if (!ops[i])
			return NULL;
	IrOp *op = import_graph_op(&cv->b, cv->loc, name, n, ops,
	    a ? import_attrs_dict(a) : NULL);
	return op ? ir_op_result(op, 0) : NULL;
}

/* A one-input op with no attributes. */
static inline IrValue *
gop1(OnnxCv *cv, const char *name, IrValue *x)
{
	return gop(cv, name, 1, &x, NULL);
}

static inline IrValue *
gop2(OnnxCv *cv, const char *name, IrValue *x, IrValue *y)
{
	IrValue *ops[2] = { x, y };
	return gop(cv, name, 2, ops, NULL);
}

static inline int
done(OnnxCv *cv, IrValue *v)
{
	if (!v)
		return CV_FAIL;
	out_v(cv, 0, v);
	return CV_OK;
}

/* A scalar f32 constant shaped for broadcasting (rank 0). */
static inline IrValue *
fscalar(OnnxCv *cv, double v)
{
	OnnxConst *c = onnx_const_new(cv, ONNX_FLOAT, 0, NULL);
	if (!c)
		return NULL;
	onnx_const_set(c, 0, v);
	return onnx_const_value(cv, c);
}

/* Integer values of constant input i into out (up to max); the count, or
 * -1 when input i is not a constant. */
static inline int64_t
cints(OnnxCv *cv, size_t i, int64_t *out, int64_t max)
{
	OnnxConst *c = cin(cv, i);
	if (!c)
		return -1;
	for (int64_t k = 0; k < c->n && k < max; k++)
		out[k] = onnx_const_int(c, k);
	return c->n > max ? max : c->n;
}

/* Reshape x to the given static shape. */
static inline IrValue *
reshape(OnnxCv *cv, IrValue *x, int64_t rank, const int64_t *dims)
{
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_ints(&a, "shape", (size_t)rank, dims);
	return gop(cv, "graph.reshape", 1, &x, &a);
}

/* ------------------------------------------------------------ windows */

/* Integer list attribute `name` of a window op with nsp spatial axes
 * (1 or 2) as two H, W entries: 1-D puts `h` in front. */
static inline void
spatial_ints(OnnxCv *cv, const char *name, int64_t *out, int64_t nsp,
    int64_t h)
{
	int64_t v[2] = { out[0], out[1] };
	if (nsp == 2) {
		aints(cv, name, out, 2);
		return;
	}
	v[0] = out[1];
	aints(cv, name, v, 1);
	out[0] = h;
	out[1] = v[0];
}

/* Reads kernel/strides/pads/dilations/auto_pad of a window op with nsp
 * (1 or 2) spatial axes into 2-D attributes (1-D as H = 1); returns
 * CV_OK, or CV_UNSUP. x is the NCHW input (1-D: reshaped to H = 1), k
 * the 2-D kernel size. */
static inline int
window_nd(OnnxCv *cv, IrValue *x, const int64_t *k, ImportAttrs *a,
    bool dilations, bool ceil, int64_t nsp)
{
	int64_t s[2] = { 1, 1 }, d[2] = { 1, 1 }, p[4] = { 0, 0, 0, 0 };
	spatial_ints(cv, "strides", s, nsp, 1);
	spatial_ints(cv, "dilations", d, nsp, 1);
	if (s[0] < 1 || s[1] < 1)
		return unsup(cv, "with strides < 1");
	if (d[0] < 1 || d[1] < 1 || d[0] > 65535 || d[1] > 65535)
		return unsup(cv, "with dilations < 1 or huge");
	if (!dilations && (d[0] != 1 || d[1] != 1))
		return unsup(cv, "with dilations");
	if (nsp == 2) {
		aints(cv, "pads", p, 4); /* [top, left, bottom, right] */
	} else {
		int64_t q[2] = { 0, 0 };
		aints(cv, "pads", q, 2);
		p[1] = q[0];
		p[3] = q[1];
	}
	for (int i = 0; i < 4; i++)
		if (p[i] < 0 || p[i] > DIALECT_MAX_DIM)
			return unsup(cv, "with negative or huge pads");
	if (k[0] == IR_DYNAMIC || k[1] == IR_DYNAMIC || k[0] < 1 || k[1] < 1)
		return unsup(cv, "with a dynamic or empty kernel");
	import_attrs_ints(a, "strides", 2, s);
	if (dilations)
		import_attrs_ints(a, "dilations", 2, d);
	int64_t tb[4] = { p[0], p[2], p[1], p[3] };
	if (!as_is(cv, "auto_pad", "NOTSET", "NOTSET") &&
	    !as_is(cv, "auto_pad", "NOTSET", "")) {
		if (as_is(cv, "auto_pad", "", "VALID"))
			tb[0] = tb[1] = tb[2] = tb[3] = 0;
		else if (as_is(cv, "auto_pad", "", "SAME_UPPER") ||
		    as_is(cv, "auto_pad", "", "SAME_LOWER")) {
			bool lower = as_is(cv, "auto_pad", "", "SAME_LOWER");
			for (int i = 0; i < 2; i++) {
				int64_t in = vdim(x, 2 + i);
				if (in == IR_DYNAMIC)
					return unsup(cv, "auto_pad on a "
					    "dynamic size");
				int64_t o = (in + s[i] - 1) / s[i];
				int64_t eff = d[i] * (k[i] - 1) + 1;
				int64_t tot = (o - 1) * s[i] + eff - in;
				if (tot < 0)
					tot = 0;
				int64_t small = tot / 2;
				tb[2 * i] = lower ? tot - small : small;
				tb[2 * i + 1] = tot - tb[2 * i];
			}
		} else {
			return unsup(cv, "with this auto_pad");
		}
	}
	if (ceil) {
		for (int i = 0; i < 2; i++) {
			int64_t in = vdim(x, 2 + i);
			if (in == IR_DYNAMIC)
				return unsup(cv, "ceil_mode on a dynamic "
				    "size");
			int64_t eff = d[i] * (k[i] - 1) + 1;
			int64_t span = in + tb[2 * i] + tb[2 * i + 1] - eff;
			if (span >= 0 && span % s[i]) {
				int64_t o = span / s[i] + 2;
				/* the last window must start inside the
				 * input or its left padding (ONNX) */
				if ((o - 1) * s[i] >= in + tb[2 * i])
					o--;
				int64_t need = (o - 1) * s[i] + eff - in -
				    tb[2 * i];
				if (need > tb[2 * i + 1])
					tb[2 * i + 1] = need;
			}
		}
	}
	import_attrs_ints(a, "padding", 4, tb);
	import_attrs_str(a, "layout", "NCHW");
	return CV_OK;
}

/* window_nd over 2 spatial axes. */
static inline int
window(OnnxCv *cv, IrValue *x, const int64_t *k, ImportAttrs *a,
    bool dilations, bool ceil)
{
	return window_nd(cv, x, k, a, dilations, ceil, 2);
}

/* Adds a size-1 H axis to a rank-3 value ([N, C, L] -> [N, C, 1, L]);
 * other ranks pass through. */
static inline IrValue *
add_h(OnnxCv *cv, IrValue *v)
{
	if (!v || vrank(v) != 3)
		return v;
	int64_t d[4] = { vdim(v, 0), vdim(v, 1), 1, vdim(v, 2) };
	return reshape(cv, v, 4, d);
}

/* Drops the size-1 H axis add_h added ([N, C, 1, L] -> [N, C, L]). */
static inline IrValue *
drop_h(OnnxCv *cv, IrValue *v)
{
	if (!v)
		return NULL;
	int64_t d[3] = { vdim(v, 0), vdim(v, 1), vdim(v, 3) };
	return reshape(cv, v, 3, d);
}

#endif /* NPUIR_IMPORT_ONNX_CVUTIL_H */
