/* import/onnx/ops.c: one converter per ONNX op: attributes and constant
 * inputs turned into graph-dialect ops (NCHW kept in `layout`), shape
 * computations folded when their inputs are known. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/onnx/conv.h"

/* ------------------------------------------------------------ attributes */

static const OnnxAttr *
attr(OnnxCv *cv, const char *name)
{
	for (size_t i = 0; i < cv->nd->nattrs; i++)
		if (onnx_eq(cv->nd->attrs[i].name, name))
			return &cv->nd->attrs[i];
	return NULL;
}

static int64_t
ai(OnnxCv *cv, const char *name, int64_t def)
{
	const OnnxAttr *a = attr(cv, name);
	return a ? a->i : def;
}

static double
af(OnnxCv *cv, const char *name, double def)
{
	const OnnxAttr *a = attr(cv, name);
	return a ? a->f : def;
}

/* Does string attribute `name` (or its default) equal s? */
static bool
as_is(OnnxCv *cv, const char *name, const char *def, const char *s)
{
	const OnnxAttr *a = attr(cv, name);
	return a ? onnx_eq(a->s, s) : !strcmp(def, s);
}

/* Integer list attribute: its length (entries beyond max dropped), or -1
 * when absent. */
static int64_t
aints(OnnxCv *cv, const char *name, int64_t *out, int64_t max)
{
	const OnnxAttr *a = attr(cv, name);
	if (!a)
		return -1;
	int64_t n = onnx_attr_ints(a, out, max);
	return n > max ? max : n;
}

/* ------------------------------------------------------------ diagnostics */

