/* test/unit/ethos_u/mlw_pin.h: seeded streams of weights for the
 * encoder's tests: a pin (their bytes hashed against a recorded
 * encoder) and their round trips through the decoder. */
#ifndef NPUIR_TEST_ETHOS_U_MLW_PIN_H
#define NPUIR_TEST_ETHOS_U_MLW_PIN_H

#include <stddef.h>
#include <stdint.h>

#include "targets/ethos_u/mlw.h"

/* xorshift: deterministic test data. */
uint32_t mlw_rnd(uint32_t *s);

/* `count` streams from `seed`: stream t has len(t) values made by
 * fill(t) (both draw from the same state, in that order); encoded,
 * they total `bytes` and hash (XXH3-64) to `hash`. */
typedef struct MlwPin {
	int count;
	uint32_t seed;
	size_t (*len)(int t, uint32_t *s);
	void (*fill)(int16_t *v, size_t n, uint32_t *s, int t);
	size_t bytes;
	uint64_t hash;
} MlwPin;

/* Encodes p's streams under isa and asserts their total and hash; each
 * also goes through mlw_check_size (the size path and the plan). */
void mlw_check_pin(const MlwPin *p, EthosuMlwIsa isa);

/* Asserts that each of p's streams encodes to whole 16-byte units and
 * decodes back to its values (bytes and hash unused). */
void mlw_check_round_trips(const MlwPin *p);

#endif /* NPUIR_TEST_ETHOS_U_MLW_PIN_H */
