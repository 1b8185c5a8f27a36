/* passes/schedule.h: op orders that lower the peak of live bytes, over a
 * plain dependence graph (no IR), for the schedule pass and unit tests. */
#ifndef NPUIR_SCHEDULE_H
#define NPUIR_SCHEDULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Nodes 0..n-1 in their original order. Node i produces out[i] bytes,
 * live from when it runs until its last consumer has run (forever when
 * keep[i]: a function result). pred[predstart[i] .. predstart[i + 1])
 * are the nodes i reads or must follow (each once). While a node runs,
 * its inputs and its output are all live. */
typedef struct SchedGraph {
	size_t n;
	const int64_t *out;
	const bool *keep;
	const size_t *predstart, *pred;
} SchedGraph;

/* The peak of live bytes when the nodes run in order (a topological
 * order of all n). */
int64_t sched_peak(const SchedGraph *g, const size_t *order);

/* A lower bound on every order's peak: the largest inputs + output of
 * one node. */
int64_t sched_lower_bound(const SchedGraph *g);

/* Writes an order with a low peak to order and returns its peak, never
 * above the original order's. Exact (dynamic programming over the sets
 * of nodes already run) while each step has at most max_states such
 * sets and n <= 64; then *exact is true. Else a greedy order (the ready
 * node that leaves the fewest live bytes) or the original one. */
int64_t sched_order(const SchedGraph *g, size_t max_states, size_t *order,
    bool *exact);

#endif /* NPUIR_SCHEDULE_H */
