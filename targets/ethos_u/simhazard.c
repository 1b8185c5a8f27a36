/* targets/ethos_u/simhazard.c: the simulator's hazard checker. The
 * hardware runs DMAs and NPU operations concurrently, ordered only by
 * NPU_OP_DMA_WAIT and NPU_OP_KERNEL_WAIT; the simulator runs commands one
 * after another, so a stream missing a wait would simulate correctly and
 * fail on the NPU. In the checking pass each DMA and operation records
 * the bytes it reads and writes, stays outstanding until a wait (or a
 * full queue) retires it, and conflicts with an outstanding one reject
 * the stream. */
#include <stdint.h>
#include <string.h>

#include "targets/ethos_u/simops.h"

/* The product field of the configuration word: 1 is an Ethos-U65. */
static bool
is_u65(const Sim *s)
{
	return (s->opt.config >> 28 & 15) == 1;
}

void
sim_hazard_init(Sim *s)
{
	memset(&s->hz, 0, sizeof(s->hz));
	/* Queue depths (Vela's architecture_features): one outstanding DMA
	 * on an Ethos-U55, two on an Ethos-U65, two kernels; starting one
	 * more stalls the command stream until the oldest completes. A
	 * stream without a configuration word gets the deeper DMA queue,
	 * the conservative choice. */
	s->hz.dma_depth = s->opt.config && !is_u65(s) ? 1 : 2;
	s->hz.op_depth = 2;
}

void
sim_access(Sim *s, const uint8_t *mem, int region, uint64_t start,
    uint64_t len, bool write)
{
	SimAct *a = &s->hz.cur;
	if (s->exec || !len || a->n >= SIM_MAX_ACCESS)
		return;
	a->acc[a->n++] = (SimAccess){ .lo = (uintptr_t)mem + start,
	    .hi = (uintptr_t)mem + start + len, .region = region,
	    .start = start, .write = write };
}

/* The SHRAM a LUT lives in: its last 2 KB (as sim.c reads it). */
static uint64_t
lut_start(const Sim *s)
{
	return s->shram_kb * 1024u - 2048u;
}

/* What an operation reads and writes beyond its feature maps (which
 * fm_check records): the weight and scale streams of a convolution, the
 * LUT it looks up, and the SHRAM its blocks use. The SHRAM is Vela's
 * model: every bank but the two it reserves when it has more than 16,
 * and but the LUT's two when it has no reserved ones and the operation
 * uses a table. */
static void
op_extra(Sim *s, unsigned id)
{
	if (id == ETHOSU_OP_CONV || id == ETHOSU_OP_DEPTHWISE) {
		int wr = (int)sim_reg(s, ETHOSU_SET_WEIGHT_REGION, "region");
		int sr = (int)sim_reg(s, ETHOSU_SET_SCALE_REGION, "region");
		static const unsigned reg[4][2] = {
			{ ETHOSU_SET_WEIGHT_BASE, ETHOSU_SET_WEIGHT_LENGTH },
			{ ETHOSU_SET_WEIGHT1_BASE, ETHOSU_SET_WEIGHT1_LENGTH },
			{ ETHOSU_SET_SCALE_BASE, ETHOSU_SET_SCALE_LENGTH },
			{ ETHOSU_SET_SCALE1_BASE, ETHOSU_SET_SCALE1_LENGTH },
		};
		for (int k = 0; k < 4; k++) {
			int r = k < 2 ? wr : sr;
			uint64_t len = (uint64_t)sim_reg(s, reg[k][1],
			    "length");
			/* The operation's check has bounded core 0's streams;
			 * a second core's are read only when it has any. */
			if (!len || r < 0 || r >= ETHOSU_NUM_REGIONS ||
			    !s->r[r].size)
				continue;
			sim_access(s, s->r[r].data, r, sim_addr(s, reg[k][0]),
			    len, false);
		}
	}
	int act = (int)sim_reg(s, ETHOSU_SET_ACTIVATION,
	    "activation_function");
	bool lut = act >= 16 && act <= 23;
	unsigned total = s->shram_kb * 1024u;
	if (lut)
		sim_access(s, s->shram, -1, lut_start(s), 2048, false);
	unsigned used = s->shram_kb > 16 || lut ? total - 2048u : total;
	sim_access(s, s->shram, -1, 0, used, true);
}

