# test/lit/import/onnx/Inputs/mutate.py: imports truncated and bit-flipped
# copies of a model and checks every run ends in success (0) or a user
# error (1) with a diagnostic, never a crash or hang.
# usage: mutate.py NPU_TRANSLATE MODEL TMPDIR [COUNT]
import os
import random
import subprocess
import sys


def main():
    tool, model, tmp = sys.argv[1:4]
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 100
    data = open(model, 'rb').read()
    rng = random.Random(5)  # fixed seed: the same files every run
    os.makedirs(tmp, exist_ok=True)
    path = os.path.join(tmp, 'mutant.onnx')
    cases = []
    for i in range(count):
        cases.append(('truncated', data[:rng.randrange(len(data))]))
        b = bytearray(data)
        for _ in range(1 + i % 4):
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        cases.append(('bit-flipped', bytes(b)))
    counts = {0: 0, 1: 0}
    for kind, blob in cases:
        open(path, 'wb').write(blob)
        r = subprocess.run([tool, '--import-onnx', path, '-o', os.devnull],
                           capture_output=True, timeout=30)
        r.stderr = r.stderr.decode('utf-8', 'replace')
        if r.returncode not in (0, 1) or (r.returncode == 1 and
                                          'error' not in r.stderr):
            print('%s: exit %d\n%s' % (kind, r.returncode, r.stderr[:500]))
            return 1
        counts[r.returncode] += 1
    print('%d mutants: %d imported, %d rejected with an error, 0 crashed'
          % (len(cases), counts[0], counts[1]))
    return 0


sys.exit(main())
