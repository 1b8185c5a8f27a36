/* test/unit/targets/codegen_jobs_test.c: ethos-u-codegen's weight
 * packing pool (targets/ethos_u/codegen_jobs.c): each job's results are
 * the bytes ethosu_weights_pack gives when called alone, whatever the
 * thread count, for jobs of mixed sizes, slices, cores and a failing
 * one; and the threads option's count. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/codegen.h"

#define NJOBS 24

/* A small deterministic generator (no global rand state). */
static uint32_t
next(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s >> 8;
}

/* Job k: a geometry, values and slices chosen from k. */
static void
make_job(int k, CgPackJob *j, int16_t **ohwi, EthosuScale **sc, int **depth)
{
	uint32_t s = (uint32_t)k * 7919u + 1;
	EthosuWeightGeom g = {
		.kind = k % 3 == 2 ? ETHOSU_WEIGHTS_DEPTHWISE :
		    ETHOSU_WEIGHTS_CONV,
		.ofm_depth = 1 + (int)(next(&s) % 96),
		.ifm_depth = 1 + (int)(next(&s) % 80),
		.kernel_h = 1 + (int)(next(&s) % 5),
		.kernel_w = 1 + (int)(next(&s) % 5),
		.dilation_x = 1,
		.dilation_y = 1,
		.ofm_block_depth = 8 << (next(&s) % 3),
		.ifm_bits = 8,
	};
	g.part_kernel = g.kind == ETHOSU_WEIGHTS_CONV && k % 2;
	/* Every other job on a two-core Ethos-U65-512. */
	cr_assert(ethosu_weight_geom_set_accel(&g, 256, k % 4 == 1 ? 2 : 1));
	size_t vol = ethosu_weights_volume(&g);
	*ohwi = malloc(vol * sizeof **ohwi);
	for (size_t i = 0; i < vol; i++)
		(*ohwi)[i] = (int16_t)((int)(next(&s) % 511) - 255);
	/* Job 5 holds a value the encoder refuses. */
	if (k == 5)
		(*ohwi)[vol / 2] = 300;
	*sc = calloc((size_t)g.ofm_depth, sizeof **sc);
	for (int c = 0; c < g.ofm_depth; c++)
		(*sc)[c] = (EthosuScale){ .bias = (int64_t)next(&s) - 5000000,
		    .scale = next(&s), .shift = (uint8_t)(1 + next(&s) % 40) };
	/* Up to three depth slices. */
	*depth = calloc(4, sizeof **depth);
	int ns = g.ofm_depth >= 3 ? 1 + k % 3 : 1;
	for (int i = 1; i < ns; i++)
		(*depth)[i] = g.ofm_depth * i / ns;
	(*depth)[ns] = g.ofm_depth;
	*j = (CgPackJob){ .geom = g,
	    .src = ethosu_weight_src_ohwi(&g, *ohwi), .scales = *sc,
	    .depth = *depth, .nslices = ns };
}

/* Does j hold ref's results? */
static void
same_as(const CgPackJob *j, const CgPackJob *ref, int t, int k)
{
	cr_assert_eq(j->ok, ref->ok, "%d threads, job %d", t, k);
	if (!ref->ok) {
		cr_assert_str_eq(j->err.msg, ref->err.msg);
		return;
	}
	cr_assert_eq(j->nblob, ref->nblob, "%d threads, job %d", t, k);
	cr_assert(!memcmp(j->blob, ref->blob, ref->nblob),
	    "%d threads, job %d", t, k);
	cr_assert_eq(j->nranges, ref->nranges);
	cr_assert(!memcmp(j->ranges, ref->ranges, ref->nranges *
	    sizeof *ref->ranges));
}

/* The NJOBS jobs of make_job with their inputs, and each one's
 * reference: the packer called alone. */
typedef struct Refs {
	CgPackJob ref[NJOBS];
	int16_t *ohwi[NJOBS];
	EthosuScale *sc[NJOBS];
	int *depth[NJOBS];
} Refs;

