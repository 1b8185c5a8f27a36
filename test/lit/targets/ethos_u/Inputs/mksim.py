# test/lit/targets/ethos_u/Inputs/mksim.py: writes ethos_u.stream ops with
# hand-made command streams (Arm's command layout: word 0 = opcode |
# control << 14 | param << 16, cmd1 payload in word 1) for the simulator
# tests. Each case states the computation; the test checks npu-run's
# output against values worked out by hand.
import struct
import sys

OP = {'STOP': 0x000, 'POOL': 0x005, 'ELEMENTWISE': 0x006,
      'DMA_START': 0x010, 'DMA_WAIT': 0x011, 'KERNEL_WAIT': 0x012}
C0 = {'IFM_PAD_TOP': 0x100, 'IFM_PAD_LEFT': 0x101, 'IFM_PAD_RIGHT': 0x102,
      'IFM_PAD_BOTTOM': 0x103, 'IFM_DEPTH_M1': 0x104,
      'IFM_PRECISION': 0x105, 'IFM_ZERO_POINT': 0x109,
      'IFM_WIDTH0_M1': 0x10a, 'IFM_HEIGHT0_M1': 0x10b,
      'IFM_HEIGHT1_M1': 0x10c, 'IFM_REGION': 0x10f,
      'OFM_WIDTH_M1': 0x111, 'OFM_HEIGHT_M1': 0x112, 'OFM_DEPTH_M1': 0x113,
      'OFM_PRECISION': 0x114, 'OFM_ZERO_POINT': 0x118,
      'OFM_WIDTH0_M1': 0x11a, 'OFM_HEIGHT0_M1': 0x11b,
      'OFM_HEIGHT1_M1': 0x11c, 'OFM_REGION': 0x11f,
      'KERNEL_WIDTH_M1': 0x120, 'KERNEL_HEIGHT_M1': 0x121,
      'KERNEL_STRIDE': 0x122, 'ACTIVATION': 0x125,
      'ACTIVATION_MIN': 0x126, 'ACTIVATION_MAX': 0x127,
      'DMA0_SRC_REGION': 0x130, 'DMA0_DST_REGION': 0x131,
      'DMA0_SIZE0': 0x132, 'DMA0_SIZE1': 0x133, 'IFM_UPSCALE': 0x107,
      'IFM2_BROADCAST': 0x180, 'IFM2_SCALAR': 0x181,
      'IFM2_PRECISION': 0x185, 'IFM2_ZERO_POINT': 0x189,
      'IFM2_WIDTH0_M1': 0x18a, 'IFM2_HEIGHT0_M1': 0x18b,
      'IFM2_HEIGHT1_M1': 0x18c, 'IFM2_REGION': 0x18f}
C1 = {'IFM_BASE0': 0x00, 'IFM_BASE1': 0x01, 'IFM_BASE2': 0x02,
      'IFM_BASE3': 0x03, 'IFM_STRIDE_X': 0x04, 'IFM_STRIDE_Y': 0x05,
      'IFM_STRIDE_C': 0x06, 'OFM_BASE0': 0x10, 'OFM_BASE1': 0x11,
      'OFM_BASE2': 0x12, 'OFM_BASE3': 0x13, 'OFM_STRIDE_X': 0x14,
      'OFM_STRIDE_Y': 0x15, 'OFM_STRIDE_C': 0x16, 'OFM_SCALE': 0x24,
      'OPA_SCALE': 0x25, 'OPB_SCALE': 0x26, 'DMA0_SRC': 0x30,
      'DMA0_DST': 0x31, 'DMA0_LEN': 0x32, 'DMA0_SKIP0': 0x33,
      'DMA0_SKIP1': 0x34, 'IFM2_BASE0': 0x80,
      'IFM2_STRIDE_X': 0x84, 'IFM2_STRIDE_Y': 0x85, 'IFM2_STRIDE_C': 0x86}


