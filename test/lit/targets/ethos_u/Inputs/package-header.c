/* test/lit/targets/ethos_u/Inputs/package-header.c: a firmware-like user
 * of a header from --emit=c-header (package-raw.test): it must compile
 * with -std=c11 -Wall -Wextra -Werror, and writes the payload and flash
 * it holds to two files, so the test can compare them with the raw
 * form's. */
#include <stdio.h>

#include "model.h"

_Static_assert(MODEL_NUM_INPUTS == 1 && MODEL_NUM_OUTPUTS == 1,
    "one input, one output");

static int
put(const char *path, const uint8_t *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(p, 1, n, f) != n || fclose(f))
		return 1;
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc != 3)
		return 2;
	/* The arrays are aligned as the NPU's DMA wants them. */
	if ((uintptr_t)model_payload() % 16 || (uintptr_t)model_flash() % 16)
		return 3;
	printf("arena %u fast %u input %u+%u output %u+%u\n",
	    MODEL_SCRATCH_SIZE, MODEL_FAST_SCRATCH_SIZE, MODEL_INPUT0_OFFSET,
	    MODEL_INPUT0_SIZE, MODEL_OUTPUT0_OFFSET, MODEL_OUTPUT0_SIZE);
	return put(argv[1], model_payload(), MODEL_PAYLOAD_SIZE) ||
	    put(argv[2], model_flash(), MODEL_FLASH_SIZE);
}
