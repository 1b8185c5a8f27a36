/* dialects/graph/interpret.c: reference kernels of the graph dialect, indexed
 * by op id (NULL: no kernel yet). */
#include "dialects/graph/graph.h"

const IrInterpretFn graph_kernels[GRAPH_NUM_OPS] = {0};
