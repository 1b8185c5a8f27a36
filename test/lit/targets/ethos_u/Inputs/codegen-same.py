# test/lit/targets/ethos_u/Inputs/codegen-same.py: runs functions of two
# programs (the legalized npu program and its ethos-u-codegen output, whose
# streams run in the functional simulator) with npu-run on the same seeded
# inputs under one arithmetic, and fails unless every result is
# byte-identical.
# usage: codegen-same.py NPU_RUN ARITH BEFORE.mlir AFTER.mlir ENTRY[:N]...
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
    npu_run, arith, before, after = sys.argv[1:5]
    bad = runs = 0
    with tempfile.TemporaryDirectory() as d:
        for spec in sys.argv[5:]:
            entry, _, n = spec.partition(':')
            n = int(n or 1)
            for seed in range(1, 6):
                a = run(npu_run, before, entry, arith, seed, n, d)
                b = run(npu_run, after, entry, arith, seed, n, d)
                runs += 1
                for i, (x, y) in enumerate(zip(a, b)):
                    if x != y:
                        print('%s result %d differs (seed %d)'
                              % (entry, i, seed))
                        bad += 1
    print('runs: %d, mismatches: %d' % (runs, bad))
    return 1 if bad else 0


sys.exit(main())
