#!/usr/bin/env python3
"""xwd-to-png.py IN.xwd OUT.png: converts an `xwd` dump (TrueColor, 24 or 32 bits per pixel, as
Xvfb's 24-bit screens give) to an RGB PNG, with the standard library only (the GPU machine has no
ImageMagick). Exits 1 with the reason on any other kind of dump."""
import struct
import sys
import zlib


def main():
    data = open(sys.argv[1], "rb").read()
    if len(data) < 100:
        sys.exit("xwd-to-png: not an xwd dump (too short)")
    h = struct.unpack(">25I", data[:100])
    (header_size, version, fmt, depth, width, height, _xoff, byte_order, _unit, _bit_order, _pad, bpp,
     bytes_per_line, visual_class, red_mask, green_mask, blue_mask, _bits_rgb, _cmap, ncolors) = h[:20]
    if version != 7 or fmt != 2:
        sys.exit(f"xwd-to-png: unsupported dump (version {version}, format {fmt}; want 7, ZPixmap)")
    if visual_class not in (4, 5) or bpp not in (24, 32) or depth < 24:
        sys.exit(f"xwd-to-png: unsupported visual (class {visual_class}, depth {depth}, {bpp} bpp); want TrueColor 24")
    start = header_size + ncolors * 12
    if len(data) < start + bytes_per_line * height:
        sys.exit("xwd-to-png: the dump is cut short")
    step = bpp // 8

    def index(mask):  # byte position of an 8-bit channel inside one pixel's bytes
        shift = {0xFF: 0, 0xFF00: 8, 0xFF0000: 16, 0xFF000000: 24}.get(mask)
        if shift is None:
            sys.exit(f"xwd-to-png: unsupported channel mask {mask:#x}")
        byte = shift // 8
        return byte if byte_order == 0 else step - 1 - byte  # 0: LSBFirst

    ri, gi, bi = index(red_mask), index(green_mask), index(blue_mask)
    raw = bytearray()
    for y in range(height):
        row = data[start + y * bytes_per_line:start + y * bytes_per_line + width * step]
        rgb = bytearray(width * 3)
        rgb[0::3], rgb[1::3], rgb[2::3] = row[ri::step], row[gi::step], row[bi::step]
        raw += b"\0" + rgb

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
           chunk(b"IDAT", zlib.compress(bytes(raw), 6)) + chunk(b"IEND", b""))
    open(sys.argv[2], "wb").write(png)


if __name__ == "__main__":
    main()
