#!/usr/bin/env python3
"""Plots the engine priority experiment as an SVG (standard library only).

    python3 benchmarks/plot_engine_priority.py benchmarks/results/engine-priority-2026-11-23.txt lab/notebook/img/engine-priority-p99.svg

Reads the first result table of the file (every k, priorities on and off) and draws the p99 latency of each
priority against the number of middle-priority streams, on a log scale, one panel per mode.
"""
import math
import re
import sys

ROW = re.compile(r"^\s*(\d+)\s+(on|off)\s+([\d.]+)\s*\|\s*([\d.NaN]+)\s+([\d.NaN]+)\s+[\d.NaN]+\s+\d+\(\s*\d+\)\s*\|"
                 r"\s*([\d.NaN]+)\s+([\d.NaN]+)\s+[\d.NaN]+\s+\d+\(\s*\d+\)\s*\|\s*([\d.NaN]+)\s+([\d.NaN]+)")


def first_table(path):
    rows = []
    with open(path) as f:
        for line in f:
            m = ROW.match(line)
            if m:
                k, mode = int(m.group(1)), m.group(2)
                if rows and (k, mode) in {(r[0], r[1]) for r in rows}:
                    break  # the next table starts
                rows.append((k, mode, float(m.group(3)), float(m.group(5)), float(m.group(7)), float(m.group(9))))
    return rows


def main(source, target):
    rows = first_table(source)
    width, height, pad = 900, 380, 60
    panel = (width - 3 * pad) / 2
    ymin, ymax = 0.1, 1000.0
    ks = sorted({r[0] for r in rows})
    colours = {"high": "#c0392b", "middle": "#2980b9", "low": "#7f8c8d"}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
           f'font-size="12">', f'<rect width="{width}" height="{height}" fill="white"/>']

    def y(value):
        value = min(max(value, ymin), ymax)
        return pad + (height - 2 * pad) * (1 - (math.log10(value) - math.log10(ymin))
                                           / (math.log10(ymax) - math.log10(ymin)))

    for index, mode in enumerate(["on", "off"]):
        x0 = pad + index * (panel + pad)

        def x(k):
            return x0 + panel * (k - ks[0]) / (ks[-1] - ks[0])

        out.append(f'<text x="{x0 + panel / 2}" y="{pad - 25}" text-anchor="middle" font-size="14">'
                   f'priorities {mode}: p99 latency (ms, log scale)</text>')
        for tick in [0.1, 1, 10, 100, 1000]:
            out.append(f'<line x1="{x0}" x2="{x0 + panel}" y1="{y(tick)}" y2="{y(tick)}" stroke="#ddd"/>')
            out.append(f'<text x="{x0 - 6}" y="{y(tick) + 4}" text-anchor="end">{tick:g}</text>')
        for k in ks:
            out.append(f'<text x="{x(k)}" y="{height - pad + 18}" text-anchor="middle">{k}</text>')
        out.append(f'<text x="{x0 + panel / 2}" y="{height - pad + 36}" text-anchor="middle">'
                   f'middle-priority streams (k)</text>')
        for column, name in [(3, "high"), (4, "middle"), (5, "low")]:
            points = [(x(r[0]), y(r[column])) for r in rows if r[1] == mode and not math.isnan(r[column])]
            path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
            out.append(f'<polyline points="{path}" fill="none" stroke="{colours[name]}" stroke-width="2"/>')
            for px, py in points:
                out.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="{colours[name]}"/>')
        for i, name in enumerate(["high", "middle", "low"]):
            out.append(f'<text x="{x0 + 10}" y="{pad + 15 + 15 * i}" fill="{colours[name]}">{name}</text>')
    out.append("</svg>")
    with open(target, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: plot_engine_priority.py <results.txt> <out.svg>")
    main(sys.argv[1], sys.argv[2])
