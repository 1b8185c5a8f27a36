/* import/onnx/ops.c: the ONNX converters of convolutions, matrix products,
 * elementwise ops, activations, pooling and normalisation (NCHW kept in
 * `layout`), and the op table every node is dispatched through. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/onnx/cvutil.h"

/* ------------------------------------------------------------ conv */

static int
cv_conv(OnnxCv *cv)
{
	IrValue *x = in(cv, 0), *w = in(cv, 1);
	if (!x || !w)
		return CV_FAIL;
	int64_t nsp = vrank(x) - 2;
	if ((nsp != 1 && nsp != 2) || vrank(w) != vrank(x))
		return unsup(cv, "other than 1-D or 2-D");
	x = add_h(cv, x);
	w = add_h(cv, w);
	if (!x || !w)
		return CV_FAIL;
	int64_t k[2] = { vdim(w, 2), vdim(w, 3) };
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	int r = window_nd(cv, x, k, &a, true, false, nsp);
	if (r != CV_OK)
		return r;
	import_attrs_int(&a, "groups", ai(cv, "group", 1));
	IrValue *ops[3] = { x, w, NULL };
	size_t n = 2;
	if (has_in(cv, 2) && (ops[n++] = in(cv, 2)) == NULL)
		return CV_FAIL;
	IrValue *y = gop(cv, "graph.conv2d", n, ops, &a);
	return done(cv, nsp == 1 ? drop_h(cv, y) : y);
}

/* One spatial axis of a ConvTranspose: the input size, kernel, stride,
 * dilation, output_padding, pads and output_shape entry (-1: none). */
typedef struct DeconvAxis {
	int64_t in, k, s, d, extra, pb, pe, out;
} DeconvAxis;

/* Resolves auto_pad and output_shape into explicit pads and the output
 * padding graph.transpose_conv2d adds (as onnxruntime: a total padding
 * below zero becomes extra output rows). */
static int
deconv_axis(OnnxCv *cv, DeconvAxis *ax)
{
	bool upper = as_is(cv, "auto_pad", "NOTSET", "SAME_UPPER");
	bool same = upper || as_is(cv, "auto_pad", "NOTSET", "SAME_LOWER");
	if (ax->in == IR_DYNAMIC || ax->k == IR_DYNAMIC)
		return unsup(cv, "on a dynamic size");
	if (ax->s < 1 || ax->d < 1 || ax->s > DIALECT_MAX_DIM ||
	    ax->d > 65535 || ax->extra < 0 || ax->extra > 65535 ||
	    ax->pb < 0 || ax->pe < 0 || ax->pb > DIALECT_MAX_DIM ||
	    ax->pe > DIALECT_MAX_DIM || ax->out > DIALECT_MAX_DIM)
		return unsup(cv, "with these strides, dilations or pads");
	if (as_is(cv, "auto_pad", "NOTSET", "VALID"))
		ax->pb = ax->pe = 0;
	if (ax->out < 0 && !same)
		return CV_OK;
	int64_t out = ax->out >= 0 ? ax->out : ax->in * ax->s;
	int64_t full = ax->s * (ax->in - 1) + ax->extra + ax->d *
	    (ax->k - 1) + 1;
	int64_t total = full - out;
	ax->pb = ax->pe = 0;
	if (total < 0) {
		ax->extra -= total;
		return ax->extra > 65535 ? unsup(cv, "with this output_shape") :
		    CV_OK;
	}
	ax->pb = upper ? total / 2 : total - total / 2;
	ax->pe = total - ax->pb;
	return CV_OK;
}

/* The most groups a grouped ConvTranspose may have (one op chain each). */
#define ONNX_MAX_GROUPS 4096

/* One group's transposed convolution: filter [I, O, kh, kw] -> OIHW. */
static IrValue *
deconv_group(OnnxCv *cv, IrValue *x, IrValue *w, IrValue *b,
    ImportAttrs *a)
{
	ImportAttrs t;
	import_attrs_init(&t, cv->ctx);
	int64_t perm[4] = { 1, 0, 2, 3 };
	import_attrs_ints(&t, "perm", 4, perm);
	IrValue *ops[3] = { x, gop(cv, "graph.transpose", 1, &w, &t), b };
	return gop(cv, "graph.transpose_conv2d", b ? 3 : 2, ops, a);
}

