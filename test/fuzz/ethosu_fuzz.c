/* test/fuzz/ethosu_fuzz.c: libFuzzer target for the Ethos-U command-stream
 * decoder and the functional simulator. Input: a little-endian u16 flash
 * size (mod 2048), that many flash bytes, then a COP1 payload or a raw
 * stream. A stream that decodes must re-encode to its exact bytes and
 * list without trouble; then it runs in the simulator over the flash, a
 * 4 KB scratch arena and a 1 KB fast scratch with a small work limit:
 * it may be rejected, never crash, hang or touch memory outside them
 * (ASan checks the last). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
run(const EthosuPayload *pl, const uint8_t *flash, size_t nflash)
{
	static uint8_t scratch[4096], fast[1024];
	EthosuRegion r[ETHOSU_NUM_REGIONS];
	memset(r, 0, sizeof(r));
	uint8_t *fl = malloc(nflash ? nflash : 1);
	if (nflash)
		memcpy(fl, flash, nflash);
	memset(scratch, 0x5a, sizeof(scratch));
	memset(fast, 0xa5, sizeof(fast));
	r[0] = (EthosuRegion){ fl, nflash };
	r[1] = (EthosuRegion){ scratch, sizeof(scratch) };
	r[2] = (EthosuRegion){ fast, sizeof(fast) };
	EthosuSimOptions o = {
		.config = ethosu_payload_config(pl),
		.max_work = 1u << 20,
	};
	const EthosuStream *s = ethosu_payload_stream(pl);
	char err[300];
	if (s)
		ethosu_sim_run(s, r, &o, err, sizeof(err));
	free(fl);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	if (!null)
		null = fopen("/dev/null", "w");
	if (size < 2)
		return 0;
	size_t nflash = (size_t)(data[0] | data[1] << 8) % 2048;
	if (nflash > size - 2)
		nflash = size - 2;
	const uint8_t *flash = data + 2, *p = flash + nflash;
	size_t n = size - 2 - nflash;
	EthosuPayload pl;
	char err[300];
	if (!ethosu_payload_decode(p, n, &pl, err, sizeof(err))) {
		if (!strchr(err, ':'))
			abort(); /* every message names where */
		return 0;
	}
	size_t len;
	uint8_t *again = ethosu_payload_encode(&pl, &len);
	if (len != n || memcmp(again, p, n))
		abort();
	free(again);
	if (null)
		ethosu_payload_print(null, &pl);
	run(&pl, flash, nflash);
	ethosu_payload_free(&pl);
	return 0;
}
