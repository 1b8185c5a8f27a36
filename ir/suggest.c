/* ir/suggest.c: nearest known name for "did you mean": see ir/suggest.h. */
#include "ir/suggest.h"

#include <string.h>

/* Names longer than this are never suggested (nor compared). */
enum { MAXLEN = 64 };

/* Optimal string alignment distance between a[0..n) and b[0..m). */
static size_t
distance(const char *a, size_t n, const char *b, size_t m)
{
	size_t d[MAXLEN + 1][MAXLEN + 1];
	for (size_t i = 0; i <= n; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= n; i++) {
		for (size_t j = 1; j <= m; j++) {
			size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	}
	return d[n][m];
}

const char *
ir_suggest(const char *word, size_t len, const char *const *cands, size_t n)
{
	const char *best = NULL;
	size_t bestd = 3; /* at most 2 edits */
	if (len == 0 || len > MAXLEN)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		size_t m = cands[i] ? strlen(cands[i]) : 0;
		if (!m || m > MAXLEN || (m > len ? m - len : len - m) >= bestd)
			continue;
		size_t d = distance(word, len, cands[i], m);
		if (d < bestd && 2 * d < len) {
			best = cands[i];
			bestd = d;
		}
	}
	return best;
}
