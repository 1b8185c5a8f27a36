/* ir/wide.c: values wider than 64 bits: f80/f128 bit patterns (to and
 * from doubles, exactly) and integers of up to IR_INT_MAX_VALUE_WIDTH bits
 * (from decimal or hex literals with MLIR's range rules, to decimal). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/internal.h"

/* ---------------------------------------------------------------- floats */

static uint64_t
load64(const uint8_t *b, size_t n)
{
	uint64_t v = 0;

	while (n-- > 0)
		v = v << 8 | b[n];
	return v;
}

static void
store64(uint8_t *b, size_t n, uint64_t v)
{
	for (size_t i = 0; i < n; i++, v >>= 8)
		b[i] = (uint8_t)v;
}

size_t
ir_float_bytes(IrFloatKind k)
{
	return k == IR_F80 ? 10 : k == IR_F128 ? 16 : 0;
}

bool
ir_float_wide_decode(IrFloatKind k, const uint8_t *b, IrWideFloat *w)
{
	uint64_t lo = load64(b, 8);
	unsigned top = (unsigned)load64(b + (k == IR_F80 ? 8 : 14), 2);
	unsigned exp = top & 0x7fff;

	memset(w, 0, sizeof *w);
	w->neg = top >> 15;
	if (k == IR_F80) {
		if (exp == 0x7fff) {
			w->cls = lo == UINT64_C(1) << 63 ? IR_WF_INF :
			    IR_WF_NAN;
			return true;
		}
		w->lo = lo;
		/* value = significand * 2^(exp - bias - 63); exponent 0 is
		 * read as 1 (denormals and pseudo-denormals) */
		w->exp = (exp ? (int)exp : 1) - 16383 - 63;
	} else {
		uint64_t hi = load64(b + 8, 6);

		if (exp == 0x7fff) {
			w->cls = lo == 0 && hi == 0 ? IR_WF_INF : IR_WF_NAN;
			return true;
		}
		if (exp)
			hi |= UINT64_C(1) << 48;
		w->lo = lo;
		w->hi = hi;
		w->exp = (exp ? (int)exp : 1) - 16383 - 112;
	}
	w->cls = w->lo == 0 && w->hi == 0 ? IR_WF_ZERO : IR_WF_FINITE;
	return true;
}

/* Position of the highest set bit of (hi, lo) plus one; 0 for 0. */
static int
bits128(uint64_t hi, uint64_t lo)
{
	int n = 0;

	if (hi) {
		n = 64;
		lo = hi;
	}
	while (lo) {
		n++;
		lo >>= 1;
	}
	return n;
}

bool
ir_float_wide_to_double(IrFloatKind k, const uint8_t *b, double *out)
{
	IrWideFloat w;
	uint64_t hi, lo;
	int e, n;

	ir_float_wide_decode(k, b, &w);
	switch (w.cls) {
	case IR_WF_ZERO:
		*out = w.neg ? -0.0 : 0.0;
		return true;
	case IR_WF_INF:
		*out = w.neg ? -INFINITY : INFINITY;
		return true;
	case IR_WF_NAN:
		*out = w.neg ? -NAN : NAN;
		return false;
	default:
		break;
	}
	hi = w.hi;
	lo = w.lo;
	e = w.exp;
	while (!(lo & 1)) { /* make the significand odd */
		lo = lo >> 1 | hi << 63;
		hi >>= 1;
		e++;
	}
	n = bits128(hi, lo);
	if (n > 53 || e < -1074 || e + n > 1024) {
		/* not a double: the top 53 bits, truncated */
		int drop = n > 53 ? n - 53 : 0;
		uint64_t top = drop >= 64 ? hi >> (drop - 64) :
		    drop ? lo >> drop | hi << (64 - drop) : lo;

		*out = ldexp((double)top, e + drop);
		if (w.neg)
			*out = -*out;
		return false;
	}
	*out = ldexp((double)lo, e);
	if (w.neg)
		*out = -*out;
	return true;
}

void
ir_float_wide_from_double(IrFloatKind k, double v, uint8_t *out)
{
	uint64_t bits, frac, lo, hi;
	unsigned sign, exp;
	int e, n;

	memcpy(&bits, &v, sizeof bits);
	sign = (unsigned)(bits >> 63);
	exp = (unsigned)(bits >> 52) & 0x7ff;
	frac = bits & ((UINT64_C(1) << 52) - 1);
	if (exp == 0x7ff) {
		/* infinity, or a NaN with its payload */
		exp = 0x7fff;
	} else if (exp != 0 || frac != 0) {
		/* v = m * 2^e exactly; renormalise subnormals */
		uint64_t m = exp ? frac | UINT64_C(1) << 52 : frac;

		e = (exp ? (int)exp : 1) - 1075;
		n = bits128(0, m);
		exp = (unsigned)(e + n - 1 + 16383);
		frac = (m << (53 - n)) & ((UINT64_C(1) << 52) - 1);
	}
	if (k == IR_F80) {
		/* explicit integer bit, set for all but zero */
		lo = exp ? UINT64_C(1) << 63 | frac << 11 : 0;
		hi = (uint64_t)sign << 15 | exp;
		store64(out, 8, lo);
		store64(out + 8, 2, hi);
		return;
	}
	lo = frac << 60;
	hi = frac >> 4 | (uint64_t)exp << 48 | (uint64_t)sign << 63;
	store64(out, 8, lo);
	store64(out + 8, 8, hi);
}

/* ---------------------------------------------------------------- integers */

/* Little-endian 32-bit limbs for decimal conversion. */
typedef struct {
	uint32_t *w;
	size_t n, cap;
} Limbs;

