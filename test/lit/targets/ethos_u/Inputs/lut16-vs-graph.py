# test/lit/targets/ethos_u/Inputs/lut16-vs-graph.py: why ethos-u-legalize
# keeps 16-bit TANH and LOGISTIC on the CPU. Builds the 512-entry
# interpolated int16 table the way Vela 3.10 builds its 16-bit tables
# (lut.py create_lut_int16_op: samples of the function at 512 steps over
# the input range, each corrected by half its midpoint error, packed as
# base and slope), runs it as the NPU does (entry (x + 32768) >> 7, base +
# (slope * low7 + 64) >> 7, the simulator's lut16) on every int16 input,
# and counts the inputs where that differs from the graph kernel (npu-run
# --arith=tflite on all 65,536 values).
# usage: lut16-vs-graph.py NPU_RUN WORKDIR tanh|sigmoid INPUT_SCALE
import math
import os
import struct
import subprocess
import sys


def round_away(x):
    return math.floor(x + 0.5) if x >= 0 else -math.floor(-x + 0.5)


def table(fn, si, so):
    lo_in, hi_in = si * -32768, si * 32767
    lo_out, hi_out = so * -32768, so * 32767
    step = (hi_in - lo_in) / 512
    inv = 65536 / (hi_out - lo_out)
    v = []
    for i in range(512):
        a = fn(lo_in + i * step)
        mid = fn(lo_in + i * step + step / 2)
        nxt = fn(lo_in + (i + 1) * step)
        interp = round_away((nxt * inv + round_away(a * inv)) / 2)
        bias = round_away((interp - round_away(mid * inv)) / 2)
        v.append(min(max(round_away(a * inv) - bias, -32768), 32767))
    v.append(min(max(round_away(fn(hi_in) * inv), -32768), 32767))
    return [(v[i], v[i + 1] - v[i]) for i in range(512)]


def npu_lookup(lut, x):
    u = x + 32768
    base, slope = lut[u >> 7]
    return max(-32768, min(32767, base + ((slope * (u & 127) + 64) >> 7)))


def graph_outputs(npu_run, work, op, si, so):
    ti = 'tensor<65536x!quant.uniform<i16:f32, %r>>' % si
    to = 'tensor<65536x!quant.uniform<i16:f32, %r>>' % so
    vals = ','.join(str(x) for x in range(-32768, 32768))
    src = os.path.join(work, 'all.mlir')
    out = os.path.join(work, 'all.npy')
    with open(src, 'w') as f:
        f.write('func.func @f() -> %s {\n' % to)
        f.write('  %%x = "graph.constant"() {value = dense<[%s]> : '
                'tensor<65536xi16>} : () -> %s\n' % (vals, ti))
        f.write('  %%0 = "graph.%s"(%%x) : (%s) -> %s\n' % (op, ti, to))
        f.write('  return %%0 : %s\n}\n' % to)
    subprocess.run([npu_run, src, '--arith=tflite', '--output=' + out],
                   check=True, stdout=subprocess.DEVNULL)
    data = open(out, 'rb').read()
    hlen = struct.unpack('<H', data[8:10])[0]
    body = data[10 + hlen:]
    return struct.unpack('<%dh' % (len(body) // 2), body)


def main():
    npu_run, work, op, si = sys.argv[1], sys.argv[2], sys.argv[3], \
        float(sys.argv[4])
    so = 1 / 32768
    fn = math.tanh if op == 'tanh' else (lambda x: 1 / (1 + math.exp(-x)))
    os.makedirs(work, exist_ok=True)
    g = graph_outputs(npu_run, work, op, si, so)
    lut = table(fn, si, so)
    d = [npu_lookup(lut, x) - g[x + 32768] for x in range(-32768, 32768)]
    print('%s scale %g: %d of 65536 differ, at most %d' % (
        op, si, sum(1 for e in d if e), max(abs(e) for e in d)))


main()