static int
unsup(OnnxCv *cv, const char *fmt, ...)
{
	char buf[160], what[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	snprintf(what, sizeof what, "%.*s%s%s", (int)cv->nd->op_type.n,
	    (const char *)cv->nd->op_type.p, buf[0] ? " " : "", buf);
	import_unsupported_add(&cv->unsup, what, cv->loc);
	return CV_UNSUP;
}

static int
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

static bool
has_in(OnnxCv *cv, size_t i)
{
	return i < cv->nd->nin && cv->nd->in[i].n > 0;
}

static OnnxEntry *
ein(OnnxCv *cv, size_t i)
{
	return has_in(cv, i) ? onnx_entry(cv, cv->nd->in[i], false) : NULL;
}

/* Input i as a constant, or NULL. */
static OnnxConst *
cin(OnnxCv *cv, size_t i)
{
	OnnxEntry *e = ein(cv, i);
	return e ? e->c : NULL;
}

/* Input i as an IR value (constants materialized), or NULL. */
static IrValue *
in(OnnxCv *cv, size_t i)
{
	OnnxEntry *e = ein(cv, i);
	if (!e)
		return NULL;
	return e->c ? onnx_const_value(cv, e->c) : e->v;
}

static void
out_v(OnnxCv *cv, size_t i, IrValue *v)
{
	if (i < cv->nd->nout && cv->nd->out[i].n) {
		OnnxEntry *e = onnx_entry(cv, cv->nd->out[i], true);
		e->v = v;
		e->c = NULL;
	}
}

static void
out_c(OnnxCv *cv, size_t i, OnnxConst *c)
{
	if (i < cv->nd->nout && cv->nd->out[i].n) {
		OnnxEntry *e = onnx_entry(cv, cv->nd->out[i], true);
		e->v = NULL;
		e->c = c;
	}
}

static const IrType *
vty(IrValue *v)
{
	return v->type;
}

static int64_t
vrank(IrValue *v)
{
	return v->type->kind == IR_TYPE_TENSOR ? v->type->u.shaped.rank : -1;
}

static int64_t
vdim(IrValue *v, int64_t i)
{
	return v->type->u.shaped.dims[i];
}

/* Creates graph op `name`; its first result, or NULL after reporting. */
static IrValue *
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
static IrValue *
gop1(OnnxCv *cv, const char *name, IrValue *x)
{
	return gop(cv, name, 1, &x, NULL);
}

static IrValue *
gop2(OnnxCv *cv, const char *name, IrValue *x, IrValue *y)
{
	IrValue *ops[2] = { x, y };
	return gop(cv, name, 2, ops, NULL);
}

static int
done(OnnxCv *cv, IrValue *v)
{
	if (!v)
		return CV_FAIL;
	out_v(cv, 0, v);
	return CV_OK;
}

/* A scalar f32 constant shaped for broadcasting (rank 0). */
static IrValue *
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
static int64_t
cints(OnnxCv *cv, size_t i, int64_t *out, int64_t max)
{
	OnnxConst *c = cin(cv, i);
	if (!c)
		return -1;
	for (int64_t k = 0; k < c->n && k < max; k++)
		out[k] = onnx_const_int(c, k);
	return c->n > max ? max : c->n;
}

/* ------------------------------------------------------------ windows */

/* Reads kernel/strides/pads/dilations/auto_pad of a 2-D window op into
 * attributes; returns CV_OK, or CV_UNSUP. x is the NCHW input, k the
 * kernel size. */
static int
window(OnnxCv *cv, IrValue *x, const int64_t *k, ImportAttrs *a,
    bool dilations, bool ceil)
{
	int64_t s[2] = { 1, 1 }, d[2] = { 1, 1 }, p[4] = { 0, 0, 0, 0 };
	if (aints(cv, "strides", s, 2) > 0 && (s[0] < 1 || s[1] < 1))
		return unsup(cv, "with strides < 1");
	if (aints(cv, "dilations", d, 2) > 0 && (d[0] < 1 || d[1] < 1))
		return unsup(cv, "with dilations < 1");
	if (!dilations && (d[0] != 1 || d[1] != 1))
		return unsup(cv, "with dilations");
	aints(cv, "pads", p, 4); /* [top, left, bottom, right] */
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

/* ------------------------------------------------------------ conv */

static int
cv_conv(OnnxCv *cv)
{
	IrValue *x = in(cv, 0), *w = in(cv, 1);
	if (!x || !w)
		return CV_FAIL;
	if (vrank(x) != 4 || vrank(w) != 4)
		return unsup(cv, "other than 2-D");
	int64_t k[2] = { vdim(w, 2), vdim(w, 3) };
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	int r = window(cv, x, k, &a, true, false);
	if (r != CV_OK)
		return r;
	import_attrs_int(&a, "groups", ai(cv, "group", 1));
	IrValue *ops[3] = { x, w, NULL };
	size_t n = 2;
	if (has_in(cv, 2) && (ops[n++] = in(cv, 2)) == NULL)
		return CV_FAIL;
	return done(cv, gop(cv, "graph.conv2d", n, ops, &a));
}

static int
cv_conv_transpose(OnnxCv *cv)
{
	IrValue *x = in(cv, 0), *w = in(cv, 1);
	if (!x || !w)
		return CV_FAIL;
	if (vrank(x) != 4 || vrank(w) != 4)
		return unsup(cv, "other than 2-D");
	int64_t tmp[4];
	if (ai(cv, "group", 1) != 1)
		return unsup(cv, "with groups");
	if (attr(cv, "output_shape") || (aints(cv, "output_padding", tmp,
	    4) > 0 && (tmp[0] || tmp[1])))
		return unsup(cv, "with output_shape or output_padding");
	if (!as_is(cv, "auto_pad", "NOTSET", "NOTSET"))
		return unsup(cv, "with auto_pad");
	int64_t d[2] = { 1, 1 }, s[2] = { 1, 1 }, p[4] = { 0, 0, 0, 0 };
	aints(cv, "dilations", d, 2);
	if (d[0] != 1 || d[1] != 1)
		return unsup(cv, "with dilations");
	aints(cv, "strides", s, 2);
	aints(cv, "pads", p, 4);
	/* ONNX filter [I, O, kh, kw] -> OIHW */
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	int64_t perm[4] = { 1, 0, 2, 3 };
	import_attrs_ints(&a, "perm", 4, perm);
	IrValue *wt = gop(cv, "graph.transpose", 1, &w, &a);
	import_attrs_init(&a, cv->ctx);
	int64_t tb[4] = { p[0], p[2], p[1], p[3] };
	import_attrs_ints(&a, "strides", 2, s);
	import_attrs_ints(&a, "padding", 4, tb);
	import_attrs_str(&a, "layout", "NCHW");
	IrValue *ops[3] = { x, wt, NULL };
	size_t n = 2;
	if (has_in(cv, 2) && (ops[n++] = in(cv, 2)) == NULL)
		return CV_FAIL;
	return done(cv, gop(cv, "graph.transpose_conv2d", n, ops, &a));
}

/* ------------------------------------------------------------ matrices */

static int
cv_gemm(OnnxCv *cv)
{
	IrValue *x = in(cv, 0), *w = in(cv, 1);
	if (!x || !w)
		return CV_FAIL;
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	if (ai(cv, "transA", 0))
		import_attrs_bool(&a, "transpose_a", true);
	if (ai(cv, "transB", 0))
		import_attrs_bool(&a, "transpose_b", true);
	IrValue *ops[2] = { x, w };
	IrValue *y = gop(cv, "graph.matmul", 2, ops, &a);
	double alpha = af(cv, "alpha", 1.0), beta = af(cv, "beta", 1.0);
	if (y && alpha != 1.0)
		y = gop2(cv, "graph.mul", y, fscalar(cv, alpha));
	if (y && has_in(cv, 2) && beta != 0.0) {
		IrValue *c = in(cv, 2);
		if (c && beta != 1.0)
			c = gop2(cv, "graph.mul", c, fscalar(cv, beta));
		y = gop2(cv, "graph.add", y, c);
	}
	return done(cv, y);
}

static int
cv_matmul(OnnxCv *cv)
{
	IrValue *x = in(cv, 0), *w = in(cv, 1);
	if (!x || !w)
		return CV_FAIL;
	if (vrank(x) < 2 || vrank(w) < 2)
		return unsup(cv, "of rank-1 operands");
	const char *name = vrank(x) == 2 && vrank(w) == 2 ? "graph.matmul" :
	    "graph.batch_matmul";
	return done(cv, gop2(cv, name, x, w));
}

/* ------------------------------------------------------------ elementwise */

/* Folds a binary op over two integer constants (shape arithmetic). */
static OnnxConst *
fold_binary(OnnxCv *cv, OnnxConst *x, OnnxConst *y, char op)
{
	if (x->dtype != y->dtype || (x->n != y->n && y->n != 1) ||
	    x->dtype == ONNX_FLOAT || x->n > 64)
		return NULL;
	OnnxConst *r = onnx_const_new(cv, x->dtype, x->type->u.shaped.rank,
	    x->type->u.shaped.dims);
	for (int64_t i = 0; r && i < x->n; i++) {
		int64_t a = onnx_const_int(x, i);
		int64_t b = onnx_const_int(y, y->n == 1 ? 0 : i);
		int64_t v = op == '+' ? a + b : op == '-' ? a - b :
		    op == '*' ? a * b : b ? a / b : 0;
		onnx_const_set(r, i, (double)v);
	}
	return r;
}

static int
cv_binary(OnnxCv *cv, const char *name, char op)
{
	if (op && cin(cv, 0) && cin(cv, 1)) {
		OnnxConst *r = fold_binary(cv, cin(cv, 0), cin(cv, 1), op);
		if (r) {
			out_c(cv, 0, r);
			return CV_OK;
		}
	}
	return done(cv, gop2(cv, name, in(cv, 0), in(cv, 1)));
}

static int cv_add(OnnxCv *cv) { return cv_binary(cv, "graph.add", '+'); }
static int cv_sub(OnnxCv *cv) { return cv_binary(cv, "graph.sub", '-'); }
static int cv_mul(OnnxCv *cv) { return cv_binary(cv, "graph.mul", '*'); }
static int cv_div(OnnxCv *cv) { return cv_binary(cv, "graph.div", '/'); }

/* Max / Min / Sum of any number of inputs. */
static int
cv_variadic(OnnxCv *cv, const char *name)
{
	if (cv->nd->nin == 0)
		return fail(cv, "needs at least one input");
	IrValue *y = in(cv, 0);
	for (size_t i = 1; y && i < cv->nd->nin; i++)
		y = gop2(cv, name, y, in(cv, i));
	return done(cv, y);
}

static int cv_max(OnnxCv *cv) { return cv_variadic(cv, "graph.maximum"); }
static int cv_min(OnnxCv *cv) { return cv_variadic(cv, "graph.minimum"); }
static int cv_sum(OnnxCv *cv) { return cv_variadic(cv, "graph.add"); }

static int
cv_pow(OnnxCv *cv)
{
	OnnxConst *e = cin(cv, 1);
	IrValue *x = in(cv, 0);
	if (!x)
		return CV_FAIL;
	if (!e || e->n != 1)
		return unsup(cv, "with a non-constant exponent");
	double p = onnx_const_f(e, 0);
	if (p == 1.0)
		return done(cv, x);
	if (p == 2.0)
		return done(cv, gop2(cv, "graph.mul", x, x));
	if (p == 3.0)
		return done(cv, gop2(cv, "graph.mul", x,
		    gop2(cv, "graph.mul", x, x)));
	if (p == 0.5)
		return done(cv, gop1(cv, "graph.sqrt", x));
	if (p == -0.5)
		return done(cv, gop1(cv, "graph.rsqrt", x));
	if (p == -1.0)
		return done(cv, gop2(cv, "graph.div", fscalar(cv, 1.0), x));
	return unsup(cv, "with exponent %g", p);
}

#define UNARY(fn, name) \
	static int fn(OnnxCv *cv) { return done(cv, gop1(cv, name, \
	    in(cv, 0))); }
UNARY(cv_relu, "graph.relu")
UNARY(cv_sigmoid, "graph.sigmoid")
UNARY(cv_tanh, "graph.tanh")
UNARY(cv_sqrt, "graph.sqrt")
UNARY(cv_exp, "graph.exp")
UNARY(cv_abs, "graph.abs")
UNARY(cv_neg, "graph.neg")
UNARY(cv_hardswish, "graph.hard_swish")

static int
cv_leaky_relu(OnnxCv *cv)
{
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_float(&a, "alpha", (float)af(cv, "alpha", 0.01));
	IrValue *x = in(cv, 0);
	return done(cv, gop(cv, "graph.leaky_relu", 1, &x, &a));
}

static int
cv_prelu(OnnxCv *cv)
{
	return done(cv, gop2(cv, "graph.prelu", in(cv, 0), in(cv, 1)));
}

static int
clip_to(OnnxCv *cv, IrValue *x, double lo, double hi)
{
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_float(&a, "min", lo);
	import_attrs_float(&a, "max", hi);
	return done(cv, gop(cv, "graph.clip", 1, &x, &a));
}

static int
cv_clip(OnnxCv *cv)
{
	double lo = -FLT_MAX, hi = FLT_MAX;
	if (cv->m->opset < 11) {
		lo = af(cv, "min", lo);
		hi = af(cv, "max", hi);
	} else {
		for (size_t i = 1; i < 3; i++) {
			if (!has_in(cv, i))
				continue;
			OnnxConst *c = cin(cv, i);
			if (!c || c->n != 1)
				return unsup(cv, "with non-constant bounds");
			*(i == 1 ? &lo : &hi) = onnx_const_f(c, 0);
		}
	}
	IrValue *x = in(cv, 0);
	if (!x)
		return CV_FAIL;
	if (lo > hi)
		return unsup(cv, "with min > max");
	return clip_to(cv, x, lo, hi);
}

static int
cv_hard_sigmoid(OnnxCv *cv)
{
	double alpha = af(cv, "alpha", 0.2), beta = af(cv, "beta", 0.5);
	IrValue *x = in(cv, 0);
	if ((float)alpha == (float)(1.0 / 6) && beta == 0.5)
		return done(cv, gop1(cv, "graph.hard_sigmoid", x));
	IrValue *y = gop2(cv, "graph.add", gop2(cv, "graph.mul", x,
	    fscalar(cv, alpha)), fscalar(cv, beta));
	if (!y)
		return CV_FAIL;
	return clip_to(cv, y, 0.0, 1.0);
}

/* Reshape x to the given static shape. */
static IrValue *
reshape(OnnxCv *cv, IrValue *x, int64_t rank, const int64_t *dims)
{
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_ints(&a, "shape", (size_t)rank, dims);
	return gop(cv, "graph.reshape", 1, &x, &a);
}

static int
cv_softmax(OnnxCv *cv, const char *name)
{
	IrValue *x = in(cv, 0);
	if (!x)
		return CV_FAIL;
	int64_t r = vrank(x);
	int64_t axis = ai(cv, "axis", cv->m->opset < 13 ? 1 : -1);
	if (axis < -r || axis >= r)
		return fail(cv, "axis %lld out of range", (long long)axis);
	if (axis < 0)
		axis += r;
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	if (cv->m->opset >= 13 || axis == r - 1) {
		import_attrs_int(&a, "axis", axis);
		return done(cv, gop(cv, name, 1, &x, &a));
	}
	/* before opset 13: softmax over the flattened dims from axis on */
	int64_t d[2] = { 1, 1 };
	for (int64_t i = 0; i < r; i++) {
		if (vdim(x, i) == IR_DYNAMIC)
			return unsup(cv, "coerced to 2-D on a dynamic shape");
		d[i >= axis] *= vdim(x, i);
	}
	IrValue *y = reshape(cv, x, 2, d);
	import_attrs_int(&a, "axis", 1);
	y = y ? gop(cv, name, 1, &y, &a) : NULL;
	return done(cv, y ? reshape(cv, y, r, vty(x)->u.shaped.dims) : NULL);
}

static int cv_softmax1(OnnxCv *cv) { return cv_softmax(cv, "graph.softmax"); }
static int cv_log_softmax(OnnxCv *cv)
{
	return cv_softmax(cv, "graph.log_softmax");
}

/* ------------------------------------------------------------ pooling */

static int
cv_pool(OnnxCv *cv, const char *name)
{
	IrValue *x = in(cv, 0);
	if (!x)
		return CV_FAIL;
	if (vrank(x) != 4)
		return unsup(cv, "other than 2-D");
	if (cv->nd->nout > 1 && cv->nd->out[1].n)
		return unsup(cv, "with indices");
	int64_t k[2];
	if (aints(cv, "kernel_shape", k, 2) != 2)
		return fail(cv, "needs a 2-D kernel_shape");
	bool avg = !strcmp(name, "graph.avg_pool2d");
	bool cip = avg && ai(cv, "count_include_pad", 0);
	bool ceil = ai(cv, "ceil_mode", 0) != 0;
	if (ceil && cip)
		return unsup(cv, "with ceil_mode and count_include_pad");
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_ints(&a, "kernel", 2, k);
	int r = window(cv, x, k, &a, false, ceil);
	if (r != CV_OK)
		return r;
	if (cip)
		import_attrs_bool(&a, "count_include_pad", true);
	return done(cv, gop(cv, name, 1, &x, &a));
}

static int cv_maxpool(OnnxCv *cv) { return cv_pool(cv, "graph.max_pool2d"); }
static int cv_avgpool(OnnxCv *cv) { return cv_pool(cv, "graph.avg_pool2d"); }

static int
cv_global_avg(OnnxCv *cv)
{
	IrValue *x = in(cv, 0);
	if (!x)
		return CV_FAIL;
	if (vrank(x) != 4)
		return unsup(cv, "other than 2-D");
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_str(&a, "layout", "NCHW");
	return done(cv, gop(cv, "graph.global_avg_pool", 1, &x, &a));
}

static int
cv_reduce(OnnxCv *cv, const char *name)
{
	IrValue *x = in(cv, 0);
	int64_t axes[ONNX_MAX_RANK], n;
	if (!x)
		return CV_FAIL;
	if (has_in(cv, 1)) {
		if ((n = cints(cv, 1, axes, ONNX_MAX_RANK)) < 0)
			return unsup(cv, "with non-constant axes");
	} else {
		n = aints(cv, "axes", axes, ONNX_MAX_RANK);
	}
	if (n <= 0) {
		if (ai(cv, "noop_with_empty_axes", 0))
			return done(cv, x);
		n = vrank(x);
		for (int64_t i = 0; i < n; i++)
			axes[i] = i;
	}
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_ints(&a, "axes", (size_t)n, axes);
	import_attrs_bool(&a, "keep_dims", ai(cv, "keepdims", 1) != 0);
	return done(cv, gop(cv, name, 1, &x, &a));
}

static int cv_reduce_mean(OnnxCv *cv)
{
	return cv_reduce(cv, "graph.reduce_mean");
}
static int cv_reduce_sum(OnnxCv *cv)
{
	return cv_reduce(cv, "graph.reduce_sum");
}
static int cv_reduce_max(OnnxCv *cv)
{
	return cv_reduce(cv, "graph.reduce_max");
}

static int
cv_batch_norm(OnnxCv *cv)
{
	if (ai(cv, "training_mode", 0) || (cv->nd->nout > 1 &&
	    cv->nd->out[1].n))
		return unsup(cv, "in training mode");
	IrValue *ops[5];
	for (size_t i = 0; i < 5; i++)
		if (!(ops[i] = in(cv, i)))
			return fail(cv, "needs 5 inputs");
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_float(&a, "epsilon", (float)af(cv, "epsilon", 1e-5));
	if (vrank(ops[0]) != 2 || true)
		import_attrs_str(&a, "layout", "NCHW");
	return done(cv, gop(cv, "graph.batch_norm", 5, ops, &a));
}

/* ------------------------------------------------------------ shapes */

/* A constant with c's data and a new shape (no copy). */
static OnnxConst *
const_reshaped(OnnxCv *cv, OnnxConst *c, int64_t rank, const int64_t *dims)
{
	OnnxConst *r = ir_arena_alloc(&cv->arena, sizeof *r, 8);
	*r = *c;
	r->mat = NULL;
	r->type = ir_type_tensor(cv->ctx, rank, dims, c->type->u.shaped.elem,
	    NULL);
	return r;
}

/* Sets the output to x reshaped to dims (folded for constants). */
static int
out_reshaped(OnnxCv *cv, int64_t rank, const int64_t *dims)
{
	OnnxConst *c = cin(cv, 0);
	if (c) {
		int64_t n = 1;
		for (int64_t i = 0; i < rank; i++)
			n *= dims[i];
		if (n != c->n)
			return fail(cv, "cannot reshape %lld elements",
			    (long long)c->n);
		out_c(cv, 0, const_reshaped(cv, c, rank, dims));
		return CV_OK;
	}
	return done(cv, reshape(cv, in(cv, 0), rank, dims));
}

/* Static dims of input 0 (value or constant) into d; rank, or -1. */
static int64_t
in_dims(OnnxCv *cv, int64_t *d)
{
	OnnxConst *c = cin(cv, 0);
	const IrType *t = c ? c->type : NULL;
	if (!t) {
		IrValue *x = in(cv, 0);
		if (!x || vrank(x) < 0)
			return -1;
		t = vty(x);
	}
	for (int64_t i = 0; i < t->u.shaped.rank; i++)
		d[i] = t->u.shaped.dims[i];
	return t->u.shaped.rank;
}

static int
cv_reshape(OnnxCv *cv)
{
	int64_t s[ONNX_MAX_RANK], d[ONNX_MAX_RANK];
	int64_t n = cv->m->opset < 5 ? aints(cv, "shape", s, ONNX_MAX_RANK) :
	    cints(cv, 1, s, ONNX_MAX_RANK);
	int64_t r = in_dims(cv, d);
	if (n < 0)
		return unsup(cv, "with a non-constant shape");
	if (r < 0)
		return CV_FAIL;
	int64_t known = 1, neg = -1;
	for (int64_t i = 0; i < n; i++) {
		if (s[i] == 0 && !ai(cv, "allowzero", 0)) {
			if (i >= r)
				return fail(cv, "shape copies a missing "
				    "dimension");
			s[i] = d[i];
		}
		if (s[i] == -1)
			neg = i;
		else if (s[i] == IR_DYNAMIC || s[i] <= 0)
			return unsup(cv, "to a dynamic or empty shape");
		else
			known *= s[i];
	}
	if (neg >= 0) {
		int64_t total = 1;
		for (int64_t i = 0; i < r; i++) {
			if (d[i] == IR_DYNAMIC) {
				total = -1;
				break;
			}
			total *= d[i];
		}
		if (total >= 0 && known > 0)
			s[neg] = total / known;
	}
	return out_reshaped(cv, n, s);
}

static int
cv_flatten(OnnxCv *cv)
{
	int64_t d[ONNX_MAX_RANK];
	int64_t r = in_dims(cv, d);
	if (r < 0)
		return CV_FAIL;
	int64_t axis = ai(cv, "axis", 1);
	if (axis < 0)
		axis += r;
	if (axis < 0 || axis > r)
		return fail(cv, "axis out of range");
	int64_t s[2] = { 1, 1 };
	for (int64_t i = 0; i < r; i++) {
		if (d[i] == IR_DYNAMIC)
			return unsup(cv, "of a dynamic shape");
		s[i >= axis] *= d[i];
	}
	return out_reshaped(cv, 2, s);
}

/* Reads Squeeze / Unsqueeze axes (attribute, or input 1 from opset
 * 13). */
static int64_t
axes_of(OnnxCv *cv, int64_t *axes)
{
	if (has_in(cv, 1))
		return cints(cv, 1, axes, ONNX_MAX_RANK);
	int64_t n = aints(cv, "axes", axes, ONNX_MAX_RANK);
	return n < 0 ? 0 : n;
}

static int
cv_squeeze(OnnxCv *cv)
{
	int64_t d[ONNX_MAX_RANK], axes[ONNX_MAX_RANK], s[ONNX_MAX_RANK];
	int64_t r = in_dims(cv, d), n = axes_of(cv, axes), k = 0;
	bool drop[ONNX_MAX_RANK] = { false };
	if (r < 0)
		return CV_FAIL;
	if (n < 0)
		return unsup(cv, "with non-constant axes");
	for (int64_t i = 0; i < n; i++) {
		int64_t ax = axes[i] < 0 ? axes[i] + r : axes[i];
		if (ax < 0 || ax >= r || d[ax] != 1)
			return fail(cv, "axis %lld is not of size 1",
			    (long long)axes[i]);
		drop[ax] = true;
	}
	for (int64_t i = 0; i < r; i++) {
		if (n == 0 && d[i] == IR_DYNAMIC)
			return unsup(cv, "of a dynamic shape");
		if (!(n ? drop[i] : d[i] == 1))
			s[k++] = d[i];
	}
	return out_reshaped(cv, k, s);
}

static int
cv_unsqueeze(OnnxCv *cv)
{
	int64_t d[ONNX_MAX_RANK], axes[ONNX_MAX_RANK], s[ONNX_MAX_RANK];
	int64_t r = in_dims(cv, d), n = axes_of(cv, axes);
	bool add[ONNX_MAX_RANK] = { false };
	if (r < 0)
		return CV_FAIL;
	if (n < 0)
		return unsup(cv, "with non-constant axes");
	int64_t out = r + n;
	if (out > ONNX_MAX_RANK)
		return fail(cv, "rank too large");
	for (int64_t i = 0; i < n; i++) {
		int64_t ax = axes[i] < 0 ? axes[i] + out : axes[i];
		if (ax < 0 || ax >= out || add[ax])
			return fail(cv, "bad axis %lld", (long long)axes[i]);
		add[ax] = true;
	}
	for (int64_t i = 0, j = 0; i < out; i++) {
		s[i] = add[i] ? 1 : d[j++];
		if (s[i] == IR_DYNAMIC)
			return unsup(cv, "of a dynamic shape");
	}
	return out_reshaped(cv, out, s);
}

static int
cv_transpose(OnnxCv *cv)
{
	IrValue *x = in(cv, 0);
	if (!x)
		return CV_FAIL;
	int64_t r = vrank(x), p[ONNX_MAX_RANK];
	if (aints(cv, "perm", p, ONNX_MAX_RANK) != r)
		for (int64_t i = 0; i < r; i++)
			p[i] = r - 1 - i;
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_ints(&a, "perm", (size_t)r, p);
	return done(cv, gop(cv, "graph.transpose", 1, &x, &a));
}

/* Concatenation of constants along axis (shape tensors). */
static OnnxConst *
fold_concat(OnnxCv *cv, int64_t axis)
{
	OnnxConst *c0 = cin(cv, 0);
	int64_t total = 0;
	if (c0->type->u.shaped.rank != 1 || axis != 0)
		return NULL;
	for (size_t i = 0; i < cv->nd->nin; i++) {
		OnnxConst *c = cin(cv, i);
		if (!c || c->dtype != c0->dtype || c->type->u.shaped.rank != 1)
			return NULL;
		total += c->n;
	}
	OnnxConst *r = onnx_const_new(cv, c0->dtype, 1, &total);
	int64_t k = 0;
	for (size_t i = 0; r && i < cv->nd->nin; i++) {
		OnnxConst *c = cin(cv, i);
		for (int64_t j = 0; j < c->n; j++)
			onnx_const_set(r, k++, onnx_const_f(c, j));
	}
	return r;
}

static int
cv_concat(OnnxCv *cv)
{
	int64_t axis = ai(cv, "axis", 0);
	if (cv->nd->nin == 0)
		return fail(cv, "needs inputs");
	OnnxConst *f = cin(cv, 0) ? fold_concat(cv, axis) : NULL;
	if (f) {
		out_c(cv, 0, f);
		return CV_OK;
	}
	IrValue **ops = ir_arena_alloc(&cv->arena, cv->nd->nin *
	    sizeof *ops, 8);
	for (size_t i = 0; i < cv->nd->nin; i++)
		if (!(ops[i] = in(cv, i)))
			return CV_FAIL;
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_int(&a, "axis", axis);
	return done(cv, gop(cv, "graph.concat", cv->nd->nin, ops, &a));
}

static int
cv_split(OnnxCv *cv)
{
	IrValue *x = in(cv, 0);
	int64_t sizes[64], n;
	if (!x)
		return CV_FAIL;
	if (cv->nd->nout > 64)
		return unsup(cv, "into more than 64 pieces");
	if (has_in(cv, 1))
		n = cints(cv, 1, sizes, 64);
	else
		n = aints(cv, "split", sizes, 64);
	if (has_in(cv, 1) && n < 0)
		return unsup(cv, "with non-constant sizes");
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_int(&a, "axis", ai(cv, "axis", 0));
	if (n > 0)
		import_attrs_ints(&a, "sizes", (size_t)n, sizes);
	cv->b.loc = cv->loc;
	IrOp *op = dialect_create(&cv->b, "graph.split", 1, &x,
	    import_attrs_dict(&a), cv->nd->nout);
	if (!op)
		return CV_FAIL;
	for (size_t i = 0; i < cv->nd->nout; i++)
		out_v(cv, i, ir_op_result(op, (unsigned)i));
	return CV_OK;
}

/* Slice from opset 10 (inputs) or before (attributes). */
static int
cv_slice(OnnxCv *cv)
{
	int64_t st[ONNX_MAX_RANK], en[ONNX_MAX_RANK], ax[ONNX_MAX_RANK],
	    sp[ONNX_MAX_RANK], d[ONNX_MAX_RANK];
	int64_t n, ne, na = -1, ns = -1;
	if (cv->m->opset < 10) {
		n = aints(cv, "starts", st, ONNX_MAX_RANK);
		ne = aints(cv, "ends", en, ONNX_MAX_RANK);
		na = aints(cv, "axes", ax, ONNX_MAX_RANK);
	} else {
		n = cints(cv, 1, st, ONNX_MAX_RANK);
		ne = cints(cv, 2, en, ONNX_MAX_RANK);
		if (has_in(cv, 3) && (na = cints(cv, 3, ax,
		    ONNX_MAX_RANK)) < 0)
			return unsup(cv, "with non-constant axes");
		if (has_in(cv, 4) && (ns = cints(cv, 4, sp,
		    ONNX_MAX_RANK)) < 0)
			return unsup(cv, "with non-constant steps");
	}
	int64_t r = in_dims(cv, d);
	if (n < 0 || ne != n)
		return unsup(cv, "with non-constant starts or ends");
	if (r < 0)
		return CV_FAIL;
	int64_t b[ONNX_MAX_RANK], e[ONNX_MAX_RANK], s[ONNX_MAX_RANK];
	int64_t mask = 0;
	for (int64_t i = 0; i < r; i++) {
		b[i] = 0;
		e[i] = d[i];
		s[i] = 1;
	}
	for (int64_t i = 0; i < n; i++) {
		int64_t a = na >= 0 ? ax[i] : i;
		if (a < 0)
			a += r;
		if (a < 0 || a >= r)
			return fail(cv, "axis out of range");
		int64_t step = ns >= 0 ? sp[i] : 1, dim = d[a];
		if (step == 0)
			return fail(cv, "step 0");
		if (dim == IR_DYNAMIC)
			return unsup(cv, "of a dynamic dimension");
		int64_t lo = st[i] < 0 ? st[i] + dim : st[i];
		int64_t hi = en[i] < 0 ? en[i] + dim : en[i];
		if (en[i] < -dim - 1 || en[i] == INT64_MIN)
			hi = -1;
		if (step > 0) {
			lo = lo < 0 ? 0 : lo > dim ? dim : lo;
			hi = hi < 0 ? 0 : hi > dim ? dim : hi;
		} else {
			lo = lo < 0 ? -1 : lo > dim - 1 ? dim - 1 : lo;
			hi = hi < -1 ? -1 : hi > dim - 1 ? dim - 1 : hi;
			if (hi == -1)
				mask |= (int64_t)1 << a;
		}
		b[a] = lo;
		e[a] = hi;
		s[a] = step;
	}
	OnnxConst *c = cin(cv, 0);
	if (c && r == 1 && s[0] == 1) {
		int64_t len = e[0] > b[0] ? e[0] - b[0] : 0;
		OnnxConst *o = onnx_const_new(cv, c->dtype, 1, &len);
		for (int64_t i = 0; o && i < len; i++)
			onnx_const_set(o, i, onnx_const_f(c, b[0] + i));
		if (!o)
			return CV_FAIL;
		out_c(cv, 0, o);
		return CV_OK;
	}
	for (int64_t i = 0; i < r; i++)
		if (s[i] > 0 && e[i] <= b[i])
			return unsup(cv, "to an empty tensor");
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_ints(&a, "begin", (size_t)r, b);
	import_attrs_ints(&a, "end", (size_t)r, e);
	import_attrs_ints(&a, "strides", (size_t)r, s);
	if (mask)
		import_attrs_int(&a, "end_mask", mask);
	IrValue *x = in(cv, 0);
	return done(cv, gop(cv, "graph.strided_slice", 1, &x, &a));
}

static int
cv_pad(OnnxCv *cv)
{
	IrValue *x = in(cv, 0);
	int64_t p[2 * ONNX_MAX_RANK], q[2 * ONNX_MAX_RANK], n;
	double value = 0;
	if (!x)
		return CV_FAIL;
	int64_t r = vrank(x);
	if (cv->m->opset < 11) {
		n = aints(cv, "pads", p, 2 * ONNX_MAX_RANK);
		value = af(cv, "value", 0.0);
	} else {
		n = cints(cv, 1, p, 2 * ONNX_MAX_RANK);
		if (has_in(cv, 2)) {
			OnnxConst *c = cin(cv, 2);
			if (!c || c->n != 1)
				return unsup(cv, "with a non-constant value");
			value = onnx_const_f(c, 0);
		}
		if (has_in(cv, 3))
			return unsup(cv, "with axes");
	}
	if (n != 2 * r)
		return unsup(cv, "with non-constant pads");
	for (int64_t i = 0; i < r; i++) {
		q[2 * i] = p[i];
		q[2 * i + 1] = p[r + i];
		if (p[i] < 0 || p[r + i] < 0)
			return unsup(cv, "with negative pads");
	}
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_ints(&a, "paddings", (size_t)(2 * r), q);
	if (as_is(cv, "mode", "constant", "reflect"))
		import_attrs_str(&a, "mode", "reflect");
	else if (!as_is(cv, "mode", "constant", "constant"))
		return unsup(cv, "in edge mode");
	if (value != 0)
		import_attrs_float(&a, "constant_value", value);
	return done(cv, gop(cv, "graph.pad", 1, &x, &a));
}

static int
cv_resize(OnnxCv *cv)
{
	IrValue *x = in(cv, 0);
	if (!x)
		return CV_FAIL;
	if (vrank(x) != 4)
		return unsup(cv, "other than 4-D");
	int64_t size[2];
	OnnxConst *sc = cv->m->opset < 11 ? cin(cv, 1) : cin(cv, 2);
	OnnxConst *sz = cv->m->opset < 11 ? NULL : cin(cv, 3);
	if (sz && sz->n == 4) {
		if (onnx_const_int(sz, 0) != vdim(x, 0) ||
		    onnx_const_int(sz, 1) != vdim(x, 1))
			return unsup(cv, "of N or C");
		size[0] = onnx_const_int(sz, 2);
		size[1] = onnx_const_int(sz, 3);
	} else if (sc && sc->n == 4) {
		if (onnx_const_f(sc, 0) != 1 || onnx_const_f(sc, 1) != 1)
			return unsup(cv, "of N or C");
		if (vdim(x, 2) == IR_DYNAMIC || vdim(x, 3) == IR_DYNAMIC)
			return unsup(cv, "of a dynamic size");
		for (int i = 0; i < 2; i++) {
			double f = vdim(x, 2 + i) * onnx_const_f(sc, 2 + i);
			size[i] = (int64_t)floor(f);
			/* ONNX maps coordinates with the given scale, the
			 * graph op with the size ratio: equal only here */
			if (f != (double)size[i])
				return unsup(cv, "to a non-integral size");
		}
	} else {
		return unsup(cv, "without constant scales or sizes");
	}
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_ints(&a, "size", 2, size);
	import_attrs_str(&a, "layout", "NCHW");
	const char *ct = "half_pixel";
	bool asym = as_is(cv, "coordinate_transformation_mode", ct,
	    "asymmetric");
	bool half = as_is(cv, "coordinate_transformation_mode", ct,
	    "half_pixel") || as_is(cv, "coordinate_transformation_mode", ct,
	    "pytorch_half_pixel");
	bool align = as_is(cv, "coordinate_transformation_mode", ct,
	    "align_corners");
	if (cv->m->opset < 11)
		asym = true, half = align = false;
	if ((size[0] == 1 || size[1] == 1) && !asym)
		return unsup(cv, "to a size of 1");
	if (as_is(cv, "mode", "nearest", "nearest")) {
		if (!asym || !(as_is(cv, "nearest_mode", "round_prefer_floor",
		    "floor") || cv->m->opset < 11))
			return unsup(cv, "nearest other than asymmetric/floor");
	} else if (as_is(cv, "mode", "nearest", "linear")) {
		if (!asym && !half && !align)
			return unsup(cv, "with this coordinate mode");
		import_attrs_str(&a, "mode", "bilinear");
		if (half)
			import_attrs_bool(&a, "half_pixel_centers", true);
		if (align)
			import_attrs_bool(&a, "align_corners", true);
	} else {
		return unsup(cv, "in cubic mode");
	}
	return done(cv, gop(cv, "graph.resize", 1, &x, &a));
}

/* ------------------------------------------------------------ constants */

static int
cv_constant(OnnxCv *cv)
{
	const OnnxAttr *a = attr(cv, "value");
	OnnxConst *c = NULL;
	int64_t one = 1;
	if (a && a->has_t) {
		c = onnx_const_from_tensor(cv, &a->t);
	} else if ((a = attr(cv, "value_float"))) {
		if ((c = onnx_const_new(cv, ONNX_FLOAT, 0, NULL)))
			onnx_const_set(c, 0, a->f);
	} else if ((a = attr(cv, "value_int"))) {
		if ((c = onnx_const_new(cv, ONNX_INT64, 0, NULL)))
			onnx_const_set(c, 0, (double)a->i);
	} else if ((a = attr(cv, "value_ints"))) {
		one = a->nints;
		if ((c = onnx_const_new(cv, ONNX_INT64, 1, &one)))
			onnx_attr_ints(a, (int64_t *)c->data, one);
	} else if ((a = attr(cv, "value_floats"))) {
		one = a->nfloats;
		double v[1024];
		if (one > 1024)
			return unsup(cv, "value_floats longer than 1024");
		onnx_attr_floats(a, v, one);
		if ((c = onnx_const_new(cv, ONNX_FLOAT, 1, &one)))
			for (int64_t i = 0; i < one; i++)
				onnx_const_set(c, i, v[i]);
	} else {
		return unsup(cv, "without a supported value attribute");
	}
	if (!c)
		return CV_FAIL;
	out_c(cv, 0, c);
	return CV_OK;
}

static int
cv_constant_of_shape(OnnxCv *cv)
{
	int64_t d[ONNX_MAX_RANK];
	int64_t r = cints(cv, 0, d, ONNX_MAX_RANK);
	if (r < 0)
		return unsup(cv, "with a non-constant shape");
	const OnnxAttr *a = attr(cv, "value");
	OnnxConst *v = NULL;
	if (a && a->has_t && !(v = onnx_const_from_tensor(cv, &a->t)))
		return CV_FAIL;
	OnnxConst *c = onnx_const_new(cv, v ? v->dtype : ONNX_FLOAT, r, d);
	if (!c)
		return CV_FAIL;
	double x = v && v->n ? onnx_const_f(v, 0) : 0.0;
	for (int64_t i = 0; i < c->n; i++)
		onnx_const_set(c, i, x);
	out_c(cv, 0, c);
	return CV_OK;
}

static int
cv_shape(OnnxCv *cv)
{
	int64_t d[ONNX_MAX_RANK];
	int64_t r = in_dims(cv, d);
	if (r < 0)
		return CV_FAIL;
	int64_t s = ai(cv, "start", 0), e = ai(cv, "end", r);
	s = s < 0 ? s + r : s;
	e = e < 0 ? e + r : e;
	s = s < 0 ? 0 : s > r ? r : s;
	e = e < s ? s : e > r ? r : e;
	int64_t n = e - s;
	for (int64_t i = s; i < e; i++)
		if (d[i] == IR_DYNAMIC)
			return unsup(cv, "of a dynamic shape (fix it with "
			    "--input-shape)");
	OnnxConst *c = onnx_const_new(cv, ONNX_INT64, 1, &n);
	if (!c)
		return CV_FAIL;
	for (int64_t i = 0; i < n; i++)
		onnx_const_set(c, i, (double)d[s + i]);
	out_c(cv, 0, c);
	return CV_OK;
}

static int
cv_cast(OnnxCv *cv)
{
	int32_t to = (int32_t)ai(cv, "to", 0);
	const IrType *t = onnx_elem_type(cv->ctx, to);
	if (!t)
		return unsup(cv, "to element type %d", (int)to);
	OnnxConst *c = cin(cv, 0);
	if (c) {
		OnnxConst *r = onnx_const_new(cv, to, c->type->u.shaped.rank,
		    c->type->u.shaped.dims);
		if (!r)
			return CV_FAIL;
		for (int64_t i = 0; i < c->n; i++)
			onnx_const_set(r, i, onnx_const_f(c, i));
		out_c(cv, 0, r);
		return CV_OK;
	}
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_type(&a, "to", t);
	IrValue *x = in(cv, 0);
	return done(cv, gop(cv, "graph.cast", 1, &x, &a));
}

static int
cv_identity(OnnxCv *cv)
{
	OnnxEntry *e = ein(cv, 0);
	if (!e)
		return fail(cv, "needs an input");
	if (e->c)
		out_c(cv, 0, e->c);
	else
		out_v(cv, 0, e->v);
	return CV_OK;
}

static int
cv_dropout(OnnxCv *cv)
{
	if (cv->nd->nout > 1 && cv->nd->out[1].n)
		return unsup(cv, "with a mask output");
	return cv_identity(cv);
}

/* ------------------------------------------------------------ quantization */

/* The quantized element type from scale input si and zero-point input zi
 * (axis for per-axis scales), or NULL after recording why. *shifted is
 * set when uint8 storage became int8 (data must move by -128). */
static const IrType *
qtype(OnnxCv *cv, size_t si, size_t zi, int64_t rank, int *res,
    bool *shifted, int64_t defaxis)
{
	OnnxConst *s = cin(cv, si), *z = has_in(cv, zi) ? cin(cv, zi) : NULL;
	*res = CV_UNSUP;
	if (!s || (has_in(cv, zi) && !z)) {
		unsup(cv, "with non-constant scale or zero point");
		return NULL;
	}
	int32_t zt = z ? z->dtype : ONNX_UINT8;
	if (zt != ONNX_UINT8 && zt != ONNX_INT8 && zt != ONNX_INT16 &&
	    zt != ONNX_UINT16 && zt != ONNX_INT32) {
		unsup(cv, "with zero point type %d", (int)zt);
		return NULL;
	}
	if (z && z->n != s->n) {
		*res = fail(cv, "scale and zero point differ in size");
		return NULL;
	}
	int64_t axis = -1;
	if (s->n > 1 || s->type->u.shaped.rank == 1) {
		axis = defaxis >= 0 ? defaxis : ai(cv, "axis", 1);
		if (axis < 0)
			axis += rank;
		if (axis < 0 || axis >= rank) {
			*res = fail(cv, "axis out of range");
			return NULL;
		}
		if (s->n == 1 && s->type->u.shaped.rank == 1)
			axis = -1;
	}
	if (s->n > 65536) {
		unsup(cv, "with more than 65536 scales");
		return NULL;
	}
	double sc[65536 / 64];
	double *scales = s->n <= 1024 ? sc : ir_arena_alloc(&cv->arena,
	    (size_t)s->n * sizeof *scales, 8);
	int64_t *zps = ir_arena_alloc(&cv->arena, (size_t)s->n *
	    sizeof *zps, 8);
	for (int64_t i = 0; i < s->n; i++) {
		scales[i] = onnx_const_f(s, i);
		zps[i] = z ? onnx_const_int(z, i) : 0;
		if (!(scales[i] > 0)) {
			*res = fail(cv, "scale must be positive");
			return NULL;
		}
	}
	/* uint8 maps to int8 with zero point - 128: the same real values,
	 * int8 storage as TFLite and NPUs use it. */
	if (zt == ONNX_UINT8) {
		for (int64_t i = 0; i < s->n; i++)
			zps[i] -= 128;
		zt = ONNX_INT8;
		*shifted = true;
	}
	bool sgn = zt == ONNX_INT8 || zt == ONNX_INT16 || zt == ONNX_INT32;
	unsigned w = (unsigned)onnx_elem_size(zt) * 8;
	int64_t lo = sgn ? -((int64_t)1 << (w - 1)) : 0;
	int64_t hi = sgn ? ((int64_t)1 << (w - 1)) - 1 :
	    ((int64_t)1 << w) - 1;
	*res = CV_OK;
	return ir_type_quant(cv->ctx, sgn, ir_type_int(cv->ctx, w,
	    IR_SIGNLESS), ir_type_float(cv->ctx, IR_F32), lo, hi,
	    (int32_t)axis, (size_t)s->n, scales, zps);
}


/* A [1, .., n, .., 1] f32 constant (n at axis) of v[i] = f(q, i). */
static IrValue *
axis_const(OnnxCv *cv, const IrType *q, int64_t rank, bool zp, double add)
{
	int64_t d[ONNX_MAX_RANK], n = (int64_t)q->u.quant.nscales;
	int32_t axis = q->u.quant.axis;
	for (int64_t i = 0; i < rank; i++)
		d[i] = i == axis ? n : 1;
	OnnxConst *c = onnx_const_new(cv, ONNX_FLOAT, axis < 0 ? 0 : rank, d);
	if (!c)
		return NULL;
	for (int64_t i = 0; i < n; i++)
		onnx_const_set(c, i, (zp ? (double)q->u.quant.zero_points[i] :
		    q->u.quant.scales[i]) + add);
	return onnx_const_value(cv, c);
}

IrValue *
onnx_output_value(OnnxCv *cv, IrValue *v)
{
	size_t i;
	for (i = 0; i < cv->nu8 && cv->u8vals[i] != v; i++)
		;
	if (i == cv->nu8)
		return v;
	/* uint8 = trunc(dequantize(v) / scale + zero point + 128 + 0.5) */
	const IrType *q = v->type->u.shaped.elem;
	int64_t r = vrank(v);
	IrValue *f = gop1(cv, "graph.dequantize", v);
	f = gop2(cv, "graph.div", f, axis_const(cv, q, r, false, 0));
	f = gop2(cv, "graph.add", f, axis_const(cv, q, r, true, 128.5));
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_type(&a, "to", ir_type_int(cv->ctx, 8, IR_UNSIGNED));
	return gop(cv, "graph.cast", 1, &f, &a);
}

/* DequantizeLinear of a plain integer tensor (a graph input): (float(x)
 * - zero point) * scale with broadcast constants. */
static IrValue *
dequantize_plain(OnnxCv *cv, IrValue *x, const IrType *q, bool shifted)
{
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_type(&a, "to", ir_type_float(cv->ctx, IR_F32));
	IrValue *f = gop(cv, "graph.cast", 1, &x, &a);
	int64_t r = vrank(x);
	IrValue *zp = axis_const(cv, q, r, true, shifted ? 128 : 0);
	IrValue *s = axis_const(cv, q, r, false, 0);
	return gop2(cv, "graph.mul", gop2(cv, "graph.sub", f, zp), s);
}

/* Input xi dequantized with scale si and zero point zi (per-axis along
 * defaxis, or the node's `axis` when < 0): an f32 value, or NULL with
 * *res saying why. */
static IrValue *
dq(OnnxCv *cv, size_t xi, size_t si, size_t zi, int64_t defaxis, int *res)
{
	OnnxConst *c = cin(cv, xi);
	OnnxEntry *e = ein(cv, xi);
	bool shifted = false;
	if (!e) {
		*res = fail(cv, "needs an input");
		return NULL;
	}
	int64_t rank = c ? c->type->u.shaped.rank : vrank(e->v);
	const IrType *q = qtype(cv, si, zi, rank, res, &shifted, defaxis);
	if (!q)
		return NULL;
	*res = CV_FAIL;
	if (!c) {
		IrValue *x = e->v;
		if (x->type->u.shaped.elem->kind != IR_TYPE_QUANT)
			return dequantize_plain(cv, x, q, shifted);
		return gop1(cv, "graph.dequantize", x);
	}
	/* integers in a storage-typed dense, the quantized type on the
	 * constant's result */
	if (c->dtype != ONNX_UINT8 && c->dtype != ONNX_INT8 &&
	    c->dtype != ONNX_INT16 && c->dtype != ONNX_INT32) {
		*res = unsup(cv, "of element type %d", (int)c->dtype);
		return NULL;
	}
	if (c->n == 0) {
		fail(cv, "empty tensor");
		return NULL;
	}
	const IrType *t = ir_type_tensor(cv->ctx, rank,
	    c->type->u.shaped.dims, q, NULL);
	const uint8_t *data = c->data;
	if (shifted) {
		uint8_t *d = ir_arena_alloc(&cv->arena, c->size, 8);
		for (size_t i = 0; i < c->size; i++)
			d[i] = c->data[i] ^ 0x80;
		data = d;
	}
	IrValue *x = import_constant(&cv->b, cv->loc, t, data, c->size);
	return x ? gop1(cv, "graph.dequantize", x) : NULL;
}

static int
cv_dequantize(OnnxCv *cv)
{
	int res;
	IrValue *y = dq(cv, 0, 1, 2, -1, &res);
	return y ? done(cv, y) : res;
}

/* x quantized with scale si, zero point zi (uint8 kept as ONNX's for
 * graph outputs). */
static IrValue *
qz(OnnxCv *cv, IrValue *x, size_t si, size_t zi, int *res)
{
	bool shifted = false;
	const IrType *q = qtype(cv, si, zi, vrank(x), res, &shifted, -1);
	if (!q)
		return NULL;
	*res = CV_FAIL;
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_type(&a, "qtype", q);
	IrValue *y = gop(cv, "graph.quantize", 1, &x, &a);
	if (y && shifted) {
		if (cv->nu8 == cv->capu8) {
			cv->capu8 = cv->capu8 ? 2 * cv->capu8 : 8;
			cv->u8vals = ir_xrealloc(cv->u8vals, cv->capu8 *
			    sizeof *cv->u8vals);
		}
		cv->u8vals[cv->nu8++] = y;
	}
	return y;
}

static int
cv_quantize(OnnxCv *cv)
{
	int res;
	IrValue *x = in(cv, 0);
	if (!x)
		return CV_FAIL;
	IrValue *y = qz(cv, x, 1, 2, &res);
	return y ? done(cv, y) : res;
}

/* QLinearConv's int32 bias as f32: B * x_scale * w_scale[o]. */
static IrValue *
qbias(OnnxCv *cv)
{
	OnnxConst *b = cin(cv, 8), *xs = cin(cv, 1), *ws = cin(cv, 4);
	if (!b || !xs || !ws || xs->n != 1 || (ws->n != 1 && ws->n != b->n))
		return NULL;
	OnnxConst *f = onnx_const_new(cv, ONNX_FLOAT, 1, &b->n);
	for (int64_t i = 0; f && i < b->n; i++)
		onnx_const_set(f, i, (double)onnx_const_int(b, i) *
		    (float)onnx_const_f(xs, 0) *
		    (float)onnx_const_f(ws, ws->n == 1 ? 0 : i));
	return f ? onnx_const_value(cv, f) : NULL;
}

/* QLinearConv: dequantize, f32 convolution, quantize. */
static int
cv_qlinear_conv(OnnxCv *cv)
{
	int res;
	IrValue *x = dq(cv, 0, 1, 2, 1, &res);
	IrValue *w = x ? dq(cv, 3, 4, 5, 0, &res) : NULL;
	if (!w)
		return res;
	if (vrank(x) != 4)
		return unsup(cv, "other than 2-D");
	int64_t k[2] = { vdim(w, 2), vdim(w, 3) };
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	if ((res = window(cv, x, k, &a, true, false)) != CV_OK)
		return res;
	import_attrs_int(&a, "groups", ai(cv, "group", 1));
	IrValue *ops[3] = { x, w, NULL };
	size_t n = 2;
	if (has_in(cv, 8) && !(ops[n++] = qbias(cv)))
		return unsup(cv, "with a non-constant bias");
	IrValue *y = gop(cv, "graph.conv2d", n, ops, &a);
	y = y ? qz(cv, y, 6, 7, &res) : NULL;
	return y ? done(cv, y) : res == CV_OK ? CV_FAIL : res;
}

/* QLinearMatMul: dequantize, f32 product, quantize. */
static int
cv_qlinear_matmul(OnnxCv *cv)
{
	int res;
	IrValue *x = dq(cv, 0, 1, 2, 0, &res);
	IrValue *w = x ? dq(cv, 3, 4, 5, 1, &res) : NULL;
	if (!w)
		return res;
	if (vrank(x) < 2 || vrank(w) < 2)
		return unsup(cv, "of rank-1 operands");
	const char *name = vrank(x) == 2 && vrank(w) == 2 ? "graph.matmul" :
	    "graph.batch_matmul";
	IrValue *y = gop2(cv, name, x, w);
	y = y ? qz(cv, y, 6, 7, &res) : NULL;
	return y ? done(cv, y) : res == CV_OK ? CV_FAIL : res;
}

/* ------------------------------------------------------------ dispatch */

typedef struct OnnxOpRow {
	const char *name;
	int (*fn)(OnnxCv *cv);
} OnnxOpRow;

static const OnnxOpRow rows[] = {
	{ "Abs", cv_abs }, { "Add", cv_add },
	{ "AveragePool", cv_avgpool },
	{ "BatchNormalization", cv_batch_norm }, { "Cast", cv_cast },
	{ "Clip", cv_clip }, { "Concat", cv_concat },
	{ "Constant", cv_constant },
	{ "ConstantOfShape", cv_constant_of_shape }, { "Conv", cv_conv },
	{ "ConvTranspose", cv_conv_transpose },
	{ "DequantizeLinear", cv_dequantize }, { "Div", cv_div },
	{ "Dropout", cv_dropout }, { "Exp", cv_exp },
	{ "Flatten", cv_flatten }, { "Gemm", cv_gemm },
	{ "GlobalAveragePool", cv_global_avg },
	{ "HardSigmoid", cv_hard_sigmoid }, { "HardSwish", cv_hardswish },
	{ "Identity", cv_identity }, { "LeakyRelu", cv_leaky_relu },
	{ "LogSoftmax", cv_log_softmax }, { "MatMul", cv_matmul },
	{ "Max", cv_max }, { "MaxPool", cv_maxpool }, { "Min", cv_min },
	{ "Mul", cv_mul }, { "Neg", cv_neg }, { "PRelu", cv_prelu },
	{ "Pad", cv_pad }, { "Pow", cv_pow },
	{ "QLinearConv", cv_qlinear_conv },
	{ "QLinearMatMul", cv_qlinear_matmul },
	{ "QuantizeLinear", cv_quantize },
	{ "ReduceMax", cv_reduce_max }, { "ReduceMean", cv_reduce_mean },
	{ "ReduceSum", cv_reduce_sum }, { "Relu", cv_relu },
	{ "Reshape", cv_reshape }, { "Resize", cv_resize },
	{ "Shape", cv_shape }, { "Sigmoid", cv_sigmoid },
	{ "Slice", cv_slice }, { "Softmax", cv_softmax1 },
	{ "Split", cv_split }, { "Sqrt", cv_sqrt },
	{ "Squeeze", cv_squeeze }, { "Sub", cv_sub }, { "Sum", cv_sum },
	{ "Tanh", cv_tanh }, { "Transpose", cv_transpose },
	{ "Unsqueeze", cv_unsqueeze },
};

static const OnnxOpRow *
find_row(PbSlice op_type)
{
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (onnx_eq(op_type, rows[i].name))
			return &rows[i];
	return NULL;
}

bool
onnx_op_known(PbSlice op_type)
{
	return find_row(op_type) != NULL;
}

/* Marks every output poisoned (no value, no constant). */
static void
poison(OnnxCv *cv)
{
	for (size_t i = 0; i < cv->nd->nout; i++)
		if (cv->nd->out[i].n) {
			OnnxEntry *e = onnx_entry(cv, cv->nd->out[i], true);
			e->v = NULL;
			e->c = NULL;
		}
}

/* --allow-unsupported: an opaque op with unranked f32 results. */
static int
custom(OnnxCv *cv)
{
	IrValue **ops = ir_arena_alloc(&cv->arena, (cv->nd->nin + 1) *
	    sizeof *ops, 8);
	const IrType **types = ir_arena_alloc(&cv->arena, (cv->nd->nout + 1) *
	    sizeof *types, 8);
	size_t n = 0;
	for (size_t i = 0; i < cv->nd->nin; i++)
		if (has_in(cv, i) && !(ops[n++] = in(cv, i)))
			return CV_FAIL;
	for (size_t i = 0; i < cv->nd->nout; i++)
		types[i] = ir_type_tensor(cv->ctx, -1, NULL,
		    ir_type_float(cv->ctx, IR_F32), NULL);
	char name[128];
	snprintf(name, sizeof name, "%.*s", (int)cv->nd->op_type.n,
	    (const char *)cv->nd->op_type.p);
	IrOp *op = import_custom_op(&cv->b, cv->loc, name, n, ops,
	    cv->nd->nout, types);
	if (!op)
		return CV_FAIL;
	for (size_t i = 0; i < cv->nd->nout; i++)
		out_v(cv, i, ir_op_result(op, (unsigned)i));
	return CV_OK;
}

int
onnx_convert_node(OnnxCv *cv)
{
	const OnnxNode *nd = cv->nd;
	for (size_t i = 0; i < nd->nin; i++) {
		if (!nd->in[i].n)
			continue;
		OnnxEntry *e = onnx_entry(cv, nd->in[i], false);
		if (!e) {
			ir_emit_error(cv->ctx, cv->loc, "node uses '%.*s', "
			    "which no earlier node or input defines",
			    (int)nd->in[i].n, (const char *)nd->in[i].p);
			return CV_FAIL;
		}
		if (!e->v && !e->c) {
			/* downstream of an unsupported op: still list an
			 * unsupported op type, skip the rest */
			if (!onnx_op_known(nd->op_type))
				unsup(cv, "%s", "");
			poison(cv);
			return CV_OK;
		}
	}
	const OnnxOpRow *row = nd->domain.n && !onnx_eq(nd->domain,
	    "ai.onnx") ? NULL : find_row(nd->op_type);
	int r = row ? row->fn(cv) : CV_UNSUP;
	if (!row)
		unsup(cv, "%s", "");
	if (r == CV_UNSUP) {
		if (cv->opts && cv->opts->allow_unsupported) {
			cv->unsup.n--; /* imported after all */
			free(cv->unsup.items[cv->unsup.n].what);
			return custom(cv);
		}
		poison(cv);
		return CV_OK;
	}
	return r;
}