/* v split into g equal pieces along axis (NULL after reporting). */
static IrOp *
split_g(OnnxCv *cv, IrValue *v, int64_t axis, int64_t g)
{
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_int(&a, "axis", axis);
	const IrLoc *saved = cv->b.loc;
	cv->b.loc = cv->loc;
	IrOp *op = dialect_create(&cv->b, "graph.split", 1, &v,
	    import_attrs_dict(&a), (size_t)g);
	cv->b.loc = saved;
	return op;
}

/* A grouped ConvTranspose: input channels, filter and bias split into g
 * groups, one transposed convolution each, outputs concatenated. */
static IrValue *
deconv_groups(OnnxCv *cv, IrValue *x, IrValue *w, IrValue *b,
    ImportAttrs *a, int64_t g)
{
	IrOp *xs = split_g(cv, x, 1, g), *ws = xs ? split_g(cv, w, 0, g) : NULL;
	IrOp *bs = ws && b ? split_g(cv, b, 0, g) : NULL;
	if (!ws || (b && !bs))
		return NULL;
	IrValue **ys = ir_arena_alloc(&cv->arena, (size_t)g * sizeof *ys, 8);
	for (int64_t i = 0; i < g; i++) {
		unsigned k = (unsigned)i;
		ys[i] = deconv_group(cv, ir_op_result(xs, k),
		    ir_op_result(ws, k), bs ? ir_op_result(bs, k) : NULL, a);
		if (!ys[i])
			return NULL;
	}
	ImportAttrs c;
	import_attrs_init(&c, cv->ctx);
	import_attrs_int(&c, "axis", 1);
	return gop(cv, "graph.concat", (size_t)g, ys, &c);
}

/* The largest output slice a 3-D ConvTranspose builds a zero constant
 * for (elements). */
#define ONNX_MAX_DECONV_SLICE ((int64_t)1 << 22)

/* Output slice od of a 3-D ConvTranspose: acc (the sum of its 2-D
 * parts) or, where no input slice reaches it, *zero (made once, shaped
 * like `like`); reshaped to [N, O, 1, OH, OW]. */
static IrValue *
deconv_slice(OnnxCv *cv, IrValue *acc, IrValue *like, IrValue **zero)
{
	int64_t d4[4] = { vdim(like, 0), vdim(like, 1), vdim(like, 2),
	    vdim(like, 3) };
	if (!acc && !*zero) {
		OnnxConst *z = onnx_const_new(cv, ONNX_FLOAT, 4, d4);
		if (!z)
			return NULL;
		for (int64_t i = 0; i < z->n; i++)
			onnx_const_set(z, i, 0.0);
		*zero = onnx_const_value(cv, z);
	}
	int64_t d5[5] = { d4[0], d4[1], 1, d4[2], d4[3] };
	acc = acc ? acc : *zero;
	return acc ? reshape(cv, acc, 5, d5) : NULL;
}

/* A 3-D ConvTranspose as 2-D ones over H and W (attributes a): output
 * depth slice od sums the 2-D transposed convolutions of input slice id
 * with filter slice kd for every id * s + kd * d - pad = od; the slices
 * are concatenated along D and the bias added once. f32 only. */
