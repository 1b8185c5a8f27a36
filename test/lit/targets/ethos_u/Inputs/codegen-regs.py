#!/usr/bin/env python3
"""test/lit/targets/ethos_u/Inputs/codegen-regs.py: compares the register
values set before each NPU operation in two `npu-translate --decode=ethos-u`
listings (ours and Vela's), field by field.

  codegen-regs.py extract IN.mlir OUT.bin   the first ethos_u.stream's
                                            command_stream bytes
  codegen-regs.py compare OURS.txt VELA.txt differing fields per operation
  codegen-regs.py summary OURS.txt VELA.txt how many of our operations
                                            equal Vela's at the same index,
                                            and the fields of the others
  codegen-regs.py compare-last N OURS.txt VELA.txt
                                            the same for the last N
                                            operations of each (a softmax)
  codegen-regs.py weights LISTING.txt       DMAs, and MAC operations
                                            by the region their weights
                                            are read from

Addresses (BASE, DMA source/destination/length) and weight and scale
lengths are left out (the DMA regions are compared): they follow from the memory layout, not from what the
operation computes. When Vela splits one of our operations in depth (more
operations than ours, we have one), each of Vela's is compared with ours.
"""
import re
import sys

SKIP_CMDS = re.compile(r'_BASE\d?$|_LENGTH$|^NPU_SET_DMA0_(SRC|DST|LEN)$|'
                       r'^NPU_SET_SCALE1?_BASE$')
LINE = re.compile(r'^\s+\d+\s+0x[0-9a-f]+\s+(?:[0-9a-f]{8}\s+){1,2}(NPU_\w+)\s*(.*)$')


def extract(src, dst):
    text = open(src).read()
    m = re.search(r'command_stream = dense<"0x([0-9A-Fa-f]*)">', text)
    if not m:
        sys.exit('no ethos_u.stream command_stream in ' + src)
    open(dst, 'wb').write(bytes.fromhex(m.group(1)))


def operations(path):
    """The register state at each compute operation: {cmd.field: value}."""
    state, ops = {}, []
    for line in open(path):
        m = LINE.match(line)
        if not m:
            continue
        cmd, rest = m.group(1), m.group(2)
        fields = dict(re.findall(r'(\w+)=(\S+)', rest.split(';')[0]))
        if cmd.startswith('NPU_OP_'):
            if cmd in ('NPU_OP_CONV', 'NPU_OP_DEPTHWISE', 'NPU_OP_POOL',
                       'NPU_OP_ELEMENTWISE'):
                snap = dict(state)
                for k, v in fields.items():
                    snap[cmd + '.' + k] = v
                snap['operation'] = cmd
                ops.append(snap)
            continue
        if SKIP_CMDS.search(cmd):
            continue
        for k, v in fields.items():
            state[cmd + '.' + k] = v
    return ops


def compare(ours_path, vela_path):
    ours, vela = operations(ours_path), operations(vela_path)
    print('operations: ours %d, vela %d' % (len(ours), len(vela)))
    ndiff = 0
    for i, v in enumerate(vela):
        o = ours[i] if i < len(ours) else ours[-1] if len(ours) == 1 else None
        if o is None:
            print('vela operation %d: no counterpart' % i)
            ndiff += 1
            continue
        for k in sorted(set(o) | set(v)):
            if o.get(k) != v.get(k):
                print('vela operation %d: %s ours=%s vela=%s' % (
                    i, k, o.get(k, '-'), v.get(k, '-')))
                ndiff += 1
    print('%d differences' % ndiff)


def summary(ours_path, vela_path):
    """For a whole network: our operations against Vela's in order (Vela
    may have more: ops we leave to the CPU come last)."""
    ours, vela = operations(ours_path), operations(vela_path)
    same = 0
    lines = []
    for i, o in enumerate(ours):
        v = vela[i] if i < len(vela) else {}
        keys = sorted(k for k in set(o) | set(v) if o.get(k) != v.get(k))
        if not keys:
            same += 1
            continue
        regs = sorted(set(k.split('.')[0] for k in keys))
        lines.append('operation %d: %s' % (i, ' '.join(regs)))
    print('operations: ours %d, vela %d' % (len(ours), len(vela)))
    print('equal: %d of %d' % (same, len(ours)))
    for line in lines:
        print(line)


def compare_last(n, ours_path, vela_path):
    ours, vela = operations(ours_path)[-n:], operations(vela_path)[-n:]
    print('last %d operations: ours %d, vela %d' % (n, len(ours), len(vela)))
    ndiff = 0
    for i, (o, v) in enumerate(zip(ours, vela)):
        for k in sorted(set(o) | set(v)):
            if o.get(k) != v.get(k):
                print('step %d: %s ours=%s vela=%s' % (
                    i, k, o.get(k, '-'), v.get(k, '-')))
                ndiff += 1
    print('%d differences' % ndiff)


def weights(path):
    """DMAs, MAC operations by the region of their weights, and how many
    read a buffer with no DMA of their own before them."""
    region, dma, dmas, by, reuse = '-', False, 0, {}, 0
    for line in open(path):
        m = LINE.match(line)
        if not m:
            continue
        cmd, rest = m.group(1), m.group(2)
        if cmd == 'NPU_SET_WEIGHT_REGION':
            region = re.search(r'region=(\S+)', rest).group(1)
        elif cmd == 'NPU_OP_DMA_START':
            dmas += 1
            dma = True
        elif cmd in ('NPU_OP_CONV', 'NPU_OP_DEPTHWISE'):
            by[region] = by.get(region, 0) + 1
            if region != '0' and not dma:
                reuse += 1
            dma = False
        elif cmd.startswith('NPU_OP_') and 'WAIT' not in cmd:
            dma = False
    print('DMAs: %d' % dmas)
    for r in sorted(by):
        print('weights in region %s: %d operations' % (r, by[r]))
    print('reading a buffer filled before: %d operations' % reuse)


if __name__ == '__main__':
    if len(sys.argv) == 4 and sys.argv[1] == 'extract':
        extract(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == 'compare':
        compare(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == 'summary':
        summary(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 5 and sys.argv[1] == 'compare-last':
        compare_last(int(sys.argv[2]), sys.argv[3], sys.argv[4])
    elif len(sys.argv) == 3 and sys.argv[1] == 'weights':
        weights(sys.argv[2])
    else:
        sys.exit(__doc__)
