/* targets/ethos_u/codegen_jobs.c: weight packing on a small pool of
 * POSIX threads. ethos-u-codegen spends most of its time encoding
 * weights (one ethosu_weights_pack per layer, again per depth slice for
 * buffered layers); the layers are independent, so each is a job. A job
 * holds plain arrays the main thread filled (never the IR) and receives
 * its own results, so the output does not depend on which thread ran
 * which job, nor on their timing. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "targets/ethos_u/codegen.h"

/* Jobs wait in `queue` (submission order); each thread takes the
 * largest that fits the budget, the caller of cg_pool_wait the job it
 * waits for when it is still queued. */
struct CgPool {
	pthread_mutex_t mu;
	pthread_cond_t work;    /* a job was queued or finished, or stop */
	pthread_cond_t done;    /* a job finished */
	CgPackJob **queue;
	size_t nq, capq;
	bool stop;
	size_t running;         /* values the running jobs encode */
	pthread_t tid[CG_MAX_THREADS];
	int nt;
	/* The caller's encoder scratch (each worker has its own). */
	EthosuMlwScratch *mine;
};

static void
run_job(EthosuMlwScratch *s, CgPackJob *j)
{
	if (j->measure) {
		j->ok = ethosu_weights_pack_size(s, &j->geom, &j->src,
		    j->scales, j->depth, j->nslices, &j->nblob, &j->ranges,
		    &j->nranges, &j->plans, &j->err);
		return;
	}
	j->ok = ethosu_weights_pack_planned(s, &j->geom, &j->src, j->scales,
	    j->depth, j->nslices, j->plans, j->reuse, j->nreuse, &j->blob,
	    &j->nblob, &j->ranges, &j->nranges, &j->err);
	j->reuse = NULL;
}

/* Values the job encodes: its cost, near enough. */
static size_t
job_cost(const CgPackJob *j)
{
	return j->src.data ? ethosu_weights_volume(&j->geom) : 0;
}

/* A job this large (MobileNet-v2's classifier, 1.28 M values; its
 * layers have at most 410 K) leaves a scratch of several MB that the
 * next, smaller jobs do not need: it is freed at once. */
#define CG_BIG_JOB ((size_t)1 << 19)

/* May j start now? The encoder's scratch grows with the stream (about
 * 4 bytes a value: 5 MB for MobileNet-v2's classifier), so the values
 * encoded at once are capped, whatever the thread count; a job larger
 * than the cap runs when nothing else does. Under mu. */
static bool
fits(const CgPool *p, const CgPackJob *j)
{
	return !p->running || p->running + job_cost(j) <= CG_POOL_VALUES;
}

/* Removes queue entry k, keeping the others' order. Under mu. */
static CgPackJob *
dequeue(CgPool *p, size_t k)
{
	CgPackJob *j = p->queue[k];
	memmove(&p->queue[k], &p->queue[k + 1], (p->nq - k - 1) *
	    sizeof *p->queue);
	p->nq--;
	j->state = CG_JOB_RUNNING;
	p->running += job_cost(j);
	return j;
}

/* The largest queued job that fits (the first of equals), taken; NULL
 * when none does. Under mu. The big classifier starts at once instead
 * of last, while the others share the rest. */
static CgPackJob *
take_largest(CgPool *p)
{
	size_t best = p->nq;
	for (size_t k = 0; k < p->nq; k++)
		if (fits(p, p->queue[k]) && (best == p->nq ||
		    job_cost(p->queue[k]) > job_cost(p->queue[best])))
			best = k;
	return best < p->nq ? dequeue(p, best) : NULL;
}

/* Runs j outside the lock, then marks it done. Under mu. */
static void
run_unlocked(CgPool *p, EthosuMlwScratch *s, CgPackJob *j)
{
	pthread_mutex_unlock(&p->mu);
	run_job(s, j);
	pthread_mutex_lock(&p->mu);
	j->state = CG_JOB_DONE;
	p->running -= job_cost(j);
	pthread_cond_broadcast(&p->done);
	pthread_cond_broadcast(&p->work);
}

