/* ir/print_float.c: floats printed byte for byte as mlir-opt-14 does
 * (LLVM APFloat::toString digit generation, then MLIR's choice between
 * 6-digit exponent form, default form and hex bits). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/internal.h"
#include "ir/print.h"

/* ---------------------------------------------------------------- bignum */

/* Enough 32-bit limbs for m * 5^1074 with m < 2^53 (about 2550 bits),
 * and for the read-back comparisons of f80/f128 (below 2300 bits). */
#define BN_LIMBS 128

typedef struct {
	uint32_t w[BN_LIMBS]; /* little endian */
	int n;                /* limbs in use, top one non-zero */
} Big;

static void
bn_set(Big *b, uint64_t v)
{
	b->n = 0;
	while (v) {
		b->w[b->n++] = (uint32_t)v;
		v >>= 32;
	}
}

static void
bn_mul(Big *b, uint32_t k)
{
	uint64_t carry = 0;
	for (int i = 0; i < b->n; i++) {
		uint64_t t = (uint64_t)b->w[i] * k + carry;
		b->w[i] = (uint32_t)t;
		carry = t >> 32;
	}
	if (carry && b->n < BN_LIMBS)
		b->w[b->n++] = (uint32_t)carry;
}

/* b /= d, returns the remainder. */
static uint32_t
bn_div(Big *b, uint32_t d)
{
	uint64_t rem = 0;
	for (int i = b->n - 1; i >= 0; i--) {
		uint64_t cur = rem << 32 | b->w[i];
		b->w[i] = (uint32_t)(cur / d);
		rem = cur % d;
	}
	while (b->n && !b->w[b->n - 1])
		b->n--;
	return (uint32_t)rem;
}

static void
bn_shl(Big *b, int s)
{
	int limbs = s / 32, bits = s % 32;
	if (!b->n)
		return;
	if (bits) {
		uint32_t carry = 0;
		for (int i = 0; i < b->n; i++) {
			uint32_t w = b->w[i];
			b->w[i] = w << bits | carry;
			carry = w >> (32 - bits);
		}
		if (carry)
			b->w[b->n++] = carry;
	}
	if (limbs) {
		memmove(b->w + limbs, b->w, (size_t)b->n * sizeof b->w[0]);
		memset(b->w, 0, (size_t)limbs * sizeof b->w[0]);
		b->n += limbs;
	}
}

static int
bn_bits(const Big *b)
{
	if (!b->n)
		return 0;
	uint32_t top = b->w[b->n - 1];
	int bits = 0;
	for (; top >> 8; top >>= 8)
		bits += 8;
	while (top) {
		bits++;
		top >>= 1;
	}
	return (b->n - 1) * 32 + bits;
}

static void
bn_mul_pow5(Big *b, int n)
{
	for (; n > 0; n -= 13)
		bn_mul(b, n >= 13 ? 1220703125u : (uint32_t)pow(5, n));
}

/* b -= 1, b > 0. */
static void
bn_dec(Big *b)
{
	for (int i = 0; i < b->n; i++)
		if (b->w[i]-- != 0)
			break;
	while (b->n && !b->w[b->n - 1])
		b->n--;
}

static int
bn_cmp(const Big *a, const Big *b)
{
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	for (int i = a->n - 1; i >= 0; i--)
		if (a->w[i] != b->w[i])
			return a->w[i] < b->w[i] ? -1 : 1;
	return 0;
}

/* ---------------------------------------------------------------- digits */

/* Decimal digits of a finite non-zero value, least significant first
 * (APFloat's order): value = digits * 10^exp. */
typedef struct {
	char d[64];
	int n;
	int exp;
} Digits;

/* |v| = m * 2^e with m odd. */
static void
decompose(double v, uint64_t *m, int *e)
{
	int ex;
	double fr = frexp(fabs(v), &ex); /* fr in [0.5, 1) */
	uint64_t mant = (uint64_t)ldexp(fr, 53);
	ex -= 53;
	/* an f32 value has 29 trailing zero bits here: bytes first */
	for (; !(mant & 0xff); ex += 8)
		mant >>= 8;
	while (!(mant & 1)) {
		mant >>= 1;
		ex++;
	}
	*m = mant;
	*e = ex;
}

/* APFloat's AdjustToPrecision on the digit buffer: keep `prec`
 * significant digits, rounding half up on the next digit only. */
