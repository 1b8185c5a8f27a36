#!/usr/bin/env python3
# test/lit/import/tflite/Inputs/mutate.py: feeds npu-translate truncated
# and bit-flipped copies of a model and checks that every run ends with
# exit status 0 or 1 (never a crash, a hang or a usage error).
# Usage: mutate.py NPU_TRANSLATE MODEL WORKDIR COUNT
import os
import random
import subprocess
import sys

tool, model, work, count = sys.argv[1], sys.argv[2], sys.argv[3], \
    int(sys.argv[4])
data = open(model, 'rb').read()
rng = random.Random(5)  # deterministic
os.makedirs(work, exist_ok=True)
path = os.path.join(work, 'mutant.tflite')
stats = {0: 0, 1: 0}
cases = [data[:n] for n in (0, 3, 7, 8, 16, 64, len(data) // 2,
                            len(data) - 1)]
for _ in range(count):
    b = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
    cases.append(bytes(b))
for i, c in enumerate(cases):
    with open(path, 'wb') as f:
        f.write(c)
    try:
        r = subprocess.run([tool, '--import-tflite', path, '-o',
                            os.devnull], capture_output=True, timeout=20)
    except subprocess.TimeoutExpired:
        sys.exit('case %d: timeout' % i)
    if r.returncode not in (0, 1):
        open(os.path.join(work, 'crash-%d.tflite' % i), 'wb').write(c)
        sys.exit('case %d: exit status %d\n%s' % (i, r.returncode,
                                                  r.stderr.decode()[-2000:]))
    if r.returncode == 1 and not r.stderr:
        sys.exit('case %d: failed without a diagnostic' % i)
    stats[r.returncode] += 1
print('mutants: %d, imported: %d, rejected: %d' % (len(cases), stats[0],
                                                    stats[1]))