/* A worker takes jobs until the pool stops, with one scratch while
 * jobs keep coming: the encoder's arrays are reused from job to job
 * instead of mapped afresh for each, and freed when the queue runs dry
 * (a run's streams are being built then, the pass's peak of memory). */
static void *
worker(void *arg)
{
	CgPool *p = arg;
	EthosuMlwScratch *s = NULL;
	pthread_mutex_lock(&p->mu);
	for (;;) {
		if (!p->nq && s) {
			pthread_mutex_unlock(&p->mu);
			ethosu_mlw_scratch_destroy(s);
			s = NULL;
			pthread_mutex_lock(&p->mu);
			continue;
		}
		if (!p->nq && p->stop)
			break;
		CgPackJob *j = take_largest(p);
		if (!j) {
			/* Nothing queued, or nothing that fits yet. */
			pthread_cond_wait(&p->work, &p->mu);
			continue;
		}
		if (!s)
			s = ethosu_mlw_scratch_create();
		run_unlocked(p, s, j);
		if (job_cost(j) > CG_BIG_JOB) {
			pthread_mutex_unlock(&p->mu);
			ethosu_mlw_scratch_destroy(s);
			s = NULL;
			pthread_mutex_lock(&p->mu);
		}
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

/* The caller's scratch, made when it first runs a job. Under mu. */
static EthosuMlwScratch *
mine(CgPool *p)
{
	if (!p->mine)
		p->mine = ethosu_mlw_scratch_create();
	return p->mine;
}

CgPool *
cg_pool_create(int threads)
{
	CgPool *p = ir_xcalloc(1, sizeof *p);
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->done, NULL);
	/* The caller is one of the threads. A thread that cannot start
	 * leaves its share to the others. */
	while (p->nt < threads - 1 && p->nt < CG_MAX_THREADS &&
	    !pthread_create(&p->tid[p->nt], NULL, worker, p))
		p->nt++;
	return p;
}

void
cg_pool_submit(CgPool *p, CgPackJob *j)
{
	pthread_mutex_lock(&p->mu);
	if (p->nq == p->capq) {
		p->capq = 2 * p->capq + 16;
		p->queue = ir_xrealloc(p->queue, p->capq * sizeof *p->queue);
	}
	j->state = CG_JOB_QUEUED;
	p->queue[p->nq++] = j;
	pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->mu);
}

/* The queue index of j, or nq. Under mu. */
static size_t
queued_at(const CgPool *p, const CgPackJob *j)
{
	size_t k = 0;
	while (k < p->nq && p->queue[k] != j)
		k++;
	return k;
}

void
cg_pool_wait(CgPool *p, CgPackJob *j)
{
	pthread_mutex_lock(&p->mu);
	while (j->state != CG_JOB_DONE) {
		size_t k = queued_at(p, j);
		CgPackJob *h;
		/* Still queued: the caller runs it when it fits (with no
		 * worker, every job runs so, in the order the pass needs
		 * them). Else the caller helps with the largest job that
		 * fits, or waits for one to finish. */
		if (k < p->nq && fits(p, j))
			run_unlocked(p, mine(p), dequeue(p, k));
		else if ((h = take_largest(p)))
			run_unlocked(p, mine(p), h);
		else
			pthread_cond_wait(&p->done, &p->mu);
	}
	/* Nothing queued: the caller's scratch goes too (as a worker's). */
	EthosuMlwScratch *s = p->nq ? NULL : p->mine;
	if (s)
		p->mine = NULL;
	pthread_mutex_unlock(&p->mu);
	ethosu_mlw_scratch_destroy(s);
}

void
cg_pool_forget(CgPool *p, CgPackJob *j)
{
	pthread_mutex_lock(&p->mu);
	size_t k = j->state == CG_JOB_QUEUED ? queued_at(p, j) : p->nq;
	if (k < p->nq) {
		dequeue(p, k);
		p->running -= job_cost(j);
		j->state = CG_JOB_NEW;
	}
	while (j->state == CG_JOB_RUNNING)
		pthread_cond_wait(&p->done, &p->mu);
	pthread_mutex_unlock(&p->mu);
}

