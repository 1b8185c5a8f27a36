"""test/lit/tools/Inputs/kill-during-output.py: sends a fatal signal to
npu-opt while its -o temp file exists and checks that the temp file is
removed and the output never appears.

usage: kill-during-output.py NPU_OPT WORKDIR SIGNAL-NAME
"""
import glob
import os
import signal
import subprocess
import sys
import time


def default_signals():
    # lit's workers ignore SIGINT, and children inherit that.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def main():
    npu_opt, work, signame = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(work, exist_ok=True)
    src = os.path.join(work, 'big.mlir')
    # Functions that each call the next twice: inlining them keeps
    # npu-opt busy (about a second) with its temp file open.
    n = 24
    with open(src, 'w') as f:
        for k in range(n):
            f.write('func.func @f%d(%%x: tensor<4xf32>) -> tensor<4xf32> '
                    '{\n  %%0 = "graph.relu"(%%x) : (tensor<4xf32>) -> '
                    'tensor<4xf32>\n' % k)
            if k + 1 < n:
                for j in (1, 2):
                    f.write('  %%%d = "func.call"(%%%d) {callee = @f%d} : '
                            '(tensor<4xf32>) -> tensor<4xf32>\n'
                            % (j, j - 1, k + 1))
                f.write('  return %2 : tensor<4xf32>\n}\n')
            else:
                f.write('  return %0 : tensor<4xf32>\n}\n')
    out = os.path.join(work, 'out.mlir')
    proc = subprocess.Popen([npu_opt, src, '--inline=max-ops=1000000000 max-depth=24 '
                             'max-growth=1000000', '-o', out],
        stderr=subprocess.DEVNULL, preexec_fn=default_signals)
    deadline = time.monotonic() + 60
    while not glob.glob(out + '.tmp.*'):
        if proc.poll() is not None or time.monotonic() > deadline:
            print('npu-opt finished before its temp file was seen')
            return 1
        time.sleep(0.0005)
    proc.send_signal(getattr(signal, signame))
    rc = proc.wait()
    left = glob.glob(out + '*')
    print('exit %d, left: %s' % (rc, [os.path.basename(p) for p in left]))
    return 0 if rc == -getattr(signal, signame) and not left else 1


if __name__ == '__main__':
    sys.exit(main())
