/* targets/ethos_u/scaling.c: the Ethos-U output stage's scale encoding,
 * computed as Vela computes it (scaling.py, weight_compressor.py). */
#include <math.h>

#include "targets/ethos_u/ethos_u.h"

/* frexp, the mantissa rounded half away from zero to Q31; shift = 31 -
 * exponent must fit the 6-bit field, else the scale is zero. A mantissa
 * that rounds up to 2^31 is kept as Vela keeps it (2^31 with the same
 * shift: the hardware's multiplier field is unsigned 32-bit). */
EuScale
eu_quantise_scale(double scale)
{
	int e;
	double m = frexp(scale, &e);
	int64_t q = (int64_t)round(m * 2147483648.0);
	int shift = 31 - e;

	if (shift < 0 || shift >= 64)
		return (EuScale){0, 16};
	return (EuScale){q, shift};
}

EuScale
eu_reduced_quantise_scale(double scale)
{
	EuScale s = eu_quantise_scale(scale);

	if (s.shift < 0 || s.shift >= 64)
		return (EuScale){0, 16};
	s.multiplier = s.multiplier < (int64_t)32767 << 16 ?
	    (s.multiplier + (1 << 15)) >> 16 : 32767;
	s.shift -= 16;
	return s;
}

double
eu_mac_scale(double in, double w, double out, bool product_f32)
{
	if (product_f32)
		return (double)((float)in * (float)w) / (double)(float)out;
	return (double)(float)in * (double)(float)w / (double)(float)out;
}
