# test/lit/targets/ethos_u/Inputs/close-results.py: runs functions of two
# programs (the graph program and its lowering) with npu-run on the same
# seeded inputs under one arithmetic and prints, per function, the
# largest difference of any result element and how many differ; fails
# when a difference exceeds ATOL.
# usage: close-results.py NPU_RUN BEFORE.mlir AFTER.mlir ARITH ATOL ENTRY...
import os
import subprocess
import sys
import tempfile


def run(npu_run, path, entry, arith, seed, out):
    subprocess.run([npu_run, path, '--entry=' + entry, '--arith=' + arith,
                    '--seed=%d' % seed, '--output=' + out], check=True,
                   stdout=subprocess.DEVNULL)
    data = open(out, 'rb').read()
    hlen = int.from_bytes(data[8:10], 'little')
    header = data[10:10 + hlen].decode()
    body = data[10 + hlen:]
    size = 2 if "i2'" in header else 1
    signed = "'<u" not in header and "'|u" not in header
    return [int.from_bytes(body[i:i + size], 'little', signed=signed)
            for i in range(0, len(body), size)]


def main():
    npu_run, before, after, arith, atol = sys.argv[1:6]
    worst = 0
    with tempfile.TemporaryDirectory() as d:
        f = os.path.join(d, 'out.npy')
        for entry in sys.argv[6:]:
            big = ndiff = n = 0
            for seed in (1, 2, 3):
                a = run(npu_run, before, entry, arith, seed, f)
                b = run(npu_run, after, entry, arith, seed, f)
                diffs = [abs(x - y) for x, y in zip(a, b)]
                big = max([big] + diffs)
                ndiff += sum(1 for x in diffs if x)
                n += len(diffs)
            print('%s: max %d, %d of %d differ' % (entry, big, ndiff, n))
            worst = max(worst, big)
    print('within %s: %s' % (atol, 'yes' if worst <= int(atol) else 'no'))
    return 0 if worst <= int(atol) else 1


sys.exit(main())
