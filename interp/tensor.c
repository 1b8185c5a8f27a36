/* interp/tensor.c: the interpreter's runtime values: dense tensors and
 * views, element access in every element type, strided copies, and the
 * f32 conversions (dequantize, quantize) the float kernels use. */
#include "interp/tensor.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "interp/qmath.h"

/* ------------------------------------------------------------ tensors */

size_t
ir_tensor_elem_bytes(const IrType *elem)
{
	if (!elem)
		return 0;
	switch (elem->kind) {
	case IR_TYPE_INTEGER: /* i0 and wider than i64: none */
		if (elem->u.integer.width == 0 || elem->u.integer.width > 64)
			return 0;
		return elem->u.integer.width <= 8 ? 1 :
		    (elem->u.integer.width + 7) / 8 == 2 ? 2 :
		    elem->u.integer.width <= 32 ? 4 : 8;
	case IR_TYPE_FLOAT: /* f80 and f128: none, like complex */
		return elem->u.flt.kind == IR_F32 ? 4 :
		    elem->u.flt.kind == IR_F64 ? 8 :
		    elem->u.flt.kind == IR_F80 ||
		    elem->u.flt.kind == IR_F128 ? 0 : 2;
	case IR_TYPE_INDEX:
		return 8;
	case IR_TYPE_QUANT:
		return ir_tensor_elem_bytes(elem->u.quant.storage);
	default:
		return 0;
	}
}

const IrType *
ir_tensor_elem_type(const IrTensor *t)
{
	return t->type->u.shaped.elem;
}

int64_t
ir_tensor_rank(const IrTensor *t)
{
	return t->type->u.shaped.rank;
}

const int64_t *
ir_tensor_dims(const IrTensor *t)
{
	return t->type->u.shaped.dims;
}

bool
ir_tensor_type_ok(const IrType *type)
{
	if (!type || (type->kind != IR_TYPE_TENSOR &&
	    type->kind != IR_TYPE_MEMREF))
		return false;
	return ir_type_num_elements(type) >= 0 &&
	    ir_tensor_elem_bytes(type->u.shaped.elem) > 0;
}

int64_t
ir_tensor_type_bytes(const IrType *type)
{
	int64_t n, es;

	if (!ir_tensor_type_ok(type))
		return -1;
	n = ir_type_num_elements(type);
	es = (int64_t)ir_tensor_elem_bytes(type->u.shaped.elem);
	return n > INT64_MAX / es ? -1 : n * es;
}

/* A tensor of type with one reference and no data yet; NULL when type
 * has no runtime form. */
static IrTensor *
tensor_header(const IrType *type)
{
	IrTensor *t;

	if (!ir_tensor_type_ok(type))
		return NULL;
	t = ir_xcalloc(1, sizeof *t);
	t->type = type;
	t->n = ir_type_num_elements(type);
	t->elem_size = ir_tensor_elem_bytes(type->u.shaped.elem);
	t->refs = 1;
	return t;
}

IrTensor *
ir_tensor_create(const IrType *type)
{
	IrTensor *t = tensor_header(type);

	if (t)
		t->data = ir_xcalloc((size_t)(t->n ? t->n : 1),
		    t->elem_size);
	return t;
}

IrTensor *
ir_tensor_view(IrTensor *base, const IrType *type, size_t offset)
{
	IrTensor *t = tensor_header(type);

	if (!t)
		return NULL;
	t->data = (char *)base->data + offset;
	while (base->base)
		base = base->base;
	t->base = ir_tensor_retain(base);
	return t;
}

IrTensor *
ir_tensor_from_dense(const IrType *type, const IrAttr *dense)
{
	IrTensor *t;
	size_t es, bytes;
	int64_t i;

	if (!dense || dense->kind != IR_ATTR_DENSE)
		return NULL;
	t = ir_tensor_create(type);
	if (!t)
		return NULL;
	es = t->elem_size;
	bytes = (size_t)t->n * es;
	if (dense->u.dense.splat && dense->u.dense.size == es) {
		for (i = 0; i < t->n; i++)
			memcpy((char *)t->data + (size_t)i * es,
			    dense->u.dense.data, es);
	} else if (dense->u.dense.size == bytes) {
		if (bytes)
			memcpy(t->data, dense->u.dense.data, bytes);
	} else {
		ir_tensor_release(t);
		return NULL;
	}
	return t;
}

