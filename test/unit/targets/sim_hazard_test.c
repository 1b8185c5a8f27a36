/* test/unit/targets/sim_hazard_test.c: the simulator's hazard checker on
 * hand-built streams: the DMA queue depth of each product, a DMA
 * overwriting what an operation reads, and the waits that fix each. */
#include <criterion/criterion.h>
#include <string.h>

#include "targets/ethos_u/sim.h"

typedef struct Build {
	EthosuCmd cmds[64];
	size_t n;
} Build;

static void
put(Build *b, unsigned id, const char *f, uint32_t v)
{
	EthosuCmd *c = &b->cmds[b->n++];
	memset(c, 0, sizeof(*c));
	c->id = (uint16_t)id;
	c->offset = (uint32_t)(4 * b->n);
	if (f)
		c->value[ethosu_field_index(id, f)] = v;
}

/* A DMA of 8 bytes within region 1. */
static void
dma(Build *b, uint32_t src, uint32_t dst)
{
	put(b, ETHOSU_SET_DMA0_SRC_REGION, "region", 1);
	put(b, ETHOSU_SET_DMA0_DST_REGION, "region", 1);
	put(b, ETHOSU_SET_DMA0_SRC, "addr", src);
	put(b, ETHOSU_SET_DMA0_DST, "addr", dst);
	put(b, ETHOSU_SET_DMA0_LEN, "addr", 8);
	put(b, ETHOSU_OP_DMA_START, NULL, 0);
}

/* A 1x1 max pool copying 8 int8 bytes within region 1. */
static void
copy8(Build *b, uint32_t src, uint32_t dst)
{
	static const unsigned fm[2][7] = {
		{ ETHOSU_SET_IFM_REGION, ETHOSU_SET_IFM_BASE0,
		  ETHOSU_SET_IFM_STRIDE_X, ETHOSU_SET_IFM_STRIDE_Y,
		  ETHOSU_SET_IFM_STRIDE_C, ETHOSU_SET_IFM_WIDTH0_M1,
		  ETHOSU_SET_IFM_PRECISION },
		{ ETHOSU_SET_OFM_REGION, ETHOSU_SET_OFM_BASE0,
		  ETHOSU_SET_OFM_STRIDE_X, ETHOSU_SET_OFM_STRIDE_Y,
		  ETHOSU_SET_OFM_STRIDE_C, ETHOSU_SET_OFM_WIDTH0_M1,
		  ETHOSU_SET_OFM_PRECISION },
	};
	for (int k = 0; k < 2; k++) {
		put(b, fm[k][0], "region", 1);
		put(b, fm[k][1], "addr", k ? dst : src);
		put(b, fm[k][2], "addr", 1);
		put(b, fm[k][3], "addr", 8);
		put(b, fm[k][4], "addr", 1);
		put(b, fm[k][5], "width_m1", 7);
		put(b, fm[k][6], "activation_type", 1);
	}
	put(b, ETHOSU_SET_OFM_WIDTH_M1, "width_m1", 7);
	put(b, ETHOSU_SET_ACTIVATION_MIN, "clip_boundary", 0xff80);
	put(b, ETHOSU_SET_ACTIVATION_MAX, "clip_boundary", 127);
	put(b, ETHOSU_OP_POOL, NULL, 0);
}

static bool
run(Build *b, uint32_t config, uint8_t *arena, char *err, size_t n)
{
	put(b, ETHOSU_OP_STOP, NULL, 0);
	EthosuStream st = { .cmds = b->cmds, .n = b->n };
	EthosuRegion r[ETHOSU_NUM_REGIONS] = { { NULL, 0 }, { arena, 40 } };
	EthosuSimOptions o = { .config = config };
	return ethosu_sim_run(&st, r, &o, err, n);
}

/* Two DMAs (0 -> 8, 0 -> 16), then a pool reading the first's bytes with
 * no wait: an Ethos-U55 queues one DMA, so starting the second waited
 * for the first; an Ethos-U65 queues two, so the first may still run. */
static bool
two_dmas(uint32_t config, char *err, size_t n)
{
	uint8_t arena[40] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	Build b = { .n = 0 };
	dma(&b, 0, 8);
	dma(&b, 0, 16);
	copy8(&b, 8, 24);
	bool ok = run(&b, config, arena, err, n);
	if (ok)
		cr_expect_eq(memcmp(arena + 24, arena, 8), 0);
	return ok;
}

Test(ethosu_sim_hazard, dma_queue_depth)
{
	char err[300];
	cr_expect(two_dmas(0x1807, err, sizeof(err)), "U55: %s", err);
	cr_expect_not(two_dmas(0x10003008, err, sizeof(err)));
	cr_expect(strstr(err, "hazard: the operation reads bytes [8, 16) "
	    "of region 1, which the DMA of command 5") != NULL, "%s", err);
	/* Without a configuration word the deeper queue is assumed. */
	cr_expect_not(two_dmas(0, err, sizeof(err)));
}

/* A pool reads 0..8 while a DMA overwrites them (write after read):
 * rejected, unless a kernel wait retires the pool first. */
static bool
war(bool wait, char *err, size_t n)
{
	uint8_t arena[40] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	Build b = { .n = 0 };
	copy8(&b, 0, 8);
	if (wait)
		put(&b, ETHOSU_OP_KERNEL_WAIT, "n", 0);
	dma(&b, 24, 0);
	return run(&b, 0x1807, arena, err, n);
}

Test(ethosu_sim_hazard, write_after_read)
{
	char err[300];
	cr_expect_not(war(false, err, sizeof(err)));
	cr_expect(strstr(err, "hazard: the DMA writes bytes [0, 8) of "
	    "region 1, which the operation of command") != NULL, "%s", err);
	cr_expect(strstr(err, "still reads: an NPU_OP_KERNEL_WAIT is "
	    "missing") != NULL, "%s", err);
	cr_expect(war(true, err, sizeof(err)), "%s", err);
}

/* NPU_OP_KERNEL_WAIT 1 leaves the newest operation running: a DMA over
 * the older one's input is safe, over the newer one's not. */
static bool
kernel_wait1(uint32_t over, char *err, size_t n)
{
	uint8_t arena[40] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	Build b = { .n = 0 };
	copy8(&b, 0, 8);
	copy8(&b, 16, 24);
	put(&b, ETHOSU_OP_KERNEL_WAIT, "n", 1);
	dma(&b, 32, over);
	return run(&b, 0x1807, arena, err, n);
}

Test(ethosu_sim_hazard, kernel_wait_keeps_newest)
{
	char err[300];
	cr_expect(kernel_wait1(0, err, sizeof(err)), "%s", err);
	cr_expect_not(kernel_wait1(16, err, sizeof(err)));
	cr_expect(strstr(err, "KERNEL_WAIT is missing") != NULL, "%s", err);
}
