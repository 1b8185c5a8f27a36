/* import/onnx/fold.c: shape computations folded at import. PyTorch and
 * tf2onnx export Pad pads, Resize sizes and Reshape shapes as
 * Shape -> Gather/Slice -> Unsqueeze -> Concat -> Cast chains (Pad's as
 * Reshape -> Slice(step -1) -> Transpose -> Reshape of a constant); with
 * static input shapes every link is a constant, and folding Gather,
 * Transpose, strided Slice, Floor/Ceil and small float arithmetic here
 * makes such models import as static graphs. Elements are copied as
 * bytes, so int64 extremes (Slice's INT64_MIN ends) stay exact. */
#include <math.h>
#include <string.h>

#include "import/onnx/cvutil.h"

static void
copy_elem(OnnxConst *dst, int64_t di, const OnnxConst *src, int64_t si)
{
	size_t es = onnx_elem_size(src->dtype);
	memcpy((uint8_t *)dst->data + (size_t)di * es,
	    src->data + (size_t)si * es, es);
}

static int64_t
crank(const OnnxConst *c)
{
	return c->type->u.shaped.rank;
}

static int64_t
cdim(const OnnxConst *c, int64_t i)
{
	return c->type->u.shaped.dims[i];
}

/* Row-major strides of c's shape into st. */
static void
strides(const OnnxConst *c, int64_t *st)
{
	int64_t s = 1;
	for (int64_t i = crank(c) - 1; i >= 0; i--) {
		st[i] = s;
		s *= cdim(c, i);
	}
}

int
onnx_cv_gather(OnnxCv *cv)
{
	OnnxConst *x = cin(cv, 0), *ix = cin(cv, 1);
	int64_t d[ONNX_MAX_RANK];
	if (!has_in(cv, 0) || !has_in(cv, 1))
		return fail(cv, "needs data and indices");
	if (!x)
		return unsup(cv, "of non-constant data (only shape "
		    "computations and constants fold)");
	if (!ix)
		return unsup(cv, "with non-constant indices");
	int64_t r = crank(x), q = crank(ix), axis = ai(cv, "axis", 0);
	if (axis < -r || axis >= r)
		return fail(cv, "axis %lld out of range for rank %lld",
		    (long long)axis, (long long)r);
	axis = axis < 0 ? axis + r : axis;
	if (r - 1 + q > ONNX_MAX_RANK)
		return fail(cv, "result rank %lld exceeds %d",
		    (long long)(r - 1 + q), ONNX_MAX_RANK);
	int64_t k = 0, outer = 1, inner = 1, n = cdim(x, axis);
	for (int64_t i = 0; i < axis; i++)
		outer *= (d[k++] = cdim(x, i));
	for (int64_t i = 0; i < q; i++)
		d[k++] = cdim(ix, i);
	for (int64_t i = axis + 1; i < r; i++)
		inner *= (d[k++] = cdim(x, i));
	for (int64_t j = 0; j < ix->n; j++) {
		int64_t v = onnx_const_int(ix, j);
		if (v < -n || v >= n)
			return fail(cv, "index %lld out of range [-%lld, "
			    "%lld)", (long long)v, (long long)n,
			    (long long)n);
	}
	OnnxConst *o = onnx_const_new(cv, x->dtype, k, d);
	if (!o)
		return CV_FAIL;
	int64_t w = 0;
	for (int64_t a = 0; a < outer; a++)
		for (int64_t j = 0; j < ix->n; j++) {
			int64_t v = onnx_const_int(ix, j);
			v = v < 0 ? v + n : v;
			for (int64_t b = 0; b < inner; b++)
				copy_elem(o, w++, x, (a * n + v) * inner + b);
		}
	out_c(cv, 0, o);
	return CV_OK;
}