class Stream:
    def __init__(self):
        self.words = []

    def op(self, name, param=0):
        self.words.append(OP[name] | (param & 0xffff) << 16)

    def set(self, name, value=0, param=0):
        if name in C0:
            self.words.append(C0[name] | (value & 0xffff) << 16)
        else:
            self.words += [C1[name] | 1 << 14 | (param & 0xffff) << 16,
                           value & 0xffffffff]

    def fm(self, which, region, base, h, w, c, sx, sy, sc, prec=0x1):
        p = which
        self.set(p + '_REGION', region)
        self.set(p + '_BASE0', base)
        self.set(p + '_STRIDE_X', sx)
        self.set(p + '_STRIDE_Y', sy)
        self.set(p + '_STRIDE_C', sc)
        self.set(p + '_HEIGHT0_M1', h - 1)
        self.set(p + '_HEIGHT1_M1', h - 1)
        self.set(p + '_WIDTH0_M1', w - 1)
        self.set(p + '_PRECISION', prec)
        if p == 'OFM':
            self.set('OFM_HEIGHT_M1', h - 1)
            self.set('OFM_WIDTH_M1', w - 1)
            self.set('OFM_DEPTH_M1', c - 1)
        elif p == 'IFM':
            self.set('IFM_DEPTH_M1', c - 1)

    def bytes(self):
        return b''.join(struct.pack('<I', w) for w in self.words)


def hexs(b):
    return '0x' + b.hex().upper()


def module(stream, flash, scratch, ins, outs):
    args = ', '.join('%%arg%d: %s' % (i, t) for i, (t, _) in enumerate(ins))
    ops = ', '.join('%%arg%d' % i for i in range(len(ins)))
    rt = ', '.join(t for t, _ in outs)
    fl = (', flash = dense<"%s"> : tensor<%dxui8>' % (hexs(flash),
          len(flash))) if flash else ''
    return ('func.func @main(%s) -> (%s) {\n'
            '  %%0 = "ethos_u.stream"(%s) {command_stream = '
            'dense<"%s"> : tensor<%dxui8>%s, scratch_size = %d : i64, '
            'input_offsets = [%s], output_offsets = [%s]} : (%s) -> (%s)\n'
            '  return %%0 : %s\n}\n' % (
                args, rt, ops, hexs(stream), len(stream), fl, scratch,
                ', '.join(str(o) for _, o in ins),
                ', '.join(str(o) for _, o in outs),
                ', '.join(t for t, _ in ins), rt, rt))


def case_dma():
    # Copies the 8-byte input (arena offset 0) to the output (offset 8).
    s = Stream()
    s.set('DMA0_SRC_REGION', 1)
    s.set('DMA0_DST_REGION', 1)
    s.set('DMA0_SRC', 0)
    s.set('DMA0_DST', 8)
    s.set('DMA0_LEN', 8)
    s.op('DMA_START')
    s.op('STOP')
    return module(s.bytes(), b'', 16, [('tensor<8xi8>', 0)],
                  [('tensor<8xi8>', 8)])


def dma_strided(src_mode, dst_mode, length, size0, skip0, size1=1,
                skip1=0, dst=16, scratch=32, out=16):
    # Copies the 8-byte input (arena offset 0) to arena offset dst with
    # the given stride modes (D1 0, D2 1, D3 2, in region bits [10:9]);
    # the output is the out bytes from offset 16.
    s = Stream()
    s.set('DMA0_SRC_REGION', 1 | src_mode << 9)
    s.set('DMA0_DST_REGION', 1 | dst_mode << 9)
    s.set('DMA0_SRC', 0)
    s.set('DMA0_DST', dst)
    s.set('DMA0_LEN', length)
    s.set('DMA0_SIZE0', size0)
    s.set('DMA0_SKIP0', skip0)
    s.set('DMA0_SIZE1', size1)
    s.set('DMA0_SKIP1', skip1)
    s.op('DMA_START')
    s.op('STOP')
    return module(s.bytes(), b'', scratch, [('tensor<8xi8>', 0)],
                  [('tensor<%dxi8>' % out, 16)])


def case_dma2d():
    # 4 rows of 2 bytes, 1 byte skipped after each: rows at 16, 19, 22,
    # 25.
    return dma_strided(0, 1, 2, 4, 1, out=12)


def case_dma3d():
    # 4 planes of 2 rows of 1 byte; rows 2 apart (skip0 1), planes 4
    # apart (rows * len + skip1 = 2 + 2).
    return dma_strided(0, 2, 1, 2, 1, 4, 2, out=16)