void
cg_pool_destroy(CgPool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->mu);
	p->stop = true;
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->mu);
	/* Workers finish what is queued (nothing, when every job was
	 * waited for or forgotten) and stop. */
	for (int i = 0; i < p->nt; i++)
		pthread_join(p->tid[i], NULL);
	ethosu_mlw_scratch_destroy(p->mine);
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->done);
	pthread_mutex_destroy(&p->mu);
	free(p->queue);
	free(p);
}

int
cg_threads(int64_t opt)
{
	if (opt > 0)
		return opt < CG_MAX_THREADS ? (int)opt : CG_MAX_THREADS;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	if (cpus < 1)
		return 1;
	return cpus < CG_MAX_THREADS ? (int)cpus : CG_MAX_THREADS;
}

void
cg_pack_jobs(CgPackJob *jobs, size_t n, int threads)
{
	if ((size_t)threads > n)
		threads = n ? (int)n : 1;
	CgPool *p = cg_pool_create(threads);
	for (size_t i = 0; i < n; i++)
		cg_pool_submit(p, &jobs[i]);
	for (size_t i = 0; i < n; i++)
		cg_pool_wait(p, &jobs[i]);
	cg_pool_destroy(p);
}

void
cg_pack_job_free(CgPackJob *j)
{
	if (j->measure)
		ethosu_weights_plans_free(j->plans, j->nranges);
	j->plans = NULL;
	free(j->blob);
	free(j->ranges);
	free(j->reuse);
	j->blob = NULL;
	j->ranges = NULL;
	j->reuse = NULL;
}

/* The op a prep reports at: its own, or (a step of a lowering) the
 * next one's. */
static IrOp *
report_op(const Cg *g, size_t i)
{
	for (size_t j = i; j < g->n; j++)
		if (g->run[j].op)
			return g->run[j].op;
	return NULL;
}

void
cg_take_blob(CgPrep *p, CgPackJob *j)
{
	free(p->blob);
	free(p->ranges);
	p->blob = j->blob;
	p->nblob = j->nblob;
	p->ranges = j->ranges;
	p->nranges = j->nranges;
	j->blob = NULL;
	j->ranges = NULL;
}

/* Takes a packing's results into p: one depth slice, each core's
 * records then its stream (a measure: where they will be, and the
 * plans to pack them by). */
static bool
take_packed(CgPrep *p, CgPackJob *j)
{
	if (j->nranges < 1 || j->nranges > 2)
		return false;
	if (j->measure) {
		p->measured = true;
		p->plans = j->plans;
		p->nplans = j->nranges;
		j->plans = NULL;
	}
	cg_take_blob(p, j);
	CgNpuOp *n = &p->n;
	for (size_t i = 0; i < p->nranges; i++) {
		const EthosuWeightRange *r = &p->ranges[i];
		n->w_addr[i] = r->weight_offset;
		n->w_len[i] = r->weight_bytes;
		n->s_addr[i] = r->scale_offset;
		n->s_len[i] = (r->scale_bytes + 15) / 16 * 16;
	}
	n->ncores = (int)p->nranges;
	return true;
}

static bool
geom_equal(const EthosuWeightGeom *a, const EthosuWeightGeom *b)
{
	return a->kind == b->kind && a->part_kernel == b->part_kernel &&
	    a->ofm_depth == b->ofm_depth && a->ifm_depth == b->ifm_depth &&
	    a->kernel_h == b->kernel_h && a->kernel_w == b->kernel_w &&
	    a->dilation_x == b->dilation_x &&
	    a->dilation_y == b->dilation_y &&
	    a->ofm_block_depth == b->ofm_block_depth &&
	    a->ifm_bits == b->ifm_bits && a->ncores == b->ncores &&
	    a->ifm_ublock_depth == b->ifm_ublock_depth &&
	    a->ofm_ublock_depth == b->ofm_ublock_depth;
}

/* The packing codegen.c's look-ahead started for p's op, when it packs
 * exactly what p would (same geometry, values and scales: the op and its
 * constants did not change, only the run around it); p then adopts its
 * inputs (its own equal copies go). NULL otherwise. */
