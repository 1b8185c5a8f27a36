/* test/unit/ir/decimal_fast_test.c: ir_decimal_fast (the parser's and the
 * float printer's shortcut past strtod) gives exactly strtod's double,
 * and strtof's float once rounded to f32, on a million decimal strings
 * of the shapes the printer writes and users type; it declines what it
 * cannot do exactly. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/internal.h"
#include "ir/print.h"

static uint64_t state = 0x9e3779b97f4a7c15ull;

static uint64_t
next(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

static void
check(const char *s)
{
	double d;
	if (!ir_decimal_fast(s, strlen(s), &d))
		return;
	double want = strtod(s, NULL);
	float wantf = strtof(s, NULL), gotf = (float)d;
	cr_assert(memcmp(&d, &want, sizeof d) == 0, "%s: %.17g, strtod %.17g",
	    s, d, want);
	cr_assert(memcmp(&gotf, &wantf, sizeof gotf) == 0, "%s: as f32", s);
}

Test(decimal_fast, printed_floats_match_strtod)
{
	char s[64];
	for (int i = 0; i < 300000; i++) {
		uint32_t bits = (uint32_t)next();
		float f;
		memcpy(&f, &bits, sizeof f);
		if (!isfinite(f))
			continue;
		/* the printer's two forms and the generator's */
		snprintf(s, sizeof s, "%.6e", (double)f);
		check(s);
		snprintf(s, sizeof s, "%.9g", (double)f);
		check(s);
		snprintf(s, sizeof s, "%.*f", (int)(next() % 12), (double)f);
		check(s);
	}
}

Test(decimal_fast, random_digit_strings_match_strtod)
{
	char s[64];
	for (int i = 0; i < 300000; i++) {
		int n = 1 + (int)(next() % 15), k = 0, dot = (int)(next() % 17);
		if (next() & 1)
			s[k++] = '-';
		for (int j = 0; j < n; j++) {
			if (j == dot)
				s[k++] = '.';
			s[k++] = (char)('0' + next() % 10);
		}
		if (next() % 3 == 0)
			k += snprintf(s + k, sizeof s - (size_t)k, "e%d",
			    (int)(next() % 61) - 30);
		s[k] = 0;
		check(s);
	}
}

Test(decimal_fast, declines_what_it_cannot_do_exactly)
{
	static const char *const no[] = { "1234567890123456", "1e23",
	    "1e-23", "0x10", "inf", "nan", "", "-", ".", "1e", "1e+",
	    "1.5e-30", "12345678901234567890", "1..2", "1e5x" };
	double d;
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
		cr_assert(!ir_decimal_fast(no[i], strlen(no[i]), &d), "%s",
		    no[i]);
	cr_assert(ir_decimal_fast("-0.0", 4, &d) && d == 0 && signbit(d));
	cr_assert(ir_decimal_fast("7.757702e-02", 12, &d) &&
	    d == strtod("7.757702e-02", NULL));
	cr_assert(ir_decimal_fast("100000000000000", 15, &d) && d == 1e14);
}

/* The printer's shortcut (skip the 6-digit form when no 6-digit decimal
 * can read back) prints exactly what the full attempt prints. */
Test(decimal_fast, float_text_shortcut_is_exact)
{
	char a[128], b[128];
	static const IrFloatKind kinds[] = { IR_F32, IR_F64 };
	for (int i = 0; i < 150000; i++) {
		uint64_t r = next();
		uint32_t bits = (uint32_t)r;
		float f;
		double d;
		memcpy(&f, &bits, sizeof f);
		memcpy(&d, &r, sizeof d);
		/* random bits, and values with few digits (1.5, 0.25, 1e-3) */
		double vs[3] = { f, d, (double)(int)(r % 2000000) /
		    (double)(1 + (r >> 40) % 1000) };
		for (int k = 0; k < 3; k++) {
			IrFloatKind kind = kinds[k == 1];
			bool x = ir_float_text(a, vs[k], kind);
			bool y = ir_float_text_unfiltered(b, vs[k], kind);
			cr_assert(x == y && (!x || !strcmp(a, b)),
			    "%.17g: '%s' vs '%s'", vs[k], a, b);
		}
	}
}