static int
deconv_3d(OnnxCv *cv, IrValue *x, IrValue *w, IrValue *b,
    const DeconvAxis *ax, ImportAttrs *a)
{
	const DeconvAxis *z = &ax[0];
	int64_t od = (z->in - 1) * z->s + z->d * (z->k - 1) + 1 - z->pb -
	    z->pe + z->extra;
	if (vty(x)->u.shaped.elem != ir_type_float(cv->ctx, IR_F32) ||
	    z->in * z->k > ONNX_MAX_GROUPS || od < 1 || od > ONNX_MAX_GROUPS ||
	    vdim(x, 0) == IR_DYNAMIC || vdim(x, 1) == IR_DYNAMIC ||
	    vdim(w, 1) == IR_DYNAMIC)
		return unsup(cv, "3-D of this type or size");
	int64_t nb = vdim(x, 0), c = vdim(x, 1), o = vdim(w, 1);
	IrOp *xs = split_g(cv, x, 2, z->in), *ws = split_g(cv, w, 2, z->k);
	if (!xs || !ws)
		return CV_FAIL;
	IrValue **acc = ir_arena_alloc(&cv->arena, (size_t)od * sizeof *acc,
	    8), *like = NULL;
	memset(acc, 0, (size_t)od * sizeof *acc);
	int64_t dx[4] = { nb, c, vdim(x, 3), vdim(x, 4) };
	int64_t dw[4] = { c, o, vdim(w, 3), vdim(w, 4) };
	for (int64_t i = 0; i < z->in; i++)
		for (int64_t k = 0; k < z->k; k++) {
			int64_t f = i * z->s + k * z->d - z->pb;
			if (f < 0 || f >= od)
				continue;
			IrValue *t = deconv_group(cv, reshape(cv,
			    ir_op_result(xs, (unsigned)i), 4, dx), reshape(cv,
			    ir_op_result(ws, (unsigned)k), 4, dw), NULL, a);
			if (!t)
				return CV_FAIL;
			acc[f] = acc[f] ? gop2(cv, "graph.add", acc[f], t) : t;
			like = t;
		}
	if (!like)
		return unsup(cv, "3-D whose padding leaves no input");
	int64_t n4;
	if (!dialect_mul(vdim(like, 2), vdim(like, 3), &n4) ||
	    !dialect_mul(n4, nb * o, &n4) || n4 > ONNX_MAX_DECONV_SLICE)
		return unsup(cv, "3-D of this type or size");
	IrValue **sl = ir_arena_alloc(&cv->arena, (size_t)od * sizeof *sl, 8);
	IrValue *zero = NULL;
	for (int64_t i = 0; i < od; i++)
		if (!(sl[i] = deconv_slice(cv, acc[i], like, &zero)))
			return CV_FAIL;
	ImportAttrs ca;
	import_attrs_init(&ca, cv->ctx);
	import_attrs_int(&ca, "axis", 2);
	IrValue *y = gop(cv, "graph.concat", (size_t)od, sl, &ca);
	if (y && b) {
		int64_t db[5] = { 1, o, 1, 1, 1 };
		y = gop2(cv, "graph.add", y, reshape(cv, b, 5, db));
	}
	return done(cv, y);
}

/* ConvTranspose, 2-D, 1-D (as 2-D with H = 1) or 3-D (as 2-D slices). */
static int
cv_conv_transpose(OnnxCv *cv)
{
	IrValue *x = in(cv, 0), *w = in(cv, 1);
	if (!x || !w)
		return CV_FAIL;
	int64_t r = vrank(x);
	if (r < 3 || r > 5 || vrank(w) != r)
		return unsup(cv, "other than 1-D, 2-D or 3-D");
	int64_t g = ai(cv, "group", 1);
	if (g < 1 || g > ONNX_MAX_GROUPS || (r == 5 && g != 1))
		return unsup(cv, "with %lld groups", (long long)g);
	int64_t n = r - 2, s[3] = { 1, 1, 1 }, d[3] = { 1, 1, 1 };
	int64_t e[3] = { 0, 0, 0 }, p[6] = { 0 }, o[3] = { -1, -1, -1 };
	aints(cv, "strides", s, n);
	aints(cv, "dilations", d, n);
	aints(cv, "output_padding", e, n);
	aints(cv, "pads", p, 2 * n);
	int64_t no = aints(cv, "output_shape", o, 3);
	if (no > 0 && no != n)
		return unsup(cv, "with an output_shape of another rank");
	/* the spatial axes of the 2-D (or 3-D) form: 1-D adds H = 1 */
	int64_t m = n == 1 ? 2 : n;
	DeconvAxis ax[3];
	for (int64_t i = 0; i < m; i++) {
		int64_t j = i - (m - n);
		ax[i] = (DeconvAxis){ 1, 1, 1, 1, 0, 0, 0, -1 };
		if (j < 0)
			continue;
		ax[i] = (DeconvAxis){ vdim(x, 2 + j), vdim(w, 2 + j), s[j],
		    d[j], e[j], p[j], p[n + j], o[j] };
		int rr = deconv_axis(cv, &ax[i]);
		if (rr != CV_OK)
			return rr;
	}
	const DeconvAxis *hw = ax + (m - 2);
	x = add_h(cv, x);
	w = add_h(cv, w);
	/* ONNX filter [I, O, kh, kw] -> OIHW */
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	int64_t tb[4] = { hw[0].pb, hw[0].pe, hw[1].pb, hw[1].pe };
	int64_t ss[2] = { hw[0].s, hw[1].s }, dd[2] = { hw[0].d, hw[1].d };
	int64_t ee[2] = { hw[0].extra, hw[1].extra };
	import_attrs_ints(&a, "strides", 2, ss);
	import_attrs_ints(&a, "padding", 4, tb);
	if (dd[0] != 1 || dd[1] != 1)
		import_attrs_ints(&a, "dilations", 2, dd);
	if (ee[0] || ee[1])
		import_attrs_ints(&a, "output_padding", 2, ee);
	import_attrs_str(&a, "layout", "NCHW");
	IrValue *b = has_in(cv, 2) ? in(cv, 2) : NULL;
	if (!x || !w || (has_in(cv, 2) && !b))
		return CV_FAIL;
	if (n == 3)
		return deconv_3d(cv, x, w, b, ax, &a);
	IrValue *y = g == 1 ? deconv_group(cv, x, w, b, &a) :
	    deconv_groups(cv, x, w, b, &a, g);
	return done(cv, n == 1 ? drop_h(cv, y) : y);
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
		/* two's complement wrap-around, as onnxruntime computes */
		uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
		int64_t v = op == '+' ? (int64_t)(ua + ub) : op == '-' ?
		    (int64_t)(ua - ub) : op == '*' ? (int64_t)(ua * ub) :
		    b == -1 ? (int64_t)(0 - ua) : b ? a / b : 0;
		onnx_const_set(r, i, (double)v);
	}
	return r;
}

