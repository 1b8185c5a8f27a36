#!/usr/bin/env python3
# test/lit/memory/Inputs/check-alloc-csv.py: an independent check of a
# planned allocation CSV (shares nothing with the C planners): every row
# of the input appears with the same range and size, offsets are >= 0,
# no two buffers live at the same time share a byte, and the highest end
# is at most the capacity. Prints "ok: N buffers, arena A" or exits 1.
# usage: check-alloc-csv.py INPUT.csv PLANNED.csv CAPACITY
import csv
import sys


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def main():
    want = {r['id']: r for r in rows(sys.argv[1])}
    got = rows(sys.argv[2])
    cap = int(sys.argv[3])
    if sorted(r['id'] for r in got) != sorted(want):
        sys.exit('ids differ between input and plan')
    bufs = []
    for r in got:
        w = want[r['id']]
        for k in ('lower', 'upper', 'size'):
            if r[k] != w[k]:
                sys.exit('%s: %s changed' % (r['id'], k))
        lo, hi, sz, off = (int(r[k]) for k in
                           ('lower', 'upper', 'size', 'offset'))
        if off < 0:
            sys.exit('%s: negative offset' % r['id'])
        bufs.append((lo, hi, off, off + sz, r['id']))
    bufs.sort()
    for i, a in enumerate(bufs):
        for b in bufs[i + 1:]:
            if b[0] >= a[1]:
                break
            if a[2] < b[3] and b[2] < a[3]:
                sys.exit('%s and %s overlap' % (a[4], b[4]))
    arena = max((b[3] for b in bufs), default=0)
    if arena > cap:
        sys.exit('arena %d over the capacity %d' % (arena, cap))
    print('ok: %d buffers, arena %d' % (len(bufs), arena))


main()