static void
limbs_muladd(Limbs *l, uint32_t mul, uint32_t add)
{
	uint64_t carry = add;

	for (size_t i = 0; i < l->n; i++) {
		uint64_t t = (uint64_t)l->w[i] * mul + carry;

		l->w[i] = (uint32_t)t;
		carry = t >> 32;
	}
	if (carry) {
		if (l->n == l->cap) {
			l->cap = l->cap ? l->cap * 2 : 8;
			l->w = ir_xrealloc(l->w, l->cap * sizeof *l->w);
		}
		l->w[l->n++] = (uint32_t)carry;
	}
}

static uint32_t
limbs_div(Limbs *l, uint32_t d)
{
	uint64_t rem = 0;

	for (size_t i = l->n; i-- > 0;) {
		uint64_t cur = rem << 32 | l->w[i];

		l->w[i] = (uint32_t)(cur / d);
		rem = cur % d;
	}
	while (l->n && !l->w[l->n - 1])
		l->n--;
	return (uint32_t)rem;
}

static int
hexdigit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	return (c | 32) - 'a' + 10;
}

/* Magnitude of literal s (decimal, or 0x hex) into nbytes bytes; false
 * when it does not fit. Work is linear in the bytes for hex, quadratic
 * in the digits for decimal (bounded by the literal's length). */
static bool
magnitude(const char *s, size_t len, uint8_t *out, size_t nbytes)
{
	Limbs l = { 0 };
	bool ok = true;

	memset(out, 0, nbytes);
	if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		size_t k = 0;

		for (size_t i = len; i-- > 2; k++) {
			int d = hexdigit(s[i]);

			if (k / 2 >= nbytes) {
				if (d)
					return false;
				continue;
			}
			out[k / 2] |= (uint8_t)(d << (k % 2 * 4));
		}
		return true;
	}
	for (size_t i = 0; i < len; i++) {
		limbs_muladd(&l, 10, (uint32_t)(s[i] - '0'));
		if (l.n * 4 > nbytes + 4) {
			ok = false;
			break;
		}
	}
	for (size_t i = 0; ok && i < l.n * 4; i++) {
		uint8_t b = (uint8_t)(l.w[i / 4] >> (i % 4 * 8));

		if (i < nbytes)
			out[i] = b;
		else if (b)
			ok = false;
	}
	free(l.w);
	return ok;
}

static bool
bit_of(const uint8_t *b, unsigned i)
{
	return b[i / 8] >> (i % 8) & 1;
}

/* Two's complement negation of b[0..n). */
static void
negate(uint8_t *b, size_t n)
{
	unsigned carry = 1;

	for (size_t i = 0; i < n; i++) {
		unsigned v = (uint8_t)~b[i] + carry;

		b[i] = (uint8_t)v;
		carry = v >> 8;
	}
}

const char *
ir_wide_int_parse(const char *s, size_t len, bool neg, unsigned width,
    IrSignedness sign, bool index, uint8_t *out)
{
	size_t n = (width + 7) / 8;
	bool zero = true;

	/* one spare byte catches values that overflow the width */
	uint8_t *tmp = ir_xcalloc(n + 1, 1);

	if (!magnitude(s, len, tmp, n + 1) || tmp[n] ||
	    (width % 8 && tmp[n - 1] >> (width % 8))) {
		free(tmp);
		return "integer constant out of range for attribute";
	}
	for (size_t i = 0; i < n; i++)
		zero = zero && !tmp[i];
	if (neg && !zero) {
		negate(tmp, n);
		if (width % 8)
			tmp[n - 1] &= (uint8_t)((1u << width % 8) - 1);
		/* MLIR: a negated value must have its sign bit set */
		if (!bit_of(tmp, width - 1)) {
			free(tmp);
			return "integer constant out of range for attribute";
		}
	} else if (!neg && (sign == IR_SIGNED || index) &&
	    bit_of(tmp, width - 1)) {
		free(tmp);
		return "integer constant out of range for attribute";
	}
	memcpy(out, tmp, n);
	free(tmp);
	return NULL;
}

char *
ir_wide_int_str(const uint8_t *b, unsigned width, bool is_signed)
{
	size_t n = (width + 7) / 8, nd = 0;
	bool neg = is_signed && width && bit_of(b, width - 1);
	uint8_t *m = ir_xmalloc(n + 1);
	Limbs l = { 0 };
	char *digits, *s;

	memcpy(m, b, n);
	if (neg) {
		negate(m, n);
		if (width % 8)
			m[n - 1] &= (uint8_t)((1u << width % 8) - 1);
	}
	l.cap = n / 4 + 2;
	l.w = ir_xcalloc(l.cap, sizeof *l.w);
	for (size_t i = 0; i < n; i++)
		l.w[i / 4] |= (uint32_t)m[i] << (i % 4 * 8);
	l.n = (n + 3) / 4;
	while (l.n && !l.w[l.n - 1])
		l.n--;
	/* at most 10 digits per 32 bits */
	digits = ir_xmalloc(l.n * 10 + 2);
	do {
		uint32_t chunk = limbs_div(&l, 1000000000u);

		for (int k = 0; k < 9 && (l.n || chunk); k++) {
			digits[nd++] = (char)('0' + chunk % 10);
			chunk /= 10;
		}
	} while (l.n);
	if (nd == 0)
		digits[nd++] = '0';
	s = ir_xmalloc(nd + 2);
	size_t k = 0;
	if (neg)
		s[k++] = '-';
	while (nd)
		s[k++] = digits[--nd];
	s[k] = 0;
	free(digits);
	free(l.w);
	free(m);
	return s;
}