IrTensor *
ir_tensor_retain(IrTensor *t)
{
	if (t)
		t->refs++;
	return t;
}

void
ir_tensor_release(IrTensor *t)
{
	if (!t || --t->refs)
		return;
	if (t->base)
		ir_tensor_release(t->base);
	else
		free(t->data);
	free(t);
}

/* The storage integer type behind t's elements, or NULL for floats. */
static const IrType *
int_type(const IrTensor *t)
{
	const IrType *e = t->type->u.shaped.elem;

	if (e->kind == IR_TYPE_QUANT)
		return e->u.quant.storage;
	return e->kind == IR_TYPE_INTEGER || e->kind == IR_TYPE_INDEX ? e :
	    NULL;
}

static bool
is_unsigned(const IrType *e)
{
	return e->kind == IR_TYPE_INTEGER && (e->u.integer.sign ==
	    IR_UNSIGNED || e->u.integer.width == 1);
}

/* Whether t's integers are unsigned: a quantized type says so itself
 * (!quant.uniform<u8:...> keeps a signless i8 storage type). */
static bool
tensor_unsigned(const IrTensor *t)
{
	const IrType *e = t->type->u.shaped.elem;

	if (e->kind == IR_TYPE_QUANT)
		return !e->u.quant.is_signed;
	return is_unsigned(e);
}

int64_t
ir_tensor_get_int(const IrTensor *t, int64_t i)
{
	const IrType *e = int_type(t);
	const char *p = (const char *)t->data + (size_t)i * t->elem_size;

	if (!e)
		return (int64_t)ir_tensor_get(t, i);
	bool uns = tensor_unsigned(t);
	switch (t->elem_size) {
	case 1:
		return uns ? (int64_t)*(const uint8_t *)p :
		    (int64_t)*(const int8_t *)p;
	case 2:
		return uns ? (int64_t)*(const uint16_t *)p :
		    (int64_t)*(const int16_t *)p;
	case 4:
		return uns ? (int64_t)*(const uint32_t *)p :
		    (int64_t)*(const int32_t *)p;
	default:
		return *(const int64_t *)p;
	}
}

/* The value range of an integer storage type. */
static void
int_range(const IrType *e, bool uns, int64_t *lo, int64_t *hi)
{
	unsigned w = e->kind == IR_TYPE_INTEGER ? e->u.integer.width : 64;

	if (w >= 64) {
		*lo = INT64_MIN;
		*hi = INT64_MAX;
	} else if (uns) {
		*lo = 0;
		*hi = (int64_t)((1ull << w) - 1);
	} else {
		*lo = -(int64_t)(1ull << (w - 1));
		*hi = (int64_t)((1ull << (w - 1)) - 1);
	}
}

void
ir_tensor_set_int(IrTensor *t, int64_t i, int64_t v)
{
	const IrType *e = int_type(t);
	char *p = (char *)t->data + (size_t)i * t->elem_size;
	int64_t lo, hi;

	if (!e) {
		ir_tensor_set(t, i, (double)v);
		return;
	}
	int_range(e, tensor_unsigned(t), &lo, &hi);
	v = v < lo ? lo : v > hi ? hi : v;
	switch (t->elem_size) {
	case 1:
		*(uint8_t *)p = (uint8_t)v;
		break;
	case 2:
		*(uint16_t *)p = (uint16_t)v;
		break;
	case 4:
		*(uint32_t *)p = (uint32_t)v;
		break;
	default:
		*(int64_t *)p = v;
	}
}

