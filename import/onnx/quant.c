/* import/onnx/quant.c: the ONNX quantization converters: QuantizeLinear,
 * DequantizeLinear, QLinearConv and QLinearMatMul into !quant.uniform
 * types, graph.quantize and graph.dequantize. */
#include <stdlib.h>

#include "import/onnx/cvutil.h"

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

int
onnx_cv_dequantize(OnnxCv *cv)
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
	import_attrs_str(&a, "rounding", "even"); /* ONNX rounds ties to even */
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

int
onnx_cv_quantize(OnnxCv *cv)
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
int
onnx_cv_qlinear_conv(OnnxCv *cv)
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
int
onnx_cv_qlinear_matmul(OnnxCv *cv)
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
