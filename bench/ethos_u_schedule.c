/* bench/ethos_u_schedule.c: times ethos-u-schedule (optimise=performance
 * and size) and the memory planning after it (bufferize, plan-memory with
 * a heuristic) on one model, each on a fresh copy of the legalized
 * module: best of RUNS, CPU time of the process and wall time. Built and
 * run by bench/ethos-u-schedule. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "dialects/dialect.h"
#include "import/import.h"
#include "ir/pass.h"
#include "passes/passes.h"
#include "targets/ethos_u/ethos_u.h"

static double
clock_s(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool
run(IrContext *ctx, IrOp *module, const char *pipeline)
{
	IrPmOptions o;
	ir_pm_options_default(&o);
	o.verify_each = false;
	IrPassManager *pm = ir_pm_create(ctx, &o);
	bool ok = ir_pm_add_pipeline(pm, pipeline) && ir_pm_run(pm, module);
	ir_pm_destroy(pm);
	return ok;
}

/* Best CPU and wall seconds of `timed` over runs, each on a copy of
 * module that `before` prepared (untimed). */
static bool
bench(IrContext *ctx, IrOp *module, const char *before, const char *timed,
    int runs, double *cpu, double *wall)
{
	*cpu = *wall = 1e9;
	for (int r = 0; r < runs; r++) {
		IrOp *m = ir_op_clone(ctx, module);
		if (*before && !run(ctx, m, before)) {
			ir_op_destroy(m);
			return false;
		}
		double c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
		double w0 = clock_s(CLOCK_MONOTONIC);
		bool ok = run(ctx, m, timed);
		double c = clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0;
		double w = clock_s(CLOCK_MONOTONIC) - w0;
		ir_op_destroy(m);
		if (!ok)
			return false;
		*cpu = c < *cpu ? c : *cpu;
		*wall = w < *wall ? w : *wall;
	}
	return true;
}

int
main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: ethos-u-schedule MODEL.tflite TARGET "
		    "RUNS\n");
		return 2;
	}
	int runs = atoi(argv[3]);
	IrContext *ctx = ir_context_create();
	dialects_register_all(ctx);
	passes_register_all(ctx);
	ethos_u_register(ctx);
	IrOp *module = import_tflite(ctx, argv[1], NULL);
	char lower[512];
	snprintf(lower, sizeof lower, "builtin.module(graph-optimize,"
	    "ethos-u-target{%s},ethos-u-legalize)", argv[2]);
	if (!module || !run(ctx, module, lower))
		return 1;
	static const char *const cases[][3] = {
		{ "ethos-u-schedule (performance)", "",
		  "builtin.module(ethos-u-schedule)" },
		{ "ethos-u-schedule (size)", "",
		  "builtin.module(ethos-u-schedule{optimise=size})" },
		{ "bufferize + plan-memory (best-fit-size), after the schedule",
		  "builtin.module(ethos-u-schedule)",
		  "builtin.module(func.func(bufferize,"
		  "plan-memory{algorithm=best-fit-size}))" },
		{ "bufferize + plan-memory (greedy), after the schedule",
		  "builtin.module(ethos-u-schedule)",
		  "builtin.module(func.func(bufferize,"
		  "plan-memory{algorithm=greedy}))" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		double cpu, wall;
		if (!bench(ctx, module, cases[i][1], cases[i][2], runs, &cpu,
		    &wall))
			return 1;
		printf("%-60s cpu %7.2f ms  wall %7.2f ms\n", cases[i][0],
		    cpu * 1e3, wall * 1e3);
	}
	ir_op_destroy(module);
	ir_context_destroy(ctx);
	return 0;
}
