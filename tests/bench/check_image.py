#!/usr/bin/env python3
"""Checks that a file is a well-formed SVG or PNG image (Python's standard
library only), for the tests of `affjit bench --plot`.

Usage: check_image.py FILE [--size WxH] [TEXT...]. An .svg must parse as
XML with an <svg> root whose text holds every TEXT (the box labels and the
title's annotations: function, arguments, CPU, threads, flags, samples); a
.png must have the PNG signature, chunks whose CRCs match, an IHDR first,
image data that inflates to exactly the rows IHDR describes, more than one
colour, and dark pixels (text and lines) in its top tenth, where the title
and its annotation lines go (its TEXTs cannot be read back from pixels).
With --size the image must be WxH. Prints `WIDTHxHEIGHT` and exits 0 when
the image is good, 1 otherwise.
"""
import binascii
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Bytes per pixel of the 8-bit PNG colour types (gray, RGB, palette,
# gray+alpha, RGBA).
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def check_size(size, expected):
    if expected and size != expected:
        fail(f"the image is {size}, expected {expected}")


def check_svg(path, texts, expected_size):
    root = ET.parse(path).getroot()
    if not root.tag.endswith("svg"):
        fail(f"root element is {root.tag}, not svg")
    content = " ".join(t for t in root.itertext())
    for text in texts:
        if text not in content:
            fail(f"the SVG does not show '{text}'")
    # gnuplot's dynamic SVG has a viewBox instead of a fixed size.
    box = root.get("viewBox", "").split()
    size = f"{box[2]}x{box[3]}" if len(box) == 4 else "svg"
    check_size(size, expected_size)
    print(size)


def png_chunks(data):
    at = len(PNG_SIGNATURE)
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind = data[at + 4:at + 8]
        body = data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        if binascii.crc32(kind + body) != crc:
            fail(f"bad CRC in chunk {kind!r}")
        yield kind, body
        at += 12 + length


def unfiltered_rows(raw, width, height, channels):
    """The pixel rows of 8-bit image data, PNG's per-row filters undone."""
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[x] = (line[x] + pred) & 255
            elif kind != 0:
                fail(f"unknown PNG filter {kind} in row {y}")
        rows.append(line)
        previous = line
    return rows


def has_dark_pixels(rows, channels):
    """True when some pixel is dark, as text is (alpha aside)."""
    colour = min(channels, 3)
    for line in rows:
        for x in range(0, len(line), channels):
            if max(line[x:x + colour]) < 96 and (channels not in (2, 4) or
                                                line[x + channels - 1] > 128):
                return True
    return False


def check_png(path, expected_size):
    data = open(path, "rb").read()
    if not data.startswith(PNG_SIGNATURE):
        fail("no PNG signature")
    chunks = list(png_chunks(data))
    if not chunks or chunks[0][0] != b"IHDR" or chunks[-1][0] != b"IEND":
        fail("PNG does not start with IHDR and end with IEND")
    width, height, depth, colour = struct.unpack(">IIBB", chunks[0][1][:10])
    if depth != 8 or colour not in CHANNELS:
        fail(f"unexpected PNG depth {depth} / colour type {colour}")
    raw = zlib.decompress(b"".join(b for k, b in chunks if k == b"IDAT"))
    row = 1 + width * CHANNELS[colour]
    if len(raw) != row * height:
        fail(f"image data holds {len(raw)} bytes, expected {row * height}")
    # A drawn chart has more than one colour (filter bytes aside).
    if len(set(raw[1:row])) < 2 and len(set(raw)) < 3:
        fail("the image is blank")
    if colour != 3:
        # Rows unfilter from the top down: the top tenth needs no others.
        top = unfiltered_rows(raw, width, max(1, height // 10), CHANNELS[colour])
        if not has_dark_pixels(top, CHANNELS[colour]):
            fail("the top of the image holds no title")
    size = f"{width}x{height}"
    check_size(size, expected_size)
    print(size)


def main():
    if len(sys.argv) < 2:
        fail("usage: check_image.py FILE [--size WxH] [TEXT...]")
    path, rest = sys.argv[1], sys.argv[2:]
    expected_size = None
    if len(rest) >= 2 and rest[0] == "--size":
        expected_size, rest = rest[1], rest[2:]
    if path.endswith(".svg"):
        check_svg(path, rest, expected_size)
    elif path.endswith(".png"):
        check_png(path, expected_size)
    else:
        fail("expected a .svg or .png file")


if __name__ == "__main__":
    main()
