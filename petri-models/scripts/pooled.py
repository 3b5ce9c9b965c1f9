#!/usr/bin/env python3
"""Measured end-to-end p50 and p99 of one configuration over fresh servers (docs/capacity.md §7).

Usage: pooled.py NAME "RUNS" DIR...   e.g. pooled.py d1-r500 "2 3 4 5" rep1 rep2 rep3
Per directory (one fresh server, measure.sh's output), the samples of the given runs (e2e-NAME-runK.csv, one latency
in ms per line after a header) are pooled, and their p50 and p99 taken by nearest rank. Prints the median over the
directories of each, then the ranges: "p50 p99 min50–max50/min99–max99".
"""
import math
import statistics
import sys


def quantile(sorted_values, q):
    return sorted_values[max(0, math.ceil(q * len(sorted_values)) - 1)]


def pooled(directory, name, runs):
    values = []
    for run in runs:
        with open(f"{directory}/e2e-{name}-run{run}.csv") as f:
            next(f)
            values.extend(float(line) for line in f if line.strip())
    values.sort()
    return quantile(values, 0.50), quantile(values, 0.99)


name, runs, dirs = sys.argv[1], sys.argv[2].split(), sys.argv[3:]
per_server = [pooled(d, name, runs) for d in dirs]
p50s = [p for p, _ in per_server]
p99s = [p for _, p in per_server]
print(f"{statistics.median(p50s)} {statistics.median(p99s)} "
      f"{min(p50s):.3f}–{max(p50s):.3f}/{min(p99s):.3f}–{max(p99s):.3f}")