static void
digits_round(Digits *g, int prec)
{
	int n = g->n;
	if (n <= prec)
		return;
	int first = n - prec;
	if (g->d[first - 1] < '5') {
		while (first < n && g->d[first] == '0')
			first++;
	} else {
		int i;
		for (i = first; i != n; i++) {
			if (g->d[i] != '9') {
				g->d[i]++;
				break;
			}
			first++;
		}
		if (first == n) {
			g->exp += first;
			g->d[0] = '1';
			g->n = 1;
			return;
		}
	}
	g->exp += first;
	memmove(g->d, g->d + first, (size_t)(n - first));
	g->n = n - first;
}

/* 5^0..5^13 and 10^0..10^8: the factors of the loops below (the libm
 * pow calls they replace were a twentieth of printing a CNN's IR). */
static const uint32_t pow5[14] = {
	1u, 5u, 25u, 125u, 625u, 3125u, 15625u, 78125u, 390625u, 1953125u,
	9765625u, 48828125u, 244140625u, 1220703125u,
};
static const uint32_t pow10[9] = {
	1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u,
	100000000u,
};

/* The digits APFloat::toString works with for precision `prec`,
 * including its early truncation of the big integer to about `prec`
 * digits (which is why some values fall back to the long form). */
static void
float_digits(double v, int prec, Digits *g)
{
	uint64_t m;
	int e;
	Big b;
	decompose(v, &m, &e);
	bn_set(&b, m);
	g->exp = 0;
	if (e > 0) {
		bn_shl(&b, e);
	} else if (e < 0) {
		for (int t = -e; t > 0; t -= 13)
			bn_mul(&b, pow5[t >= 13 ? 13 : t]);
		g->exp = e;
	}
	int bits = bn_bits(&b), need = (prec * 196 + 58) / 59;
	if (bits > need) {
		int tens = (bits - need) * 59 / 196;
		g->exp += tens;
		for (; tens >= 9; tens -= 9)
			bn_div(&b, 1000000000u);
		if (tens)
			bn_div(&b, pow10[tens]);
	}
	g->n = 0;
	bool trail = true;
	while (b.n) {
		/* Nine digits per division; the top chunk stops at its
		 * most significant non-zero digit. */
		uint32_t chunk = bn_div(&b, 1000000000u);
		for (int k = 0; k < 9 && (b.n || chunk); k++) {
			char c = (char)('0' + chunk % 10);
			chunk /= 10;
			if (trail && c == '0') {
				g->exp++;
				continue;
			}
			trail = false;
			if (g->n < (int)sizeof g->d)
				g->d[g->n++] = c;
		}
	}
	digits_round(g, prec);
}

/* ---------------------------------------------------------------- format */

static void
put_exp(char **s, int exp, bool pad2)
{
	char tmp[12];
	int k = 0;
	*(*s)++ = exp >= 0 ? '+' : '-';
	if (exp < 0)
		exp = -exp;
	do {
		tmp[k++] = (char)('0' + exp % 10);
		exp /= 10;
	} while (exp);
	if (pad2 && k < 2)
		tmp[k++] = '0';
	while (k)
		*(*s)++ = tmp[--k];
}

static void
put_zero(char *s, int prec, int maxpad, bool tz)
{
	if (maxpad) {
		strcpy(s, "0");
	} else if (tz) {
		strcpy(s, "0.0E+0");
	} else {
		*s++ = '0';
		*s++ = '.';
		*s++ = '0';
		for (int i = 1; i < prec; i++)
			*s++ = '0';
		strcpy(s, "e+00");
	}
}

/* d.ddde+XX; without tz, padded with zeros to prec decimals. */
static void
put_sci(char *s, const Digits *g, int prec, bool tz)
{
	int nd = g->n, exp = g->exp + nd - 1;
	*s++ = g->d[nd - 1];
	*s++ = '.';
	if (nd == 1 && tz)
		*s++ = '0';
	for (int i = 1; i < nd; i++)
		*s++ = g->d[nd - 1 - i];
	if (!tz)
		for (int i = nd - 1; i < prec; i++)
			*s++ = '0';
	*s++ = tz ? 'E' : 'e';
	put_exp(&s, exp, !tz);
	*s = 0;
}

/* ddd000, ddd.ddd or 0.000ddd. */
static void
put_fixed(char *s, const Digits *g)
{
	int nd = g->n, exp = g->exp, i = 0;
	if (exp >= 0) {
		for (; i < nd; i++)
			*s++ = g->d[nd - 1 - i];
		for (int z = 0; z < exp; z++)
			*s++ = '0';
		*s = 0;
		return;
	}
	int whole = exp + nd;
	if (whole > 0) {
		for (; i < whole; i++)
			*s++ = g->d[nd - 1 - i];
		*s++ = '.';
	} else {
		*s++ = '0';
		*s++ = '.';
		for (int z = 0; z < -whole; z++)
			*s++ = '0';
	}
	for (; i < nd; i++)
		*s++ = g->d[nd - 1 - i];
	*s = 0;
}