/* The first access of a that conflicts with one of b: either writes
 * bytes the other reads or writes. */
static bool
conflict(const SimAct *a, const SimAct *b, const SimAccess **x,
    const SimAccess **y)
{
	for (int i = 0; i < a->n; i++)
		for (int j = 0; j < b->n; j++) {
			const SimAccess *p = &a->acc[i], *q = &b->acc[j];
			if ((p->write || q->write) && p->lo < q->hi &&
			    q->lo < p->hi) {
				*x = p;
				*y = q;
				return true;
			}
		}
	return false;
}

static void
where(const SimAccess *a, const SimAccess *b, char *buf, size_t n)
{
	uintptr_t lo = a->lo > b->lo ? a->lo : b->lo;
	uintptr_t hi = a->hi < b->hi ? a->hi : b->hi;
	uint64_t off = a->start + (lo - a->lo);
	if (a->region < 0)
		snprintf(buf, n, "bytes [%llu, %llu) of the SHRAM",
		    (unsigned long long)off,
		    (unsigned long long)(off + (hi - lo)));
	else
		snprintf(buf, n, "bytes [%llu, %llu) of region %d",
		    (unsigned long long)off,
		    (unsigned long long)(off + (hi - lo)), a->region);
}

/* Checks the current command against the queue it may race with. */
static bool
check(Sim *s, const SimAct *q, int nq, bool dma)
{
	const SimAct *cur = &s->hz.cur;
	for (int i = nq - 1; i >= 0; i--) {
		const SimAccess *x, *y;
		if (!conflict(cur, &q[i], &x, &y))
			continue;
		const EthosuCmd *o = &s->stream->cmds[q[i].idx];
		char at[96];
		where(x, y, at, sizeof(at));
		return sim_fail(s, "hazard: %s %s %s, which the %s of command "
		    "%zu (%s at byte %u) still %s: an NPU_OP_%s_WAIT is "
		    "missing", dma ? "the DMA" : "the operation",
		    x->write ? "writes" : "reads", at,
		    dma ? "operation" : "DMA", q[i].idx,
		    ethosu_cmd_def(o->id)->name, o->offset,
		    y->write ? "writes" : "reads", dma ? "KERNEL" : "DMA");
	}
	return true;
}

/* Keeps the newest n entries of a queue. */
static void
retire(SimAct *q, int *nq, int n)
{
	if (*nq <= n)
		return;
	memmove(q, q + (*nq - n), (size_t)n * sizeof(*q));
	*nq = n;
}

static void
push(SimAct *q, int *nq, int depth, const SimAct *a)
{
	retire(q, nq, depth - 1);
	q[(*nq)++] = *a;
}

void
sim_hazard_begin(Sim *s)
{
	s->hz.cur.n = 0;
	s->hz.cur.idx = s->idx;
}

bool
sim_hazard_end(Sim *s, unsigned id)
{
	SimHazards *h = &s->hz;
	if (s->exec)
		return true;
	switch (id) {
	case ETHOSU_OP_DMA_WAIT:
		retire(h->dma, &h->ndma, (int)sim_reg(s, id, "k"));
		return true;
	case ETHOSU_OP_KERNEL_WAIT:
		retire(h->ops, &h->nops, (int)sim_reg(s, id, "n"));
		return true;
	case ETHOSU_OP_DMA_START:
		if (!check(s, h->ops, h->nops, true))
			return false;
		push(h->dma, &h->ndma, h->dma_depth, &h->cur);
		return true;
	case ETHOSU_OP_CONV:
	case ETHOSU_OP_DEPTHWISE:
	case ETHOSU_OP_POOL:
	case ETHOSU_OP_ELEMENTWISE:
		op_extra(s, id);
		if (!check(s, h->dma, h->ndma, false))
			return false;
		push(h->ops, &h->nops, h->op_depth, &h->cur);
		return true;
	default:
		return true;
	}
}