static void
refs_make(Refs *r)
{
	for (int k = 0; k < NJOBS; k++) {
		CgPackJob *j = &r->ref[k];
		make_job(k, j, &r->ohwi[k], &r->sc[k], &r->depth[k]);
		j->ok = ethosu_weights_pack(&j->geom, r->ohwi[k], r->sc[k],
		    r->depth[k], j->nslices, &j->blob, &j->nblob, &j->ranges,
		    &j->nranges, &j->err);
	}
}

/* Job k afresh: its inputs, no results. */
static CgPackJob
refs_job(const Refs *r, int k)
{
	const CgPackJob *j = &r->ref[k];
	return (CgPackJob){ .geom = j->geom,
	    .src = ethosu_weight_src_ohwi(&j->geom, r->ohwi[k]),
	    .scales = r->sc[k], .depth = r->depth[k],
	    .nslices = j->nslices };
}

static void
refs_free(Refs *r)
{
	for (int k = 0; k < NJOBS; k++) {
		cg_pack_job_free(&r->ref[k]);
		free(r->ohwi[k]);
		free(r->sc[k]);
		free(r->depth[k]);
	}
}

Test(codegen_jobs, same_results_for_every_thread_count)
{
	Refs r;
	refs_make(&r);
	for (int k = 0; k < NJOBS; k++)
		cr_assert_eq(r.ref[k].ok, k != 5, "job %d", k);
	for (int t = 1; t <= CG_MAX_THREADS; t++) {
		CgPackJob jobs[NJOBS];
		for (int k = 0; k < NJOBS; k++)
			jobs[k] = refs_job(&r, k);
		cg_pack_jobs(jobs, NJOBS, t);
		for (int k = 0; k < NJOBS; k++) {
			same_as(&jobs[k], &r.ref[k], t, k);
			cg_pack_job_free(&jobs[k]);
		}
	}
	refs_free(&r);
}

Test(codegen_jobs, no_jobs_and_one_job)
{
	cg_pack_jobs(NULL, 0, 4);
	CgPackJob j;
	int16_t *ohwi;
	EthosuScale *sc;
	int *depth;
	make_job(0, &j, &ohwi, &sc, &depth);
	cg_pack_jobs(&j, 1, 4);
	cr_assert(j.ok);
	cr_assert_gt(j.nblob, 0);
	cg_pack_job_free(&j);
	free(ohwi);
	free(sc);
	free(depth);
}

Test(codegen_jobs, thread_counts)
{
	cr_assert_eq(cg_threads(1), 1);
	cr_assert_eq(cg_threads(3), 3);
	cr_assert_eq(cg_threads(100), CG_MAX_THREADS);
	/* 0: the online CPUs, at least one, at most the cap. */
	cr_assert_geq(cg_threads(0), 1);
	cr_assert_leq(cg_threads(0), CG_MAX_THREADS);
}

/* The pool the pass keeps for a function: jobs submitted in batches
 * while others run, waited for in any order (here backwards, as the
 * pass never does), one forgotten (dropped while queued, or waited for
 * while it runs: either way never half done); every result the packer's
 * own, whatever the thread count. */
Test(codegen_jobs, pool_waits_in_any_order_and_forgets)
{
	Refs r;
	refs_make(&r);
	for (int t = 1; t <= CG_MAX_THREADS; t++) {
		CgPackJob jobs[NJOBS];
		CgPool *p = cg_pool_create(t);
		for (int k = 0; k < NJOBS; k++) {
			jobs[k] = refs_job(&r, k);
			cg_pool_submit(p, &jobs[k]);
			/* A wait between submissions, as the pass takes
			 * a run's first packing while it collects more. */
			if (k == NJOBS / 2)
				cg_pool_wait(p, &jobs[0]);
		}
		cg_pool_forget(p, &jobs[7]);
		cr_assert(jobs[7].state == CG_JOB_NEW ||
		    jobs[7].state == CG_JOB_DONE);
		if (jobs[7].state == CG_JOB_DONE)
			same_as(&jobs[7], &r.ref[7], t, 7);
		else
			cr_assert_null(jobs[7].blob);
		for (int k = NJOBS; k-- > 0;) {
			if (k == 7)
				continue;
			cg_pool_wait(p, &jobs[k]);
			cr_assert_eq(jobs[k].state, CG_JOB_DONE);
			same_as(&jobs[k], &r.ref[k], t, k);
		}
		cg_pool_destroy(p);
		for (int k = 0; k < NJOBS; k++)
			cg_pack_job_free(&jobs[k]);
	}
	refs_free(&r);
}