/* APFloat::toString(Str, prec, maxpad, truncate_zero) for a finite
 * value; writes a NUL-terminated string to s (at least 96 bytes). */
static void
apfloat_str(char *s, double v, int prec, int maxpad, bool tz)
{
	if (signbit(v))
		*s++ = '-';
	if (v == 0) {
		put_zero(s, prec, maxpad, tz);
		return;
	}
	Digits g;
	float_digits(v, prec, &g);
	int nd = g.n, exp = g.exp;
	bool sci;
	if (!maxpad) {
		sci = true;
	} else if (exp >= 0) {
		sci = exp > maxpad || nd + exp > prec;
	} else {
		int msd = exp + nd - 1;
		sci = msd < 0 && -msd > maxpad;
	}
	if (sci)
		put_sci(s, &g, prec, tz);
	else
		put_fixed(s, &g);
}

/* Bits of v in the float kind (f80/f128: never asked, see
 * reads_back). */
static uint64_t
float_bits(double v, IrFloatKind kind)
{
	switch (kind) {
	case IR_F80:
	case IR_F128:
	case IR_F16:
		return ir_f16_from_double(v);
	case IR_BF16:
		return ir_bf16_from_double(v);
	case IR_F32: {
		float f = (float)v;
		uint32_t u;
		memcpy(&u, &f, sizeof u);
		return u;
	}
	case IR_F64:
		break;
	}
	uint64_t u;
	memcpy(&u, &v, sizeof u);
	return u;
}

/* Is D * 10^k (the decimal) compared with B * 2^f below (-1), equal (0)
 * or above (1)? Exact, on big integers. */
static int
cmp_dec_bin(uint64_t D, int k, const Big *B, int f)
{
	int a2 = k < f ? k : f, a5 = k < 0 ? k : 0;
	Big x, y = *B;

	bn_set(&x, D);
	bn_mul_pow5(&x, k - a5);
	bn_shl(&x, k - a2);
	bn_mul_pow5(&y, -a5);
	bn_shl(&y, f - a2);
	return bn_cmp(&x, &y);
}

/* Does the decimal string s (the 6-digit exponent form) round to the
 * double v (which f80/f128 hold exactly) in a format of `prec` bits, as
 * APFloat's correctly rounded conversion does? v's p-bit significand is
 * even (prec > 53), so a tie rounds to v. */
static bool
reads_back_wide(const char *s, double v, int prec)
{
	uint64_t D = 0, m;
	int k = 0, e, bm = 0, f;
	const char *c = s;
	Big b;

	if (*c == '-')
		c++;
	for (; *c && *c != 'e'; c++)
		if (*c != '.') {
			D = D * 10 + (uint64_t)(*c - '0');
			k--;
		}
	k += 1 + (int)strtol(c + 1, NULL, 10); /* d.dddddd: one whole */
	if (v == 0 || D == 0)
		return v == 0 && D == 0;
	decompose(v, &m, &e);
	for (uint64_t t = m; t; t >>= 1)
		bm++;
	/* v = M * 2^E with M of prec bits: m << (prec - bm) */
	f = e - (prec - bm) - 1;
	/* upper bound (2M + 1) * 2^(E - 1) */
	bn_set(&b, m);
	bn_shl(&b, prec - bm + 1);
	b.w[0] |= 1;
	if (cmp_dec_bin(D, k, &b, f) > 0)
		return false;
	/* lower bound (2M - 1) * 2^(E - 1), or (4M - 1) * 2^(E - 2) below
	 * a power of two */
	bn_set(&b, m);
	bn_shl(&b, prec - bm + (m == 1 ? 2 : 1));
	bn_dec(&b);
	return cmp_dec_bin(D, k, &b, m == 1 ? f - 1 : f) >= 0;
}

/* Does the decimal string read back as exactly v in the kind? */
static bool
reads_back(const char *s, double v, IrFloatKind kind)
{
	double d;

	if (kind == IR_F80 || kind == IR_F128)
		return reads_back_wide(s, fabs(v), kind == IR_F80 ? 64 : 113);
	/* the fast path's double is strtod's; rounding it to f32 is
	 * strtof's result, since 53 >= 2 * 24 + 2 bits make double rounding
	 * innocuous */
	if (ir_decimal_fast(s, strlen(s), &d))
		return float_bits(d, kind) == float_bits(v, kind);
	if (kind == IR_F32) {
		float f = strtof(s, NULL);
		return float_bits(f, kind) == float_bits(v, kind);
	}
	return float_bits(strtod(s, NULL), kind) == float_bits(v, kind);
}