OnnxConst *
onnx_fold_transpose(OnnxCv *cv, OnnxConst *c, const int64_t *perm)
{
	int64_t r = crank(c), d[ONNX_MAX_RANK], st[ONNX_MAX_RANK];
	int64_t idx[ONNX_MAX_RANK] = {0};
	if (c->n > ONNX_FOLD_MAX)
		return NULL;
	for (int64_t i = 0; i < r; i++)
		d[i] = cdim(c, perm[i]);
	strides(c, st);
	OnnxConst *o = onnx_const_new(cv, c->dtype, r, d);
	for (int64_t w = 0; o && w < c->n; w++) {
		int64_t src = 0;
		for (int64_t i = 0; i < r; i++)
			src += idx[i] * st[perm[i]];
		copy_elem(o, w, c, src);
		for (int64_t i = r - 1; i >= 0 && ++idx[i] == d[i]; i--)
			idx[i] = 0;
	}
	return o;
}

OnnxConst *
onnx_fold_slice(OnnxCv *cv, OnnxConst *c, const int64_t *b,
    const int64_t *e, const int64_t *s)
{
	int64_t r = crank(c), d[ONNX_MAX_RANK], st[ONNX_MAX_RANK];
	int64_t idx[ONNX_MAX_RANK] = {0}, n = 1;
	if (c->n > ONNX_FOLD_MAX)
		return NULL;
	for (int64_t i = 0; i < r; i++) {
		int64_t len = s[i] > 0 ? (e[i] - b[i] + s[i] - 1) / s[i] :
		    (b[i] - e[i] - s[i] - 1) / -s[i];
		n *= (d[i] = len > 0 ? len : 0);
	}
	strides(c, st);
	OnnxConst *o = onnx_const_new(cv, c->dtype, r, d);
	for (int64_t w = 0; o && w < n; w++) {
		int64_t src = 0;
		for (int64_t i = 0; i < r; i++)
			src += (b[i] + idx[i] * s[i]) * st[i];
		copy_elem(o, w, c, src);
		for (int64_t i = r - 1; i >= 0 && ++idx[i] == d[i]; i--)
			idx[i] = 0;
	}
	return o;
}

/* Floor and Ceil: constants only (Resize sizes computed from scales);
 * integers are their own floor. */
static int
round_const(OnnxCv *cv, double (*fn)(double))
{
	OnnxConst *c = cin(cv, 0);
	if (!has_in(cv, 0))
		return fail(cv, "needs an input");
	if (!c)
		return unsup(cv, "of a non-constant input (only shape "
		    "computations fold)");
	OnnxConst *o = onnx_const_new(cv, c->dtype, crank(c),
	    c->type->u.shaped.dims);
	for (int64_t i = 0; o && i < c->n; i++) {
		if (c->dtype == ONNX_FLOAT || c->dtype == ONNX_DOUBLE ||
		    c->dtype == ONNX_FLOAT16 || c->dtype == ONNX_BFLOAT16)
			onnx_const_set(o, i, fn(onnx_const_f(c, i)));
		else
			copy_elem(o, i, c, i);
	}
	if (!o)
		return CV_FAIL;
	out_c(cv, 0, o);
	return CV_OK;
}

int
onnx_cv_floor(OnnxCv *cv)
{
	return round_const(cv, floor);
}

int
onnx_cv_ceil(OnnxCv *cv)
{
	return round_const(cv, ceil);
}

OnnxConst *
onnx_fold_float_binary(OnnxCv *cv, OnnxConst *x, OnnxConst *y, char op)
{
	if (x->dtype != ONNX_FLOAT || y->dtype != ONNX_FLOAT ||
	    (x->n != y->n && y->n != 1) || x->n > 64)
		return NULL;
	OnnxConst *r = onnx_const_new(cv, x->dtype, crank(x),
	    x->type->u.shaped.dims);
	for (int64_t i = 0; r && i < x->n; i++) {
		/* in float, as onnxruntime's kernels compute */
		float a = (float)onnx_const_f(x, i);
		float b = (float)onnx_const_f(y, y->n == 1 ? 0 : i);
		float v = op == '+' ? a + b : op == '-' ? a - b :
		    op == '*' ? a * b : a / b;
		onnx_const_set(r, i, v);
	}
	return r;
}