/* A pool with no job to do starts and stops cleanly, with any count. */
Test(codegen_jobs, idle_pool)
{
	for (int t = 1; t <= CG_MAX_THREADS; t++)
		cg_pool_destroy(cg_pool_create(t));
	cg_pool_destroy(NULL);
}

/* A job above CG_POOL_VALUES runs when nothing else does, and jobs that
 * do not fit beside a running one wait for it (never block): all
 * finish with the packer's own results, whatever the thread count. */
Test(codegen_jobs, job_above_the_cap)
{
	CgPackJob big;
	int16_t *ohwi;
	EthosuScale *sc;
	int *depth;
	make_job(3, &big, &ohwi, &sc, &depth);
	free(ohwi);
	free(sc);
	/* 2,304 x 1,024 x 1 x 1: 2.25 M values, one slice. */
	big.geom.kind = ETHOSU_WEIGHTS_CONV;
	big.geom.part_kernel = false;
	big.geom.ofm_depth = 2304;
	big.geom.ifm_depth = 1024;
	big.geom.kernel_h = big.geom.kernel_w = 1;
	size_t vol = ethosu_weights_volume(&big.geom);
	cr_assert_gt(vol, CG_POOL_VALUES);
	ohwi = malloc(vol * sizeof *ohwi);
	uint32_t s = 99;
	for (size_t i = 0; i < vol; i++)
		ohwi[i] = (int16_t)((int)(next(&s) % 31) - 15);
	sc = calloc(2304, sizeof *sc);
	for (int c = 0; c < 2304; c++)
		sc[c] = (EthosuScale){ .scale = 1u << 30, .shift = 31 };
	depth[0] = 0, depth[1] = 2304;
	big.src = ethosu_weight_src_ohwi(&big.geom, ohwi);
	big.scales = sc, big.depth = depth, big.nslices = 1;
	CgPackJob ref = big;
	ref.ok = ethosu_weights_pack(&ref.geom, ohwi, sc, depth, 1,
	    &ref.blob, &ref.nblob, &ref.ranges, &ref.nranges, &ref.err);
	cr_assert(ref.ok);
	for (int t = 1; t <= CG_MAX_THREADS; t += 3) {
		CgPackJob small[4], refs[4], j = big;
		int16_t *so[4];
		EthosuScale *ss[4];
		int *sd[4];
		CgPool *p = cg_pool_create(t);
		for (int k = 0; k < 4; k++) {
			make_job(10 + k, &refs[k], &so[k], &ss[k], &sd[k]);
			small[k] = refs[k];
			refs[k].ok = ethosu_weights_pack(&refs[k].geom, so[k],
			    ss[k], sd[k], refs[k].nslices, &refs[k].blob,
			    &refs[k].nblob, &refs[k].ranges, &refs[k].nranges,
			    &refs[k].err);
			cg_pool_submit(p, &small[k]);
		}
		cg_pool_submit(p, &j);
		cg_pool_wait(p, &j);
		same_as(&j, &ref, t, -1);
		for (int k = 0; k < 4; k++) {
			cg_pool_wait(p, &small[k]);
			same_as(&small[k], &refs[k], t, k);
			cg_pack_job_free(&small[k]);
			cg_pack_job_free(&refs[k]);
			free(so[k]);
			free(ss[k]);
			free(sd[k]);
		}
		cg_pool_destroy(p);
		cg_pack_job_free(&j);
	}
	cg_pack_job_free(&ref);
	free(ohwi);
	free(sc);
	free(depth);
}