def case_dma2d_src():
    # Gathers 2 rows of 3 bytes 4 apart (skip0 1) from the source into 6
    # contiguous bytes at 16.
    return dma_strided(1, 0, 3, 2, 1, out=6)


def case_dma2d_oob():
    # The last of 4 rows of 2 bytes, 2 skipped after each, ends at
    # 16 + 3 * 4 + 2 = 30, past the 28-byte arena.
    return dma_strided(0, 1, 2, 4, 2, scratch=28, out=8)


def ew_common(s, ifm_zp=0, ofm_zp=0):
    s.fm('IFM', 1, 0, 2, 2, 2, 2, 4, 1)
    s.set('IFM_ZERO_POINT', ifm_zp)
    s.fm('OFM', 1, 8, 2, 2, 2, 2, 4, 1)
    s.set('OFM_ZERO_POINT', ofm_zp)
    s.set('ACTIVATION_MIN', -128)
    s.set('ACTIVATION_MAX', 127)


def case_add():
    # out = (a - 1) + (b - 2) + 3, b from flash (region 0), 16-bit operand
    # scales 1 and 1, OFM scale 1 (shift 0): out = a + b, saturated to i8.
    s = Stream()
    ew_common(s, 1, 3)
    s.fm('IFM2', 0, 0, 2, 2, 2, 2, 4, 1)
    s.set('IFM2_ZERO_POINT', 2)
    s.set('OPA_SCALE', 1)
    s.set('OPB_SCALE', 1)
    s.set('OFM_SCALE', 1, 0)
    s.op('ELEMENTWISE', 1)
    s.op('STOP')
    flash = bytes([10, 20, 30, 40, 100, 0xfb, 0, 1])
    return module(s.bytes(), flash, 16, [('tensor<1x2x2x2xi8>', 0)],
                  [('tensor<1x2x2x2xi8>', 8)])


def case_mul_scalar():
    # out = a * 3 (scalar IFM2), OFM scale 1 << 30 with shift 31: a*3/2,
    # TFLite's double rounding (half away from zero).
    s = Stream()
    ew_common(s)
    s.set('IFM2_BROADCAST', 1 << 7)
    s.set('IFM2_SCALAR', 3)
    s.set('OFM_SCALE', 1 << 30, 31)
    s.op('ELEMENTWISE', 0)
    s.op('STOP')
    return module(s.bytes(), b'', 16, [('tensor<1x2x2x2xi8>', 0)],
                  [('tensor<1x2x2x2xi8>', 8)])


def case_maxpool():
    # 2x2 max pooling, stride 2, over a 1x4x4x1 input: 1x2x2x1.
    s = Stream()
    s.fm('IFM', 1, 0, 4, 4, 1, 1, 4, 1)
    s.fm('OFM', 1, 16, 2, 2, 1, 1, 2, 1)
    s.set('KERNEL_WIDTH_M1', 1)
    s.set('KERNEL_HEIGHT_M1', 1)
    s.set('KERNEL_STRIDE', 3)
    s.set('ACTIVATION_MIN', -128)
    s.set('ACTIVATION_MAX', 127)
    s.op('POOL', 0)
    s.op('STOP')
    return module(s.bytes(), b'', 20, [('tensor<1x4x4x1xi8>', 0)],
                  [('tensor<1x2x2x1xi8>', 16)])


def tiles(base2):
    # The 2x2 max pool of case_maxpool reading its IFM through two
    # tiles, as a ring buffer wrapping: tile 0 is the input's rows 2-3
    # (base 8, height 2), tile 2 its rows 0-1 (at base2).
    s = Stream()
    s.fm('IFM', 1, 8, 4, 4, 1, 1, 4, 1)
    s.set('IFM_BASE2', base2)
    s.set('IFM_HEIGHT0_M1', 1)
    s.set('IFM_HEIGHT1_M1', 1)
    s.fm('OFM', 1, 16, 2, 2, 1, 1, 2, 1)
    s.set('KERNEL_WIDTH_M1', 1)
    s.set('KERNEL_HEIGHT_M1', 1)
    s.set('KERNEL_STRIDE', 3)
    s.set('ACTIVATION_MIN', -128)
    s.set('ACTIVATION_MAX', 127)
    s.op('POOL', 0)
    s.op('STOP')
    return module(s.bytes(), b'', 20, [('tensor<1x4x4x1xi8>', 0)],
                  [('tensor<1x2x2x1xi8>', 16)])