static CgPackJob *
adopt_early(Cg *g, CgPrep *p)
{
	size_t k = p->op ? (size_t)ir_ptrmap_get(&g->early_of, p->op) : 0;
	if (!k || !g->early[k - 1].job)
		return NULL;
	CgEarly *e = &g->early[k - 1];
	CgPackJob *j = e->job;
	/* The same constant's bytes read the same way: the same values.
	 * (The look-ahead takes only MAC ops, whose weights are constants;
	 * a lowering's own copy would differ in address and be packed
	 * again.) The running job reads e's scales: p takes them. */
	const EthosuWeightSrc *a = &j->src, *b = &p->wsrc;
	bool same = b->data && a->data == b->data && a->elem == b->elem &&
	    a->zp == b->zp && a->ostride == b->ostride &&
	    a->rstride == b->rstride;
	if (!same || !geom_equal(&j->geom, &p->geom) ||
	    memcmp(j->scales, p->scales, (size_t)p->geom.ofm_depth *
	    sizeof *p->scales))
		return NULL;
	free(p->scales);
	p->scales = e->scales;
	e->scales = NULL;
	e->job = NULL;
	g->nadopted++;
	return j;
}

CgPackJob *
cg_whole_job(const CgPrep *p)
{
	/* One slice: the whole depth. */
	CgPackJob *j = ir_xcalloc(1, sizeof *j);
	j->whole[1] = p->geom.ofm_depth;
	j->geom = p->geom;
	j->src = p->wsrc;
	j->scales = p->scales;
	j->depth = j->whole;
	j->nslices = 1;
	return j;
}

CgPackJob *
cg_first_job(const Cg *g, const CgPrep *p)
{
	CgPackJob *j = cg_whole_job(p);
	/* Measured first: its slices are decided from the exact size of
	 * the whole packing, which is not built unless it is needed. */
	j->measure = cg_wbuf_may_slice(g, p);
	return j;
}

void
cg_pack_submit(Cg *g)
{
	for (size_t i = 0; i < g->n; i++) {
		CgPrep *p = &g->run[i];
		if (!p->packing || p->job)
			continue;
		p->job = adopt_early(g, p);
		if (p->job)
			continue;
		p->job = cg_first_job(g, p);
		cg_pool_submit(g->pool, p->job);
	}
}

bool
cg_pack_take(Cg *g, size_t i, bool report)
{
	CgPrep *p = &g->run[i];
	CgPackJob *j = p->job;
	if (!j)
		return true;
	cg_pool_wait(g->pool, j);
	p->job = NULL;
	p->packing = false;
	bool ok = j->ok && take_packed(p, j);
	if (!ok && report)
		ir_op_emit_error(report_op(g, i), "cannot encode the "
		    "weights of this op for the Ethos-U: %s",
		    j->ok ? "not one or two cores' ranges" : j->err.msg);
	cg_pack_job_free(j);
	free(j);
	return ok;
}

bool
cg_pack_pending(Cg *g)
{
	cg_pack_submit(g);
	bool ok = true;
	for (size_t i = 0; i < g->n; i++)
		ok = cg_pack_take(g, i, ok) && ok;
	return ok;
}

void
cg_early_wait(Cg *g, IrOp *op)
{
	size_t k = (size_t)ir_ptrmap_get(&g->early_of, op);
	if (k && g->early[k - 1].job)
		cg_pool_wait(g->pool, g->early[k - 1].job);
}

void
cg_early_wait_all(Cg *g)
{
	for (size_t k = 0; k < g->nearly; k++)
		if (g->early[k].job)
			cg_pool_wait(g->pool, g->early[k].job);
}

void
cg_early_free(Cg *g)
{
	for (size_t k = 0; k < g->nearly; k++) {
		CgEarly *e = &g->early[k];
		if (e->job) {
			cg_pool_forget(g->pool, e->job);
			cg_pack_job_free(e->job);
			free(e->job);
		}
		free(e->wcopy);
		free(e->scales);
	}
	free(g->early);
	ir_ptrmap_free(&g->early_of);
	g->early = NULL;
	g->nearly = 0;
	memset(&g->early_of, 0, sizeof g->early_of);
}
