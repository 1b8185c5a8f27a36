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
#include <unistd.h>

#include "targets/ethos_u/codegen.h"

/* The jobs of one batch, largest first, and the next one to take. */
typedef struct Pool {
	CgPackJob *jobs;
	const size_t *order;
	size_t n;
	atomic_size_t next;
} Pool;

static void
run_job(EthosuMlwScratch *s, CgPackJob *j)
{
	j->ok = ethosu_weights_pack_into(s, &j->geom, &j->src, j->scales,
	    j->depth, j->nslices, j->reuse, j->nreuse, &j->blob, &j->nblob,
	    &j->ranges, &j->nranges, &j->err);
	j->reuse = NULL;
}

/* Takes jobs until none is left (each thread, the caller's included),
 * all with one scratch: the encoder's arrays are reused from job to
 * job instead of mapped afresh for each (largest first, the first job
 * sizes them). */
static void *
worker(void *arg)
{
	Pool *p = arg;
	EthosuMlwScratch *s = ethosu_mlw_scratch_create();
	for (size_t k; (k = atomic_fetch_add(&p->next, 1)) < p->n;)
		run_job(s, &p->jobs[p->order[k]]);
	ethosu_mlw_scratch_destroy(s);
	return NULL;
}

/* Values the job encodes: its cost, near enough. */
static size_t
job_cost(const CgPackJob *j)
{
	return j->src.data ? ethosu_weights_volume(&j->geom) : 0;
}

/* The indices of jobs, largest first: the big classifier starts at
 * once instead of last, while the others share the rest. */
static size_t *
largest_first(const CgPackJob *jobs, size_t n)
{
	size_t *order = ir_xcalloc(n ? n : 1, sizeof *order);
	size_t *cost = ir_xcalloc(n ? n : 1, sizeof *cost);
	for (size_t i = 0; i < n; i++)
		order[i] = i, cost[i] = job_cost(&jobs[i]);
	/* Insertion sort: a hundred jobs at most per run, and no global
	 * comparison state (qsort has no context argument in C11). */
	for (size_t i = 1; i < n; i++) {
		size_t k = order[i], c = cost[k], at = i;
		while (at > 0 && cost[order[at - 1]] < c) {
			order[at] = order[at - 1];
			at--;
		}
		order[at] = k;
	}
	free(cost);
	return order;
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
	size_t *order = largest_first(jobs, n);
	Pool p = { .jobs = jobs, .order = order, .n = n };
	atomic_init(&p.next, 0);
	if (threads <= 1 || n <= 1) {
		worker(&p);
		free(order);
		return;
	}
	pthread_t tid[CG_MAX_THREADS];
	int nt = 0;
	if ((size_t)threads > n)
		threads = (int)n;
	/* A thread that cannot start leaves its share to the others. */
	while (nt < threads - 1 && nt < CG_MAX_THREADS &&
	    !pthread_create(&tid[nt], NULL, worker, &p))
		nt++;
	worker(&p);
	for (int i = 0; i < nt; i++)
		pthread_join(tid[i], NULL);
	free(order);
}

void
cg_pack_job_free(CgPackJob *j)
{
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
 * records then its stream. */
static bool
take_packed(CgPrep *p, CgPackJob *j)
{
	if (j->nranges < 1 || j->nranges > 2)
		return false;
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

bool
cg_pack_pending(Cg *g)
{
	size_t nj = 0;
	for (size_t i = 0; i < g->n; i++)
		nj += g->run[i].packing;
	if (!nj)
		return true;
	CgPackJob *jobs = ir_xcalloc(nj, sizeof *jobs);
	int *depth = ir_xcalloc(2 * nj, sizeof *depth);
	for (size_t i = 0, k = 0; i < g->n; i++) {
		CgPrep *p = &g->run[i];
		if (!p->packing)
			continue;
		/* One slice: the whole depth. */
		depth[2 * k + 1] = p->geom.ofm_depth;
		jobs[k] = (CgPackJob){ .geom = p->geom, .src = p->wsrc,
		    .scales = p->scales, .depth = &depth[2 * k],
		    .nslices = 1 };
		k++;
	}
	cg_pack_jobs(jobs, nj, g->threads);
	bool ok = true;
	for (size_t i = 0, k = 0; i < g->n; i++) {
		CgPrep *p = &g->run[i];
		if (!p->packing)
			continue;
		CgPackJob *j = &jobs[k++];
		p->packing = false;
		if (ok && !(j->ok && take_packed(p, j))) {
			ir_op_emit_error(report_op(g, i), "cannot encode the "
			    "weights of this op for the Ethos-U: %s",
			    j->ok ? "not one or two cores' ranges" :
			    j->err.msg);
			ok = false;
		}
		cg_pack_job_free(j);
	}
	free(jobs);
	free(depth);
	return ok;
}
