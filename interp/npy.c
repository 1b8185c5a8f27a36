/* interp/npy.c: strict reader and atomic writer of NumPy .npy files. */
#include "interp/npy.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ir/ir.h"
#include "ir/input.h"
#include "ir/output.h"

static const struct {
	const char *descr; /* as NumPy writes it */
	const char *alt;   /* another accepted spelling, or NULL */
	const char *name;
	size_t size;
} dtypes[] = {
	[NPY_F32] = {"<f4", NULL, "float32", 4},
	[NPY_F16] = {"<f2", NULL, "float16", 2},
	[NPY_I8] = {"|i1", "<i1", "int8", 1},
	[NPY_U8] = {"|u1", "<u1", "uint8", 1},
	[NPY_I16] = {"<i2", NULL, "int16", 2},
	[NPY_I32] = {"<i4", NULL, "int32", 4},
	[NPY_I64] = {"<i8", NULL, "int64", 8},
	[NPY_F64] = {"<f8", NULL, "float64", 8},
	[NPY_BOOL] = {"|b1", "<b1", "bool", 1},
	[NPY_U16] = {"<u2", NULL, "uint16", 2},
	[NPY_U32] = {"<u4", NULL, "uint32", 4},
	[NPY_U64] = {"<u8", NULL, "uint64", 8},
};

#define NDTYPES (sizeof dtypes / sizeof dtypes[0])

size_t
npy_itemsize(NpyDtype t)
{
	return dtypes[t].size;
}

const char *
npy_dtype_name(NpyDtype t)
{
	return dtypes[t].name;
}

IR_PRINTF(3, 4) static bool
fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return false;
}

/* A cursor over the header dictionary text. */
typedef struct Hdr {
	const char *p, *end;
	char *err;
	size_t errlen;
} Hdr;

static void
skip_ws(Hdr *h)
{
	while (h->p < h->end && (*h->p == ' ' || *h->p == '\t'))
		h->p++;
}

static bool
eat(Hdr *h, char c)
{
	skip_ws(h);
	if (h->p < h->end && *h->p == c) {
		h->p++;
		return true;
	}
	return false;
}

/* A quoted Python string ('...' or "..."), without escapes. */
static bool
read_str(Hdr *h, char *buf, size_t cap)
{
	char q;
	size_t n = 0;

	skip_ws(h);
	if (h->p >= h->end || (*h->p != '\'' && *h->p != '"'))
		return fail(h->err, h->errlen, "header: expected a string");
	q = *h->p++;
	while (h->p < h->end && *h->p != q) {
		if (*h->p == '\\' || n + 1 >= cap)
			return fail(h->err, h->errlen,
			    "header: bad or too long string");
		buf[n++] = *h->p++;
	}
	if (h->p >= h->end)
		return fail(h->err, h->errlen, "header: unterminated string");
	h->p++;
	buf[n] = 0;
	return true;
}

static bool
read_descr(Hdr *h, NpyDtype *t)
{
	char s[32];
	size_t i;

	if (!read_str(h, s, sizeof s))
		return false;
	for (i = 0; i < NDTYPES; i++) {
		if (!strcmp(s, dtypes[i].descr) ||
		    (dtypes[i].alt && !strcmp(s, dtypes[i].alt))) {
			*t = (NpyDtype)i;
			return true;
		}
	}
	if (s[0] == '>')
		return fail(h->err, h->errlen,
		    "big-endian dtype '%s' is not supported", s);
	return fail(h->err, h->errlen, "unsupported dtype '%s' (expected "
	    "f4, f8, f2, b1, i1, u1, i2, u2, i4, u4, i8 or u8, little "
	    "endian)", s);
}

static bool
read_bool(Hdr *h, bool *v)
{
	skip_ws(h);
	if ((size_t)(h->end - h->p) >= 4 && !memcmp(h->p, "True", 4)) {
		h->p += 4;
		*v = true;
		return true;
	}
	if ((size_t)(h->end - h->p) >= 5 && !memcmp(h->p, "False", 5)) {
		h->p += 5;
		*v = false;
		return true;
	}
	return fail(h->err, h->errlen, "header: fortran_order is not a bool");
}