def case_tiles():
    return tiles(0)


def case_tiles_oob():
    # Tile 2 at byte 16: its two rows (8 bytes) end past the 20-byte
    # arena, though tile 0 and the map's first row lie inside it.
    return tiles(16)


def upscale(mode):
    # 1x1 max pooling (values pass through) of the 1x2x2x1 input upscaled
    # by IFM_UPSCALE mode (1 NEAREST, 2 ZEROS) to a 1x4x4x1 OFM.
    s = Stream()
    s.fm('IFM', 1, 0, 2, 2, 1, 1, 2, 1)
    s.fm('OFM', 1, 4, 4, 4, 1, 1, 4, 1)
    s.set('IFM_UPSCALE', mode)
    s.set('ACTIVATION_MIN', -128)
    s.set('ACTIVATION_MAX', 127)
    s.op('POOL', 0)
    s.op('STOP')
    return module(s.bytes(), b'', 20, [('tensor<1x2x2x1xi8>', 0)],
                  [('tensor<1x4x4x1xi8>', 4)])


def case_upscale_nearest():
    return upscale(1)


def case_upscale_zeros():
    return upscale(2)


def case_upscale_oob():
    # A 4x4 upscaled IFM is 2x2 stored; with a row stride of 8 its last
    # row starts at 8 and ends at 10, past the 9-byte arena the OFM
    # (one byte at 0) leaves.
    s = Stream()
    s.fm('IFM', 1, 0, 2, 2, 1, 1, 8, 1)
    s.fm('OFM', 1, 0, 1, 1, 1, 1, 1, 1)
    s.set('KERNEL_WIDTH_M1', 3)
    s.set('KERNEL_HEIGHT_M1', 3)
    s.set('IFM_UPSCALE', 1)
    s.op('POOL', 0)
    s.op('STOP')
    return module(s.bytes(), b'', 9, [('tensor<1x2x2x1xi8>', 0)],
                  [('tensor<1xi8>', 0)])


def lut_case(slot, dst):
    # DMAs a 256-byte table from flash into the SHRAM at dst (48 KB, its
    # LUT area the last 2 KB: 47104), then a 1x1 max pool of the 8 input
    # bytes through TABLE_<slot>. Table entry i is 127 - i, so a value v
    # (index v + 128) becomes -1 - v.
    s = Stream()
    s.set('DMA0_SRC_REGION', 0)
    s.set('DMA0_DST_REGION', 1 << 8)
    s.set('DMA0_SRC', 0)
    s.set('DMA0_DST', dst)
    s.set('DMA0_LEN', 256)
    s.op('DMA_START')
    s.op('DMA_WAIT', 0)
    s.fm('IFM', 1, 0, 1, 8, 1, 1, 8, 1)
    s.fm('OFM', 1, 8, 1, 8, 1, 1, 8, 1)
    s.set('ACTIVATION', 16 + slot)
    s.set('ACTIVATION_MIN', -128)
    s.set('ACTIVATION_MAX', 127)
    s.op('POOL', 0)
    s.op('STOP')
    flash = bytes((127 - i) & 0xff for i in range(256))
    return module(s.bytes(), flash, 16, [('tensor<1x1x8x1xi8>', 0)],
                  [('tensor<1x1x8x1xi8>', 8)])


def case_lut_slot1():
    return lut_case(1, 47104 + 256)


def case_lut_slot0_empty():
    # The table goes to slot 1 but the op reads TABLE_0 (zeros).
    return lut_case(0, 47104 + 256)