double
ir_tensor_get(const IrTensor *t, int64_t i)
{
	const IrType *e = t->type->u.shaped.elem;
	const char *p = (const char *)t->data + (size_t)i * t->elem_size;

	if (e->kind != IR_TYPE_FLOAT)
		return (double)ir_tensor_get_int(t, i);
	switch (e->u.flt.kind) {
	case IR_F32:
		return *(const float *)p;
	case IR_F64:
		return *(const double *)p;
	case IR_F16:
		return ir_f16_to_f32(*(const uint16_t *)p);
	default:
		return ir_bf16_to_f32(*(const uint16_t *)p);
	}
}

void
ir_tensor_set(IrTensor *t, int64_t i, double v)
{
	const IrType *e = t->type->u.shaped.elem;
	char *p = (char *)t->data + (size_t)i * t->elem_size;

	if (e->kind != IR_TYPE_FLOAT) {
		double r = round(v);

		if (isnan(r))
			r = 0;
		r = r > 9.2e18 ? 9.2e18 : r < -9.2e18 ? -9.2e18 : r;
		ir_tensor_set_int(t, i, (int64_t)r);
		return;
	}
	switch (e->u.flt.kind) {
	case IR_F32:
		*(float *)p = (float)v;
		break;
	case IR_F64:
		*(double *)p = v;
		break;
	case IR_F16:
		*(uint16_t *)p = ir_f16_from_f32((float)v);
		break;
	default:
		*(uint16_t *)p = ir_bf16_from_f32((float)v);
	}
}

void
ir_tensor_strides(const IrType *t, int64_t *st)
{
	const IrAttr *l = t->u.shaped.layout;
	int64_t r = t->u.shaped.rank, s = 1, k;

	if (t->kind == IR_TYPE_MEMREF && l && l->kind == IR_ATTR_STRIDED &&
	    (int64_t)l->u.strided.nstrides == r) {
		for (k = 0; k < r; k++)
			st[k] = l->u.strided.strides[k];
		return;
	}
	for (k = r - 1; k >= 0; k--) {
		st[k] = s;
		s *= t->u.shaped.dims[k];
	}
}

bool
ir_tensor_copy(IrTensor *dst, const IrTensor *src)
{
	const IrType *ts = src->type, *td = dst->type;
	int64_t ss[16], sd[16], idx[16] = {0}, os = 0, od = 0, i;
	size_t es = src->elem_size;
	int r = (int)ts->u.shaped.rank, k;

	if (src->n != dst->n || es != dst->elem_size || r > 16 ||
	    r != td->u.shaped.rank ||
	    memcmp(ts->u.shaped.dims, td->u.shaped.dims, sizeof(int64_t) *
	    (size_t)r))
		return false;
	ir_tensor_strides(ts, ss);
	ir_tensor_strides(td, sd);
	for (i = 0; i < src->n; i++) {
		memmove((char *)dst->data + od * (int64_t)es,
		    (const char *)src->data + os * (int64_t)es, es);
		for (k = r - 1; k >= 0; k--) {
			os += ss[k];
			od += sd[k];
			if (++idx[k] < ts->u.shaped.dims[k])
				break;
			os -= ss[k] * idx[k];
			od -= sd[k] * idx[k];
			idx[k] = 0;
		}
	}
	return true;
}

/* ------------------------------------------------------------ f32 */

const IrType *
ir_tensor_f32_type(IrContext *ctx, const IrType *like)
{
	const IrType *f32 = ir_type_float(ctx, IR_F32);

	if (like->u.shaped.elem == f32)
		return like;
	return ir_type_tensor(ctx, like->u.shaped.rank, like->u.shaped.dims,
	    f32, NULL);
}

/* Per-axis quantization: the channel of element i. */
static size_t
quant_channel(const IrType *shaped, const IrType *q, int64_t i)
{
	const int64_t *d = shaped->u.shaped.dims;
	int64_t inner = 1, k;

	if (q->u.quant.nscales <= 1 || q->u.quant.axis < 0)
		return 0;
	for (k = shaped->u.shaped.rank - 1; k > q->u.quant.axis; k--)
		inner *= d[k];
	return (size_t)((i / inner) % d[q->u.quant.axis]);
}

