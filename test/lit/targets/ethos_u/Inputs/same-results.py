# test/lit/targets/ethos_u/Inputs/same-results.py: runs functions of two
# programs (the graph program and its lowering) with npu-run on the same
# seeded inputs, under both roundings, and fails unless every result is
# byte-identical.
# usage: same-results.py NPU_RUN BEFORE.mlir AFTER.mlir ENTRY[:NRESULTS]...
import os
import subprocess
import sys
import tempfile


def run(npu_run, path, entry, arith, seed, n, out):
    files = [os.path.join(out, '%d.npy' % i) for i in range(n)]
    cmd = [npu_run, path, '--entry=' + entry, '--arith=' + arith,
           '--seed=%d' % seed] + ['--output=' + f for f in files]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return [open(f, 'rb').read() for f in files]


def main():
    npu_run, before, after = sys.argv[1:4]
    bad = 0
    with tempfile.TemporaryDirectory() as d:
        for spec in sys.argv[4:]:
            entry, _, n = spec.partition(':')
            n = int(n or 1)
            for arith in ('tflite', 'tflite-micro'):
                for seed in (1, 2, 3):
                    a = run(npu_run, before, entry, arith, seed, n, d)
                    b = run(npu_run, after, entry, arith, seed, n, d)
                    for i, (x, y) in enumerate(zip(a, b)):
                        if x != y:
                            print('%s result %d differs (%s, seed %d)'
                                  % (entry, i, arith, seed))
                            bad += 1
    print('mismatches: %d' % bad)
    return 1 if bad else 0


sys.exit(main())