static bool
read_dim(Hdr *h, int64_t *d)
{
	int64_t v = 0;
	const char *start;

	skip_ws(h);
	start = h->p;
	while (h->p < h->end && *h->p >= '0' && *h->p <= '9') {
		if (v > (INT64_MAX - 9) / 10)
			return fail(h->err, h->errlen, "header: dimension "
			    "too large");
		v = v * 10 + (*h->p++ - '0');
	}
	if (h->p == start)
		return fail(h->err, h->errlen, "header: bad shape");
	if (h->p < h->end && *h->p == 'L') /* Python 2 longs */
		h->p++;
	*d = v;
	return true;
}

/* (), (n,), (a, b), with an optional trailing comma. */
static bool
read_shape(Hdr *h, NpyArray *a)
{
	if (!eat(h, '('))
		return fail(h->err, h->errlen, "header: shape is not a tuple");
	a->ndim = 0;
	while (!eat(h, ')')) {
		if (a->ndim == NPY_MAX_DIMS)
			return fail(h->err, h->errlen, "header: more than %d "
			    "dimensions", NPY_MAX_DIMS);
		if (!read_dim(h, &a->shape[a->ndim]))
			return false;
		a->ndim++;
		if (!eat(h, ',')) {
			if (!eat(h, ')'))
				return fail(h->err, h->errlen,
				    "header: bad shape");
			break;
		}
	}
	return true;
}

/* One "'key': value" entry; `seen` has a bit per key. */
static bool
read_entry(Hdr *h, NpyArray *a, bool *fortran, unsigned *seen)
{
	char key[32];
	unsigned bit;

	if (!read_str(h, key, sizeof key))
		return false;
	if (!eat(h, ':'))
		return fail(h->err, h->errlen, "header: expected ':'");
	bit = !strcmp(key, "descr") ? 1u : !strcmp(key, "fortran_order") ?
	    2u : !strcmp(key, "shape") ? 4u : 0u;
	if (!bit)
		return fail(h->err, h->errlen, "header: unknown key '%s'", key);
	if (*seen & bit)
		return fail(h->err, h->errlen, "header: duplicate key '%s'",
		    key);
	*seen |= bit;
	if (bit == 1)
		return read_descr(h, &a->dtype);
	if (bit == 2)
		return read_bool(h, fortran);
	return read_shape(h, a);
}

static bool
parse_header(Hdr *h, NpyArray *a)
{
	unsigned seen = 0;
	bool fortran = false;

	if (!eat(h, '{'))
		return fail(h->err, h->errlen, "header: expected '{'");
	while (!eat(h, '}')) {
		if (!read_entry(h, a, &fortran, &seen))
			return false;
		if (!eat(h, ',')) {
			if (!eat(h, '}'))
				return fail(h->err, h->errlen,
				    "header: expected ',' or '}'");
			break;
		}
	}
	if (seen != 7)
		return fail(h->err, h->errlen, "header: missing %s",
		    !(seen & 1) ? "'descr'" : !(seen & 2) ? "'fortran_order'" :
		    "'shape'");
	if (fortran && a->ndim > 1)
		return fail(h->err, h->errlen, "fortran_order arrays are not "
		    "supported");
	skip_ws(h);
	if (h->p + 1 != h->end || *h->p != '\n')
		return fail(h->err, h->errlen, "header: junk after the "
		    "dictionary or no final newline");
	return true;
}