static int
cv_binary(OnnxCv *cv, const char *name, char op)
{
	if (op && cin(cv, 0) && cin(cv, 1)) {
		OnnxConst *r = fold_binary(cv, cin(cv, 0), cin(cv, 1), op);
		if (!r)
			r = onnx_fold_float_binary(cv, cin(cv, 0), cin(cv, 1),
			    op);
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

/* Pow: a float base with a constant scalar exponent 1, 2, 3, 0.5, -0.5
 * or -1 becomes cheaper ops; anything else is graph.pow. */
static int
cv_pow(OnnxCv *cv)
{
	OnnxConst *e = cin(cv, 1);
	IrValue *x = in(cv, 0);
	if (!x)
		return CV_FAIL;
	bool flt = ir_type_is_shaped(vty(x)) &&
	    vty(x)->u.shaped.elem->kind == IR_TYPE_FLOAT;
	double p = e && e->n == 1 && flt ? onnx_const_f(e, 0) : NAN;
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
	return done(cv, gop2(cv, "graph.pow", x, in(cv, 1)));
}

#define UNARY(fn, name) \
	static int fn(OnnxCv *cv) { return done(cv, gop1(cv, name, \
	    in(cv, 0))); }
UNARY(cv_relu, "graph.relu")
UNARY(cv_sigmoid, "graph.sigmoid")
UNARY(cv_tanh, "graph.tanh")
UNARY(cv_sqrt, "graph.sqrt")
UNARY(cv_exp, "graph.exp")
UNARY(cv_erf, "graph.erf")
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

/* MaxPool with its Indices output: graph.max_pool2d_indices (a 1-D
 * input's flat indices are the same with H = 1). */
static int
pool_indices(OnnxCv *cv, IrValue *x, ImportAttrs *a, int64_t nsp)
{
	const IrLoc *saved = cv->b.loc;
	cv->b.loc = cv->loc;
	IrOp *op = dialect_create(&cv->b, "graph.max_pool2d_indices", 1, &x,
	    import_attrs_dict(a), 2);
	cv->b.loc = saved;
	if (!op)
		return CV_FAIL;
	for (unsigned i = 0; i < 2; i++) {
		IrValue *y = ir_op_result(op, i);
		if (nsp == 1 && !(y = drop_h(cv, y)))
			return CV_FAIL;
		out_v(cv, i, y);
	}
	return CV_OK;
}

/* One stage of a 3-D pool: a 2-D pool of x (NCHW) with kernel, strides,
 * padding [t, b, l, r] and dilations over H, W. */
static IrValue *
pool_stage(OnnxCv *cv, IrValue *x, const char *name, const int64_t *k,
    const int64_t *s, const int64_t *p, const int64_t *d, bool cip)
{
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_ints(&a, "kernel", 2, k);
	import_attrs_ints(&a, "strides", 2, s);
	import_attrs_ints(&a, "padding", 4, p);
	import_attrs_ints(&a, "dilations", 2, d);
	import_attrs_str(&a, "layout", "NCHW");
	if (cip)
		import_attrs_bool(&a, "count_include_pad", true);
	return x ? gop(cv, name, 1, &x, &a) : NULL;
}

/* A 3-D MaxPool / AveragePool as two 2-D pools, which is exact because a
 * box window is separable: over H, W of [N, C * D, H, W], then over D of
 * [N, C, D, H' * W'] (a mean of means: every D slice of one window has
 * the same number of valid H, W taps). No ceil_mode or SAME auto_pad. */
static int
pool_3d(OnnxCv *cv, IrValue *x, const char *name)
{
	int64_t k[3], s[3] = { 1, 1, 1 }, d[3] = { 1, 1, 1 }, p[6] = { 0 };
	if (aints(cv, "kernel_shape", k, 3) != 3)
		return fail(cv, "needs a 3-D kernel_shape");
	aints(cv, "strides", s, 3);
	aints(cv, "dilations", d, 3);
	aints(cv, "pads", p, 6);
	if (ai(cv, "ceil_mode", 0) || (!as_is(cv, "auto_pad", "NOTSET",
	    "NOTSET") && !as_is(cv, "auto_pad", "NOTSET", "VALID")))
		return unsup(cv, "3-D with ceil_mode or SAME padding");
	if (as_is(cv, "auto_pad", "NOTSET", "VALID"))
		memset(p, 0, sizeof p);
	for (int i = 0; i < 5; i++)
		if (vdim(x, i) == IR_DYNAMIC)
			return unsup(cv, "3-D of a dynamic shape");
	for (int i = 0; i < 3; i++)
		if (k[i] < 1 || s[i] < 1 || d[i] < 1 || d[i] > 65535 ||
		    p[i] < 0 || p[i + 3] < 0 || p[i] > DIALECT_MAX_DIM ||
		    p[i + 3] > DIALECT_MAX_DIM)
			return unsup(cv, "3-D with these kernel, strides, "
			    "dilations or pads");
	bool cip = !strcmp(name, "graph.avg_pool2d") &&
	    ai(cv, "count_include_pad", 0);
	int64_t n = vdim(x, 0), c = vdim(x, 1);
	int64_t d4[4] = { n, c * vdim(x, 2), vdim(x, 3), vdim(x, 4) };
	int64_t p1[4] = { p[1], p[4], p[2], p[5] };
	int64_t p2[4] = { p[0], p[3], 0, 0 };
	int64_t k2[2] = { k[0], 1 }, s2[2] = { s[0], 1 }, dd2[2] = { d[0], 1 };
	IrValue *y = pool_stage(cv, reshape(cv, x, 4, d4), name, k + 1, s + 1,
	    p1, d + 1, cip);
	if (!y)
		return CV_FAIL;
	int64_t oh = vdim(y, 2), ow = vdim(y, 3);
	int64_t d5[4] = { n, c, vdim(x, 2), oh * ow };
	y = pool_stage(cv, reshape(cv, y, 4, d5), name, k2, s2, p2, dd2, cip);
	if (!y)
		return CV_FAIL;
	int64_t out[5] = { n, c, vdim(y, 2), oh, ow };
	return done(cv, reshape(cv, y, 5, out));
}

static int
cv_pool(OnnxCv *cv, const char *name)
{
	IrValue *x = in(cv, 0);
	if (!x)
		return CV_FAIL;
	int64_t nsp = vrank(x) - 2;
	bool idx = cv->nd->nout > 1 && cv->nd->out[1].n;
	if (nsp == 3 && !idx)
		return pool_3d(cv, x, name);
	if (nsp != 1 && nsp != 2)
		return unsup(cv, "other than 1-D or 2-D (3-D without indices)");
	int64_t order = ai(cv, "storage_order", 0);
	if (idx && order != 0 && order != 1)
		return unsup(cv, "with storage_order %lld", (long long)order);
	int64_t k[2] = { 1, 1 };
	if (aints(cv, "kernel_shape", k + 2 - nsp, nsp) != nsp)
		return fail(cv, "needs a %lld-D kernel_shape", (long long)nsp);
	if (!(x = add_h(cv, x)))
		return CV_FAIL;
	bool avg = !strcmp(name, "graph.avg_pool2d");
	bool cip = avg && ai(cv, "count_include_pad", 0);
	bool ceil = ai(cv, "ceil_mode", 0) != 0;
	if (ceil && cip)
		return unsup(cv, "with ceil_mode and count_include_pad");
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_ints(&a, "kernel", 2, k);
	int r = window_nd(cv, x, k, &a, true, ceil, nsp);
	if (r != CV_OK)
		return r;
	if (cip)
		import_attrs_bool(&a, "count_include_pad", true);
	if (idx && order == 1)
		import_attrs_bool(&a, "column_major", true);
	if (idx)
		return pool_indices(cv, x, &a, nsp);
	IrValue *y = gop(cv, name, 1, &x, &a);
	return done(cv, nsp == 1 ? drop_h(cv, y) : y);
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
	/* ONNX's channels are dimension 1 at every rank */
	import_attrs_str(&a, "layout", "NCHW");
	return done(cv, gop(cv, "graph.batch_norm", 5, ops, &a));
}

/* ------------------------------------------------------------ dispatch */

typedef struct OnnxOpRow {
	const char *name;
	int (*fn)(OnnxCv *cv);
} OnnxOpRow;

static const OnnxOpRow rows[] = {
	{ "Abs", cv_abs }, { "Add", cv_add },
	{ "AveragePool", cv_avgpool },
	{ "BatchNormalization", cv_batch_norm }, { "Cast", onnx_cv_cast },
	{ "Ceil", onnx_cv_ceil },
	{ "Clip", cv_clip }, { "Concat", onnx_cv_concat },
	{ "Constant", onnx_cv_constant },
	{ "ConstantOfShape", onnx_cv_constant_of_shape }, { "Conv", cv_conv },
	{ "ConvTranspose", cv_conv_transpose },
	{ "DequantizeLinear", onnx_cv_dequantize }, { "Div", cv_div },
	{ "Dropout", onnx_cv_dropout }, { "Erf", cv_erf },
	{ "Exp", cv_exp },
	{ "Flatten", onnx_cv_flatten }, { "Floor", onnx_cv_floor },
	{ "Gather", onnx_cv_gather }, { "Gemm", cv_gemm },
	{ "GlobalAveragePool", cv_global_avg },
	{ "HardSigmoid", cv_hard_sigmoid }, { "HardSwish", cv_hardswish },
	{ "Identity", onnx_cv_identity }, { "LeakyRelu", cv_leaky_relu },
	{ "LogSoftmax", cv_log_softmax }, { "MatMul", cv_matmul },
	{ "Max", cv_max }, { "MaxPool", cv_maxpool }, { "Min", cv_min },
	{ "Mul", cv_mul }, { "Neg", cv_neg }, { "PRelu", cv_prelu },
	{ "Pad", onnx_cv_pad }, { "Pow", cv_pow },
	{ "QLinearConv", onnx_cv_qlinear_conv },
	{ "QLinearMatMul", onnx_cv_qlinear_matmul },
	{ "QuantizeLinear", onnx_cv_quantize },
	{ "ReduceMax", cv_reduce_max }, { "ReduceMean", cv_reduce_mean },
	{ "ReduceSum", cv_reduce_sum }, { "Relu", cv_relu },
	{ "Reshape", onnx_cv_reshape }, { "Resize", onnx_cv_resize },
	{ "Shape", onnx_cv_shape }, { "Sigmoid", cv_sigmoid },
	{ "Slice", onnx_cv_slice }, { "Softmax", cv_softmax1 },
	{ "Split", onnx_cv_split }, { "Sqrt", cv_sqrt },
	{ "Squeeze", onnx_cv_squeeze }, { "Sub", cv_sub }, { "Sum", cv_sum },
	{ "Tanh", cv_tanh }, { "Transpose", onnx_cv_transpose },
	{ "Unsqueeze", onnx_cv_unsqueeze },
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
				unsup_because(cv, "");
			poison(cv);
			return CV_OK;
		}
	}
	const OnnxOpRow *row = nd->domain.n && !onnx_eq(nd->domain,
	    "ai.onnx") ? NULL : find_row(nd->op_type);
	int r = row ? row->fn(cv) : CV_UNSUP;
	if (!row)
		unsup_because(cv, "");
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
