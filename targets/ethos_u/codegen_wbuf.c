/* targets/ethos_u/codegen_wbuf.c: weight buffering as Vela 3.10 does it.
 * An op whose weights live in flash or DRAM, away from the SRAM its
 * feature maps use, gets them DMA'd into SRAM buffers first (the
 * estimate's placement decides which: ethos_u_place). When the DMA of
 * all of them would not hide under the operation before, the op is cut
 * into OFM depth slices (perf.c's rule, Vela's): the first slice small
 * enough to arrive under the op before, the others each as deep as the
 * slice before computes while their DMA runs, alternating between two
 * buffers. The weights are packed per slice (each slice its own scale
 * records and weight stream), and each slice is one NPU operation.
 * Inside a cascade of ethos-u-schedule an op is not sliced: its first
 * stripe DMAs all of its weights and the later stripes read that
 * buffer. */
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/codegen.h"
#include "targets/ethos_u/layers.h"
#include "targets/ethos_u/schedule.h"

static size_t
round16(size_t n)
{
	return (n + 15) / 16 * 16;
}

/* The ops the estimate models without a warning: one layer each, or
 * (npu.resize, npu.pad) one per NPU operation the stream runs, whose
 * maps the placement then sees. */
static bool
modelled(const IrOp *op)
{
	static const char *const names[] = { "npu.conv2d",
	    "npu.depthwise_conv2d", "npu.fully_connected", "npu.pool",
	    "npu.elementwise", "npu.lut", "npu.resize", "npu.pad" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (ir_op_is(op, names[i]))
			return true;
	return false;
}

void
cg_wbuf_layers(Cg *g, IrBlock *blk)
{
	memset(&g->ls, 0, sizeof g->ls);
	memset(&g->layer_of, 0, sizeof g->layer_of);
	for (IrOp *op = blk->first; op; op = op->next) {
		bool skip;
		size_t before = g->ls.n;
		if (!modelled(op) || !ethos_u_add_op(&g->t, &g->ls, op,
		    &skip)) {
			g->ls.n = before;
			continue;
		}
		if (g->ls.n == before + 1)
			ir_ptrmap_put(&g->layer_of, op, (void *)g->ls.n);
	}
	/* The estimate's decision (estimate.c): scheduled stripes have
	 * their SRAM already; otherwise Vela's buffer limit. */
	ethos_u_place(&g->t, &g->ls, g->size && g->striped);
	if (!g->striped)
		ethos_u_limit_buffers(&g->t, &g->ls, g->size, 0);
}

void
cg_wbuf_layers_free(Cg *g)
{
	free(g->ls.v);
	ir_ptrmap_free(&g->layer_of);
	memset(&g->ls, 0, sizeof g->ls);
	memset(&g->layer_of, 0, sizeof g->layer_of);
}

static const EthosULayer *
layer(const Cg *g, IrOp *op)
{
	size_t k = op ? (size_t)ir_ptrmap_get(&g->layer_of, op) : 0;
	return k ? &g->ls.v[k - 1] : NULL;
}

bool
cg_wbuf_buffered(const Cg *g, const CgPrep *p)
{
	const EthosULayer *l = layer(g, p->op);
	return p->wsrc.data && l && l->w.present && l->w.buffered;
}

bool
cg_wbuf_may_slice(const Cg *g, const CgPrep *p)
{
	int64_t st[3];
	return !p->alias && !p->view && !p->member && cg_wbuf_buffered(g, p) &&
	    !(p->op && ethos_u_stripe_of(p->op, st));
}

/* The query Vela's scheduler costs weight buffering with: the op as
 * the estimate places it, seen as the scheduler sees it (perf.c's
 * ethos_u_scheduler_view: the scheduler decides the buffering before it
 * moves maps to the fast storage). */
static EthosUQuery
ref_query(const Cg *g, const CgPrep *p)
{
	const EthosULayer *l = layer(g, p->op);
	return ethos_u_scheduler_view(&g->t, l ? &l->q : &p->n.q);
}

/* The op's cycles alone: what the next op's weight DMA may hide under. */
static double
op_cycles(const Cg *g, const CgPrep *p)
{
	EthosUQuery q = ref_query(g, p);
	int64_t macs;
	return (double)ethos_u_op_cycles(&g->t, &q, &p->n.cfg, &macs);
}

/* The bytes of slice k (all cores' ranges, each rounded to 16), and
 * where they start in the blob. */
static size_t
slice_bytes(const CgPrep *p, int k, size_t *start)
{
	size_t n = 0;
	bool first = true;
	for (size_t i = 0; i < p->nranges; i++) {
		const EthosuWeightRange *r = &p->ranges[i];
		if (r->depth != p->depth[k])
			continue;
		if (first)
			*start = r->scale_offset;
		first = false;
		n += round16(r->weight_offset + r->weight_bytes -
		    r->scale_offset);
	}
	return n;
}

/* Slices and buffers of one buffered prep (one slice for the stripe of
 * a cascade, as Vela forces); returns the slack it leaves the next op.
 * The slices follow from the size of the whole packing, exact whether
 * the weights were packed whole or only measured (p->measured). A prep
 * cut in more than one slice is packed per slice; a measured one that is
 * not is packed whole now, following the measure's plans (no second
 * palette scan or parameter search): *job is that packing, submitted to
 * the pool at once. */
static double
plan_prep(Cg *g, CgPrep *p, double slack, bool whole, CgPackJob **job)
{
	CgNpuOp *n = &p->n;
	int64_t oc = n->ofm.c;
	double next = op_cycles(g, p);
	EthosUQuery q = ref_query(g, p);
	EthosUSlices sl;
	int ns = 1;
	int *depth = ir_xcalloc((size_t)oc + 2, sizeof *depth);
	depth[1] = (int)oc;
	*job = NULL;
	g->nmeasured += p->measured;
	if (!whole && ethos_u_weight_slices(&g->t, &q, &n->cfg,
	    (double)p->nblob, slack, &sl)) {
		ns = 0;
		for (int64_t at = 0; at < oc; at = at ? at + sl.step :
		    sl.pre)
			depth[ns++] = (int)at;
		depth[ns] = (int)oc;
		*job = ir_xcalloc(1, sizeof **job);
		**job = (CgPackJob){ .geom = p->geom, .src = p->wsrc,
		    .scales = p->scales, .depth = depth, .nslices = ns,
		    .reuse = p->blob, .nreuse = p->nblob };
		/* The slices' packing replaces the whole one: its buffer. */
		p->blob = NULL;
		cg_pool_submit(g->pool, *job);
		next = sl.slack;
	} else if (p->measured) {
		g->nmeasured_whole++;
		*job = cg_whole_job(p);
		(*job)->plans = p->plans;
		cg_pool_submit(g->pool, *job);
	}
	p->depth = depth;
	p->nslices = ns;
	return next;
}

/* The buffer sizes of a buffered prep: its largest even and odd
 * slices. */
static void
buffer_sizes(CgPrep *p)
{
	for (int k = 0; k < p->nslices; k++) {
		size_t start, b = slice_bytes(p, k, &start);
		if ((int64_t)b > p->wsize[k % 2])
			p->wsize[k % 2] = (int64_t)b;
	}
}

/* Takes the slices' packing into p (which keeps its depth slices). The
 * same values and geometry were packed whole, so a failure is not the
 * user's input: it is reported at the op all the same. */
static bool
take_slices(CgPrep *p, CgPackJob *j)
{
	if (!j->ok && j->nslices == 1) {
		ir_op_emit_error(p->op, "cannot encode the weights of this op "
		    "for the Ethos-U: %s", j->err.msg);
		return false;
	}
	if (!j->ok) {
		ir_op_emit_error(p->op, "cannot encode the weights of this op "
		    "in %d depth slices for the Ethos-U: %s", j->nslices,
		    j->err.msg);
		return false;
	}
	cg_take_blob(p, j);
	return true;
}

/* Stripe k > 0 of a buffered op (stripe id `id`): it reads the buffer
 * the first stripe of the run filled, when their packed weights are the
 * same bytes (each stripe chose its own block configuration, which may
 * order them differently); else it reads its own from flash. */
static void
share(Cg *g, size_t i, int64_t id)
{
	CgPrep *p = &g->run[i];
	for (size_t j = i; j-- > 0;) {
		CgPrep *f = &g->run[j];
		int64_t st[3];
		if (!f->op || !ethos_u_stripe_of(f->op, st) || st[0] != id ||
		    st[1] != 0)
			continue;
		if (f->nslices != 1 || f->nblob != p->nblob ||
		    memcmp(f->blob, p->blob, p->nblob))
			return;
		p->wshare = j + 1;
		f->wend = (int64_t)i + 1;
		/* Its copy in flash is never read. */
		free(p->blob);
		p->blob = NULL;
		p->nblob = 0;
		return;
	}
}

/* Packed for good: the unpacked weights go (as soon as possible: all
 * of a run's, at 2 bytes a weight, are most of the pass's memory). */
static void
drop_unpacked(CgPrep *p)
{
	free(p->wcopy);
	free(p->scales);
	ethosu_weights_plans_free(p->plans, p->nplans);
	p->wcopy = NULL;
	p->wsrc = (EthosuWeightSrc){ 0 };
	p->scales = NULL;
	p->plans = NULL;
	p->nplans = 0;
}

/* Waits for and takes the slice packings, in the run's order (the
 * first failure reported when `report`). */
static bool
take_all_slices(Cg *g, CgPackJob **jobs, bool report)
{
	bool ok = report;
	for (size_t i = 0; i < g->n; i++) {
		if (!jobs[i])
			continue;
		cg_pool_wait(g->pool, jobs[i]);
		ok = ok && take_slices(&g->run[i], jobs[i]);
		cg_pack_job_free(jobs[i]);
		free(jobs[i]);
		drop_unpacked(&g->run[i]);
	}
	return ok;
}

bool
cg_wbuf_decide(Cg *g)
{
	double slack = 0;
	/* Every whole-depth packing is on the pool; the slices are
	 * decided in the run's order (each op's slack is what the one
	 * before leaves), op i's as soon as its whole size is known, and
	 * its slices' packing starts at once, beside the whole packings
	 * of the ops after it. A packing that fails stops the decisions
	 * (the run is not emitted): the rest are only waited for. */
	cg_pack_submit(g);
	CgPackJob **jobs = ir_xcalloc(g->n + 1, sizeof *jobs);
	bool ok = true;
	for (size_t i = 0; i < g->n; i++) {
		CgPrep *p = &g->run[i];
		ok = cg_pack_take(g, i, ok) && ok;
		if (!ok || p->alias || p->view || p->member)
			continue;
		const EthosULayer *l = layer(g, p->op);
		int64_t st[3];
		bool striped = p->op && ethos_u_stripe_of(p->op, st);
		if (p->n.ncores && cg_wbuf_buffered(g, p))
			slack = plan_prep(g, p, slack, striped, &jobs[i]);
		else {
			if (p->wsrc.data && p->n.ncores && l &&
			    l->w.present && l->w.resident && striped && st[1] > 0)
				share(g, i, st[0]);
			slack = op_cycles(g, p);
		}
		if (!jobs[i])
			drop_unpacked(p);
	}
	ok = take_all_slices(g, jobs, ok);
	for (size_t i = 0; i < g->n; i++) {
		CgPrep *p = &g->run[i];
		buffer_sizes(p);
		drop_unpacked(p);
	}
	free(jobs);
	return ok;
}

/* The channels [lo, hi) of a map, addressed in the whole map. */
static void
slice_fm(CgFm *f, int lo, int hi)
{
	int64_t sx, sy, sc;
	cg_fm_strides(f, &sx, &sy, &sc);
	f->addr = (uint64_t)cg_fm_addr(f, 0, 0, lo);
	f->c = hi - lo;
	f->strided = true;
	f->sx = (uint64_t)sx, f->sy = (uint64_t)sy, f->sc = (uint64_t)sc;
}

void
cg_wbuf_emit(CgEmit *e, const EthosUTarget *t, const CgPrep *p)
{
	if (!p->nslices && !p->wshare) {
		cg_emit_op(e, t, &p->n);
		return;
	}
	/* A stripe reading its first stripe's buffer: one whole slice,
	 * already there. */
	int nslices = p->wshare ? 1 : p->nslices;
	for (int k = 0; k < nslices; k++) {
		CgNpuOp s = p->n;
		int lo = p->wshare ? 0 : p->depth[k];
		int hi = p->wshare ? (int)s.ofm.c : p->depth[k + 1];
		if (nslices > 1) {
			slice_fm(&s.ofm, lo, hi);
			if (s.op == ETHOSU_OP_DEPTHWISE)
				slice_fm(&s.ifm, lo, hi);
		}
		/* Each core's scale records then weights, one after the
		 * other in the buffer, as they lie in the flash. */
		uint64_t base = (uint64_t)p->waddr[k % 2], off = 0;
		s.ncores = 0;
		s.w_region = p->wregion;
		for (size_t i = 0; i < p->nranges && s.ncores < 2; i++) {
			const EthosuWeightRange *r = &p->ranges[i];
			if (r->depth != lo)
				continue;
			int c = s.ncores++;
			s.s_addr[c] = base + off;
			s.s_len[c] = round16(r->scale_bytes);
			s.w_addr[c] = base + off + r->weight_offset -
			    r->scale_offset;
			s.w_len[c] = round16(r->weight_bytes);
			off += round16(r->weight_offset + r->weight_bytes -
			    r->scale_offset);
		}
		if (p->wshare) {
			cg_emit_op(e, t, &s);
			continue;
		}
		size_t start = 0;
		CgDma d = { .len = slice_bytes(p, k, &start),
		    .dst = base, .dst_region = p->wregion };
		d.src = p->blob_at + start;
		cg_emit_dma(e, t, &d);
		cg_emit_op(e, t, &s);
	}
}