static uint32_t
le(const unsigned char *p, int n)
{
	uint32_t v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

/* Element count of the shape, or -1 on overflow. */
static int64_t
count(const NpyArray *a)
{
	int64_t n = 1;
	int i;

	for (i = 0; i < a->ndim; i++) {
		if (a->shape[i] && n > INT64_MAX / 8 / a->shape[i])
			return -1;
		n *= a->shape[i];
	}
	return n;
}

bool
npy_decode(const void *buf, size_t len, NpyArray *out, char *err,
    size_t errlen)
{
	const unsigned char *b = buf;
	size_t pre, hlen, bytes;
	Hdr h = {0};

	memset(out, 0, sizeof *out);
	if (len < 10 || memcmp(b, "\x93NUMPY", 6))
		return fail(err, errlen, "not a .npy file (bad magic)");
	if ((b[6] != 1 && b[6] != 2) || b[7] != 0)
		return fail(err, errlen, "unsupported .npy version %u.%u",
		    b[6], b[7]);
	pre = b[6] == 1 ? 10 : 12;
	if (len < pre)
		return fail(err, errlen, "truncated header");
	hlen = le(b + 8, b[6] == 1 ? 2 : 4);
	if (hlen > len - pre || hlen == 0)
		return fail(err, errlen, "truncated header");
	h = (Hdr){(const char *)b + pre, (const char *)b + pre + hlen, err,
	    errlen};
	if (!parse_header(&h, out))
		return false;
	out->n = count(out);
	if (out->n < 0)
		return fail(err, errlen, "shape too large");
	bytes = (size_t)out->n * npy_itemsize(out->dtype);
	if (len - pre - hlen != bytes)
		return fail(err, errlen, "data is %zu bytes, shape and dtype "
		    "need %zu", len - pre - hlen, bytes);
	for (size_t i = 0; out->dtype == NPY_BOOL && i < bytes; i++)
		if (b[pre + hlen + i] > 1)
			return fail(err, errlen, "bool element %zu is %u, not "
			    "0 or 1", i, (unsigned)b[pre + hlen + i]);
	out->data = ir_xmalloc(bytes ? bytes : 1);
	memcpy(out->data, b + pre + hlen, bytes);
	return true;
}

bool
npy_read_file(const char *path, NpyArray *out, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0;
	bool ok;

	memset(out, 0, sizeof *out);
	if (!f)
		return fail(err, errlen, "cannot open: %s", strerror(errno));
	if (ir_input_kind_ok(fileno(f), false, err, errlen))
		buf = ir_input_read(f, IR_INPUT_MAX, &len, err, errlen);
	fclose(f);
	if (!buf)
		return false;
	ok = npy_decode(buf, len, out, err, errlen);
	free(buf);
	return ok;
}

void *
npy_encode(const NpyArray *a, size_t *len)
{
	char dict[64 + 24 * NPY_MAX_DIMS];
	size_t n, pre, hlen, bytes = (size_t)a->n * npy_itemsize(a->dtype);
	unsigned char *out;
	int i;

	n = (size_t)snprintf(dict, sizeof dict, "{'descr': '%s', "
	    "'fortran_order': False, 'shape': (", dtypes[a->dtype].descr);
	for (i = 0; i < a->ndim; i++)
		n += (size_t)snprintf(dict + n, sizeof dict - n, "%s%lld",
		    i ? ", " : "", (long long)a->shape[i]);
	n += (size_t)snprintf(dict + n, sizeof dict - n, "%s), }",
	    a->ndim == 1 ? "," : "");
	pre = 10;
	hlen = (pre + n + 1 + 63) / 64 * 64 - pre; /* pad to 64 bytes */
	if (hlen > 65535) {
		pre = 12;
		hlen = (pre + n + 1 + 63) / 64 * 64 - pre;
	}
	out = ir_xmalloc(pre + hlen + bytes);
	memcpy(out, "\x93NUMPY", 6);
	out[6] = pre == 10 ? 1 : 2;
	out[7] = 0;
	for (i = 0; i < (int)pre - 8; i++)
		out[8 + i] = (unsigned char)(hlen >> (8 * i));
	memcpy(out + pre, dict, n);
	memset(out + pre + n, ' ', hlen - n - 1);
	out[pre + hlen - 1] = '\n';
	if (bytes)
		memcpy(out + pre + hlen, a->data, bytes);
	*len = pre + hlen + bytes;
	return out;
}

bool
npy_write_file(const char *path, const NpyArray *a, char *err,
    size_t errlen)
{
	size_t len;
	void *img = npy_encode(a, &len);
	IrOutput *out = ir_output_open(path, false, err, errlen);
	bool ok = out != NULL;

	if (out) {
		ok = fwrite(img, 1, len, ir_output_stream(out)) == len;
		if (!ok)
			fail(err, errlen, "cannot write '%s': %s", path,
			    strerror(errno));
		ok = ir_output_close(out, ok, err, errlen) && ok;
	}
	free(img);
	return ok;
}

void
npy_free(NpyArray *a)
{
	free(a->data);
	memset(a, 0, sizeof *a);
}