def lut16_points():
    # 513 points of a parabola, TFLite's int16 table shape: point j is
    # the value at input -32768 + 128 j.
    return [(j - 256) * (j - 256) // 8 - 8000 for j in range(513)]


def lut16_expect(x):
    # TFLite's lut_lookup_with_interpolation on the 513 points.
    p = lut16_points()
    u = x + 32768
    j, f = u >> 7, u & 127
    return p[j] + (((p[j + 1] - p[j]) * f + 64) >> 7)


def case_lut16():
    # A 16-bit 1x1 max pool through TABLE_0 holding the parabola in Vela's
    # 512 x (base | slope << 16) form, DMAed from flash to the SHRAM's LUT
    # area (47104 in a 48 KB SHRAM).
    p = lut16_points()
    flash = b''.join(struct.pack('<hh', p[j], p[j + 1] - p[j])
                     for j in range(512))
    s = Stream()
    s.set('DMA0_SRC_REGION', 0)
    s.set('DMA0_DST_REGION', 1 << 8)
    s.set('DMA0_DST', 47104)
    s.set('DMA0_LEN', 2048)
    s.op('DMA_START')
    s.op('DMA_WAIT', 0)
    s.fm('IFM', 1, 0, 1, 8, 1, 2, 16, 2, prec=5)
    s.fm('OFM', 1, 16, 1, 8, 1, 2, 16, 2, prec=3)
    s.set('ACTIVATION', 16 | 5 << 12)
    s.set('ACTIVATION_MIN', -32768)
    s.set('ACTIVATION_MAX', 32767)
    s.op('POOL', 0)
    s.op('STOP')
    return module(s.bytes(), flash, 32, [('tensor<1x1x8x1xi16>', 0)],
                  [('tensor<1x1x8x1xi16>', 16)])


def case_oob():
    # The OFM's base lies past the 16-byte arena: rejected before any
    # command runs.
    s = Stream()
    s.set('DMA0_SRC_REGION', 1)
    s.set('DMA0_DST_REGION', 1)
    s.set('DMA0_LEN', 4)
    s.op('DMA_START')
    ew_common(s)
    s.set('OFM_BASE0', 12)
    s.set('IFM2_BROADCAST', 1 << 7)
    s.op('ELEMENTWISE', 1)
    s.op('STOP')
    return module(s.bytes(), b'', 16, [('tensor<8xi8>', 0)],
                  [('tensor<8xi8>', 8)])


def case_noregion():
    # IFM2 in region 0, but the op has no flash.
    s = Stream()
    ew_common(s)
    s.fm('IFM2', 0, 0, 2, 2, 2, 2, 4, 1)
    s.op('ELEMENTWISE', 1)
    return module(s.bytes(), b'', 16, [('tensor<8xi8>', 0)],
                  [('tensor<8xi8>', 8)])


def case_lrelu():
    # The elementwise LRELU mode: no public source defines its rounding,
    # so the simulator rejects it (with the command index).
    s = Stream()
    ew_common(s)
    s.set('OFM_SCALE', 1 << 30, 31)
    s.op('ELEMENTWISE', 5)
    s.op('STOP')
    return module(s.bytes(), b'', 16, [('tensor<1x2x2x2xi8>', 0)],
                  [('tensor<1x2x2x2xi8>', 8)])


def case_act_tanh():
    # A copy (1x1 average) through the built-in TANH activation function
    # (ACTIVATION 3): rejected as LRELU is.
    s = Stream()
    s.fm('IFM', 1, 0, 2, 2, 2, 2, 4, 1)
    s.fm('OFM', 1, 8, 2, 2, 2, 2, 4, 1)
    s.set('ACTIVATION', 3)
    s.set('OFM_SCALE', 1, 0)
    s.op('POOL', 1)
    s.op('STOP')
    return module(s.bytes(), b'', 16, [('tensor<1x2x2x2xi8>', 0)],
                  [('tensor<1x2x2x2xi8>', 8)])


def dma(s, src_region, src, dst_region, dst, length):
    s.set('DMA0_SRC_REGION', src_region)
    s.set('DMA0_DST_REGION', dst_region)
    s.set('DMA0_SRC', src)
    s.set('DMA0_DST', dst)
    s.set('DMA0_LEN', length)
    s.op('DMA_START')


def copy8(s, src, dst, act=0):
    # A 1x1 max pool of 8 bytes of the arena: a copy (through a LUT when
    # act names one).
    s.fm('IFM', 1, src, 1, 8, 1, 1, 8, 1)
    s.fm('OFM', 1, dst, 1, 8, 1, 1, 8, 1)
    s.set('ACTIVATION', act)
    s.set('ACTIVATION_MIN', -128)
    s.set('ACTIVATION_MAX', 127)
    s.op('POOL', 0)


def hazard_dma(wait):
    # A DMA copies the input (arena 0) to 8, a pool copies 8 to the
    # output at 16: the pool reads what the DMA writes, so it must wait.
    s = Stream()
    dma(s, 1, 0, 1, 8, 8)
    if wait:
        s.op('DMA_WAIT', 0)
    copy8(s, 8, 16)
    s.op('STOP')
    return module(s.bytes(), b'', 24, [('tensor<8xi8>', 0)],
                  [('tensor<8xi8>', 16)])


def case_hazard_dma():
    return hazard_dma(False)


def case_hazard_dma_ok():
    return hazard_dma(True)


def hazard_kernel(wait):
    # A pool copies the input to 8, a DMA copies 8 to the output at 16:
    # the DMA reads what the pool writes, so it must wait for the pool.
    s = Stream()
    copy8(s, 0, 8)
    if wait:
        s.op('KERNEL_WAIT', 0)
    dma(s, 1, 8, 1, 16, 8)
    s.op('STOP')
    return module(s.bytes(), b'', 24, [('tensor<8xi8>', 0)],
                  [('tensor<8xi8>', 16)])


def case_hazard_kernel():
    return hazard_kernel(False)


def case_hazard_kernel_ok():
    return hazard_kernel(True)


def hazard_wait1(read):
    # Two DMAs (to 8 and to 16), then NPU_OP_DMA_WAIT 1: the second may
    # still run. A pool copying from `read` to 24 is safe from 8 only.
    s = Stream()
    dma(s, 1, 0, 1, 8, 8)
    dma(s, 1, 0, 1, 16, 8)
    s.op('DMA_WAIT', 1)
    copy8(s, read, 24)
    s.op('STOP')
    return module(s.bytes(), b'', 32, [('tensor<8xi8>', 0)],
                  [('tensor<8xi8>', 24)])


def case_hazard_wait1_ok():
    return hazard_wait1(8)


def case_hazard_wait1():
    return hazard_wait1(16)


def hazard_lut(wait):
    # A pool through TABLE_0 (entry i: 127 - i, so v becomes -1 - v),
    # then a second table DMA'd over it while the pool may still read
    # it, then a plain copy.
    s = Stream()
    dma(s, 0, 0, 1 << 8, 47104, 256)
    s.op('DMA_WAIT', 0)
    copy8(s, 0, 8, 16)
    if wait:
        s.op('KERNEL_WAIT', 0)
    dma(s, 0, 0, 1 << 8, 47104, 256)
    s.op('DMA_WAIT', 0)
    copy8(s, 8, 16)
    s.op('STOP')
    flash = bytes((127 - i) & 0xff for i in range(256))
    return module(s.bytes(), flash, 24, [('tensor<8xi8>', 0)],
                  [('tensor<8xi8>', 16)])


def case_hazard_lut():
    return hazard_lut(False)


def case_hazard_lut_ok():
    return hazard_lut(True)


def npy(path, shape, values, descr='|i1', fmt='b'):
    """An int8 (or int16) .npy file (format version 1.0)."""
    dims = (''.join('%d, ' % d for d in shape) if len(shape) > 1 else
            '%d,' % shape[0])
    hdr = ("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" %
           (descr, dims))
    hdr += ' ' * ((64 - (10 + len(hdr) + 1) % 64) % 64) + '\n'
    with open(path, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(hdr)) +
                hdr.encode() + b''.join(struct.pack('<' + fmt, v)
                                        for v in values))


if __name__ == '__main__':
    if sys.argv[1] in ('npy', 'npy16'):
        wide = sys.argv[1] == 'npy16'
        npy(sys.argv[2], [int(d) for d in sys.argv[3].split('x')],
            [int(v) for v in sys.argv[4].split(',')],
            '<i2' if wide else '|i1', 'h' if wide else 'b')
    elif sys.argv[1] == 'lut16_expect':
        print(', '.join(str(lut16_expect(int(v)))
                        for v in sys.argv[2].split(',')))
    else:
        with open(sys.argv[2], 'w') as f:
            f.write(globals()['case_' + sys.argv[1]]())
