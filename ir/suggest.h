/* ir/suggest.h: "did you mean" for misspelt flags, passes and options:
 * the known name closest to what the user typed, by edit distance. */
#ifndef NPUIR_SUGGEST_H
#define NPUIR_SUGGEST_H

#include <stddef.h>

/* The candidate nearest to word[0..len) (Levenshtein distance, a swap of
 * two neighbours counting once) when it is a likely typo: at most 2
 * edits and fewer than half of word's letters; else NULL. cands may
 * hold NULLs, which are skipped. The first of equally near ones wins. */
const char *ir_suggest(const char *word, size_t len,
    const char *const *cands, size_t n);

#endif /* NPUIR_SUGGEST_H */