static int
kind_precision(IrFloatKind kind)
{
	switch (kind) {
	case IR_F16:
		return 11;
	case IR_BF16:
		return 8;
	case IR_F32:
		return 24;
	case IR_F64:
		break;
	case IR_F80:
		return 64;
	case IR_F128:
		return 113;
	}
	return 53;
}

void
ir_pr_hex_bits(IrPrinter *p, uint64_t bits)
{
	char tmp[20];
	int k = 0;
	do {
		tmp[k++] = "0123456789ABCDEF"[bits & 15];
		bits >>= 4;
	} while (bits);
	ir_pr_write(p, "0x", 2);
	while (k)
		ir_pr_putc(p, tmp[--k]);
}

static const double p10[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* Could any decimal of 6 significant digits read back as v (f32, f64)?
 * False only when none can, and then the 6-digit form cannot either:
 * one that reads back lies within half an f32 ulp of v (at most 0.06 of
 * a unit in the sixth digit), so its six digits are round(v * 10^k)
 * or a neighbour, each checked exactly here (one correctly rounded
 * operation on exact operands, as ir_decimal_fast). Most weights of a
 * model need 9 digits; this spares them the 6-digit big-number pass.
 * Near a power of ten, or for f16/bf16 (whose ulps span many 6-digit
 * decimals), it answers true and the caller does the full work. */
static bool
six_digits_may_read_back(double v, IrFloatKind kind)
{
	double a = fabs(v);
	if ((kind != IR_F32 && kind != IR_F64) || !(a > 0) || !isfinite(a))
		return true;
	int k = 5 - (int)floor(log10(a));
	if (k < -22 || k > 22)
		return true;
	double d = nearbyint(k >= 0 ? a * p10[k] : a / p10[-k]);
	if (d < 100010 || d > 999990)
		return true;
	for (int c = -1; c <= 1; c++) {
		double x = k >= 0 ? (d + c) / p10[k] : (d + c) * p10[-k];
		if (float_bits(x, kind) == float_bits(a, kind))
			return true;
	}
	return false;
}

static bool
float_text(char s[static 128], double v, IrFloatKind kind, bool filter)
{
	if (isfinite(v)) {
		if (!filter || six_digits_may_read_back(v, kind)) {
			apfloat_str(s, v, 6, 0, false);
			if (reads_back(s, v, kind))
				return true;
		}
		int prec = 2 + kind_precision(kind) * 59 / 196;
		apfloat_str(s, v, prec, 3, true);
		if (strchr(s, '.'))
			return true;
	}
	return false;
}

/* `0x` and the storage bytes b[0..n) as one hex number (upper case, no
 * leading zeros), as MLIR prints a float's bits. */
static void
hex_bytes(IrPrinter *p, const uint8_t *b, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	bool lead = true;

	ir_pr_write(p, "0x", 2);
	for (size_t i = n; i-- > 0;) {
		for (int h = 1; h >= 0; h--) {
			unsigned d = b[i] >> (4 * h) & 15;
			if (lead && d == 0 && (i || h))
				continue;
			lead = false;
			ir_pr_putc(p, hex[d]);
		}
	}
}

bool
ir_pr_float_bytes(IrPrinter *p, const uint8_t *b, IrFloatKind kind)
{
	double v;
	char s[128];

	/* MLIR prints decimal where it can; a value no double holds is
	 * printed by its bits here, because MLIR 14 would read its decimal
	 * form back through a double (and lose bits). */
	if (ir_float_wide_to_double(kind, b, &v) && ir_float_text(s, v,
	    kind)) {
		ir_pr_puts(p, s);
		return false;
	}
	hex_bytes(p, b, ir_float_bytes(kind));
	return true;
}

bool
ir_float_text(char s[static 128], double v, IrFloatKind kind)
{
	return float_text(s, v, kind, true);
}

bool
ir_float_text_unfiltered(char s[static 128], double v, IrFloatKind kind)
{
	return float_text(s, v, kind, false);
}

bool
ir_pr_float(IrPrinter *p, double v, IrFloatKind kind)
{
	char s[128];

	if (kind == IR_F80 || kind == IR_F128) {
		uint8_t b[16];
		ir_float_wide_from_double(kind, v, b);
		return ir_pr_float_bytes(p, b, kind);
	}
	if (ir_float_text(s, v, kind)) {
		ir_pr_puts(p, s);
		return false;
	}
	ir_pr_hex_bits(p, float_bits(v, kind));
	return true;
}