IrTensor *
ir_tensor_to_f32(IrContext *ctx, IrTensor *t)
{
	const IrType *e = t->type->u.shaped.elem;
	IrTensor *f;
	float *o;
	int64_t i;
	size_t c;

	if (e->kind == IR_TYPE_FLOAT && e->u.flt.kind == IR_F32)
		return ir_tensor_retain(t);
	f = ir_tensor_create(ir_tensor_f32_type(ctx, t->type));
	o = f->data;
	for (i = 0; i < t->n; i++) {
		if (e->kind == IR_TYPE_QUANT) {
			c = quant_channel(t->type, e, i);
			o[i] = qmath_dequantize(
			    (int32_t)ir_tensor_get_int(t, i),
			    e->u.quant.scales[c], e->u.quant.zero_points[c]);
		} else {
			o[i] = (float)ir_tensor_get(t, i);
		}
	}
	return f;
}

void
ir_tensor_store_f32(IrTensor *dst, const IrTensor *src)
{
	const IrType *e = dst->type->u.shaped.elem;
	const float *s = src->data;
	int64_t i;
	size_t c;

	if (e->kind == IR_TYPE_FLOAT && e->u.flt.kind == IR_F32) {
		memcpy(dst->data, s, (size_t)dst->n * 4);
		return;
	}
	for (i = 0; i < dst->n; i++) {
		if (e->kind == IR_TYPE_QUANT) {
			c = quant_channel(dst->type, e, i);
			ir_tensor_set_int(dst, i, qmath_quantize(s[i],
			    e->u.quant.scales[c], e->u.quant.zero_points[c],
			    e->u.quant.storage_min, e->u.quant.storage_max));
		} else {
			ir_tensor_set(dst, i, s[i]);
		}
	}
}

void
ir_tensor_split_axis(const IrTensor *t, int64_t axis, int64_t *outer,
    int64_t *len, int64_t *inner)
{
	const int64_t *d = ir_tensor_dims(t);
	int64_t k, r = ir_tensor_rank(t);

	*outer = *inner = 1;
	for (k = 0; k < axis; k++)
		*outer *= d[k];
	*len = d[axis];
	for (k = axis + 1; k < r; k++)
		*inner *= d[k];
}

bool
ir_reduce_walk_init(IrReduceWalk *w, const IrTensor *t, const bool *reduced)
{
	int64_t k, step = 1;

	w->rank = (int)ir_tensor_rank(t);
	w->out = 0;
	if (w->rank > 16)
		return false;
	for (k = w->rank - 1; k >= 0; k--) {
		w->dims[k] = ir_tensor_dims(t)[k];
		w->idx[k] = 0;
		w->ostr[k] = reduced[k] ? 0 : step;
		step *= reduced[k] ? 1 : w->dims[k];
	}
	return true;
}

void
ir_reduce_walk_next(IrReduceWalk *w)
{
	for (int k = w->rank - 1; k >= 0; k--) {
		w->out += w->ostr[k];
		if (++w->idx[k] < w->dims[k])
			return;
		w->out -= w->ostr[k] * w->idx[k];
		w->idx[k] = 0;
	}
}

void
ir_softmax_f32(const float *x, float *y, int64_t outer, int64_t len,
    int64_t inner, float beta, bool log_)
{
	int64_t o, i, k;

	for (o = 0; o < outer; o++)
		for (i = 0; i < inner; i++) {
			const float *xp = x + o * len * inner + i;
			float *yp = y + o * len * inner + i;
			float mx = -INFINITY, sum = 0;

			for (k = 0; k < len; k++)
				mx = xp[k * inner] > mx ? xp[k * inner] : mx;
			for (k = 0; k < len; k++) {
				yp[k * inner] = expf(beta * (xp[k * inner] -
				    mx));
				sum += yp[k * inner];
			}
			for (k = 0; k < len; k++)
				yp[k * inner] = log_ ? beta * (xp[k * inner] -
				    mx) - logf(sum) : yp[k * inner] / sum;
		}
}
