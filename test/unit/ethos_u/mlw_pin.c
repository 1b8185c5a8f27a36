/* test/unit/ethos_u/mlw_pin.c: seeded weight streams pinned to a
 * recorded encoder's bytes, and their round trips (mlw_pin.h). */
#include "test/unit/ethos_u/mlw_pin.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <xxhash.h>

#include "test/unit/ethos_u/mlw_size.h"

uint32_t
mlw_rnd(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

void
mlw_check_pin(const MlwPin *p, EthosuMlwIsa isa)
{
	XXH3_state_t *h = XXH3_createState();
	uint32_t s = p->seed;
	size_t total = 0;
	cr_assert_not_null(h);
	XXH3_64bits_reset(h);
	for (int t = 0; t < p->count; t++) {
		size_t n = p->len(t, &s);
		int16_t *v = malloc(n * sizeof(*v));
		uint8_t *enc;
		size_t nenc;
		EthosuWeightError e;
		p->fill(v, n, &s, t);
		cr_assert(ethosu_mlw_encode_isa(v, n, isa, &enc, &nenc, &e),
		    "stream %d: %s", t, e.msg);
		mlw_check_size(v, n, isa, enc, nenc, "a pinned stream");
		XXH3_64bits_update(h, enc, nenc);
		total += nenc;
		free(v);
		free(enc);
	}
	cr_assert_eq(total, p->bytes, "isa %d: %zu bytes", (int)isa, total);
	cr_assert_eq(XXH3_64bits_digest(h), p->hash, "isa %d: hash %016llx",
	    (int)isa, (unsigned long long)XXH3_64bits_digest(h));
	XXH3_freeState(h);
}

void
mlw_check_round_trips(const MlwPin *p)
{
	uint32_t s = p->seed;
	for (int t = 0; t < p->count; t++) {
		size_t n = p->len(t, &s), nenc, nback;
		int16_t *v = malloc(n * sizeof(*v)), *back;
		uint8_t *enc;
		EthosuWeightError e;
		p->fill(v, n, &s, t);
		cr_assert(ethosu_mlw_encode(v, n, &enc, &nenc, &e),
		    "stream %d: %s", t, e.msg);
		cr_assert_eq(nenc % 16, 0, "stream %d", t);
		cr_assert(ethosu_mlw_decode(enc, nenc, n, &back, &nback, &e),
		    "stream %d: %s", t, e.msg);
		cr_assert_eq(nback, n, "stream %d", t);
		cr_assert_arr_eq(back, v, n * sizeof(*v), "stream %d", t);
		free(v);
		free(back);
		free(enc);
	}
}
