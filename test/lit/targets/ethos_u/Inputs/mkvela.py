# test/lit/targets/ethos_u/Inputs/mkvela.py: writes tiny Vela-style
# .tflite files (one `ethos-u` custom operator: command stream, flash,
# scratch and fast scratch inputs, then the feature map; the
# OfflineMemoryAllocation metadata placing input and output in the arena)
# with the flatbuffer writer of the importer's tests.
# Usage: mkvela.py CASE OUT.tflite
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(__file__))
import mksim  # noqa: E402

# The importer tests' writer runs its main() when imported: take its
# definitions without that last call.
_mk = os.path.join(os.path.dirname(__file__), '..', '..', '..', 'import',
                   'tflite', 'Inputs', 'mktflite.py')
_ns = {'__name__': 'mktflite'}
with open(_mk) as _f:
    exec(_f.read().rsplit('\nmain()', 1)[0], _ns)
Fb, tensor, op = _ns['Fb'], _ns['tensor'], _ns['op']

UINT8, INT8 = 3, 9


def dma_stream():
    # Copies the 8-byte input (arena offset 0) to the output (offset 8).
    s = mksim.Stream()
    s.set('DMA0_SRC_REGION', 1)
    s.set('DMA0_DST_REGION', 1)
    s.set('DMA0_SRC', 0)
    s.set('DMA0_DST', 8)
    s.set('DMA0_LEN', 8)
    s.op('DMA_START')
    s.op('STOP')
    return s.bytes()


def build(case):
    cmd = dma_stream()
    if case == 'bad-stream':
        cmd = cmd[:4] + struct.pack('<I', 0x3ff) + cmd[8:]
    plan = [1, 0, 6, -1, -1, 0, 0, 0, 8]
    tensors = [tensor('cmd', [len(cmd)], UINT8, 1),
               tensor('flash', [16], UINT8, 2),
               tensor('scratch', [16], UINT8),
               tensor('scratch_fast', [16], UINT8),
               tensor('in', [1, 8], INT8),
               tensor('out', [1, 8], INT8)]
    ins = [0, 1, 2, 3, 4]
    if case == 'few-inputs':
        ins = [0, 1, 4]
    sg = {0: ('tables', tensors), 1: ('i32s', [4]), 2: ('i32s', [5]),
          3: ('tables', [op(0, ins, [5])])}
    buffers = [{}, {0: ('bytes', cmd)}, {0: ('bytes', bytes(range(16)))},
               {0: ('bytes', b''.join(struct.pack('<i', v)
                                      for v in plan))}]
    m = {0: ('raw', 3),
         1: ('tables', [{0: ('u8', 32), 1: ('str', 'ethos-u'),
                         3: ('i32', 32)}]),
         2: ('tables', [sg]),
         4: ('tables', buffers)}
    if case != 'no-plan':
        m[6] = ('tables', [{0: ('str', 'OfflineMemoryAllocation'),
                            1: ('raw', 3)}])
    return Fb().finish(m)


if __name__ == '__main__':
    with open(sys.argv[2], 'wb') as f:
        f.write(build(sys.argv[1]))
