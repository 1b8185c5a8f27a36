/* ir/half.c: the one f16 and bf16 conversion of npu-ir (attributes,
 * the parser and printer, .npy files, the interpreter's tensors and the
 * importers all call it): round to nearest even, overflow to infinity,
 * subnormals kept. */
#include <math.h>
#include <string.h>

#include "ir/ir.h"

/* A binary16-like format: mbits mantissa bits, exponent bias. */
typedef struct {
	int mbits, bias;
} HalfFmt;

static const HalfFmt F16 = { 10, 15 };
static const HalfFmt BF16 = { 7, 127 };

static uint16_t
half_from(HalfFmt f, double d)
{
	uint16_t sign = signbit(d) ? 0x8000 : 0;
	uint16_t inf = (uint16_t)((2 * f.bias + 1) << f.mbits);
	if (isnan(d))
		return sign | inf | (uint16_t)(1u << (f.mbits - 1));
	double a = fabs(d);
	int emin = 1 - f.bias;
	if (a < ldexp(1, emin)) {
		/* Subnormal: a multiple of 2^(emin - mbits); rint rounds
		 * ties to even, and 2^mbits lands on the smallest normal. */
		return sign | (uint16_t)rint(ldexp(a, f.mbits - emin));
	}
	if (isinf(a))
		return sign | inf;
	int e;
	frexp(a, &e);
	e--; /* a = 1.m * 2^e */
	double m = rint(ldexp(a, f.mbits - e));
	if (m >= ldexp(1, f.mbits + 1)) {
		m = ldexp(1, f.mbits);
		e++;
	}
	if (e > f.bias)
		return sign | inf;
	uint16_t frac = (uint16_t)((uint64_t)m - (1u << f.mbits));
	return sign | (uint16_t)((e + f.bias) << f.mbits) | frac;
}

static double
half_to(HalfFmt f, uint16_t h)
{
	int emask = 2 * f.bias + 1;
	int e = (h >> f.mbits) & emask;
	unsigned m = h & ((1u << f.mbits) - 1);
	double v;
	if (e == emask)
		v = m ? NAN : INFINITY;
	else if (e == 0)
		v = ldexp(m, 1 - f.bias - f.mbits);
	else
		v = ldexp(m + (1u << f.mbits), e - f.bias - f.mbits);
	return (h & 0x8000) ? -v : v;
}

uint16_t
ir_f16_from_double(double d)
{
	return half_from(F16, d);
}

double
ir_f16_to_double(uint16_t h)
{
	return half_to(F16, h);
}

uint16_t
ir_bf16_from_double(double d)
{
	return half_from(BF16, d);
}

double
ir_bf16_to_double(uint16_t h)
{
	return half_to(BF16, h);
}

/* NaNs keep their sign and the payload bits that fit, quietened, as a
 * hardware conversion does; everything else goes through the double
 * conversion, exact for a float input, so it is rounded once. */
static float
f32_of(uint32_t bits)
{
	float f;
	memcpy(&f, &bits, 4);
	return f;
}

static uint32_t
bits_of(float f)
{
	uint32_t x;
	memcpy(&x, &f, 4);
	return x;
}

float
ir_f16_to_f32(uint16_t h)
{
	if ((h & 0x7c00) != 0x7c00 || !(h & 0x3ff))
		return (float)half_to(F16, h);
	return f32_of((uint32_t)(h & 0x8000) << 16 | 0x7f800000u |
	    (uint32_t)(h & 0x3ff) << 13);
}

uint16_t
ir_f16_from_f32(float f)
{
	uint32_t x = bits_of(f);
	return isnan(f) ? (uint16_t)((x >> 16 & 0x8000) | 0x7e00 |
	    (x & 0x7fffff) >> 13) : half_from(F16, f);
}

float
ir_bf16_to_f32(uint16_t h)
{
	return f32_of((uint32_t)h << 16);
}

uint16_t
ir_bf16_from_f32(float f)
{
	return isnan(f) ? (uint16_t)(bits_of(f) >> 16 | 0x40) :
	    half_from(BF16, f);
}
