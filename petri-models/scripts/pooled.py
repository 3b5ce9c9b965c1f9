#!/usr/bin/env python3
"""Measured end-to-end p50 and p99 of one configuration over fresh servers (lab/notebook/capacity.md §7).

Usage: pooled.py [--across median|all] NAME "RUNS" DIR...   e.g. pooled.py d1-r500 "2 3 4 5" rep1 rep2 rep3
Per directory (one fresh server, measure.sh's output), the samples of the given runs (e2e-NAME-runK.csv, one latency
in ms per line after a header) are pooled, and their p50 and p99 taken by nearest rank. Prints the figure, then the
per-server ranges: "p50 p99 min50–max50/min99–max99". The figure is, with --across median (the default), the median
over the directories of each quantile; with --across all, the quantiles of all directories' samples pooled, the
statistic a calibration from several servers uses (§8).
"""
import math
import statistics
import sys


def quantile(sorted_values, q):
    return sorted_values[max(0, math.ceil(q * len(sorted_values)) - 1)]


def samples(directory, name, runs):
    values = []
    for run in runs:
        with open(f"{directory}/e2e-{name}-run{run}.csv") as f:
            next(f)
            values.extend(float(line) for line in f if line.strip())
    return values


def quantiles(values):
    values = sorted(values)
    return quantile(values, 0.50), quantile(values, 0.99)


args = sys.argv[1:]
across = "median"
if args[0] == "--across":
    across, args = args[1], args[2:]
name, runs, dirs = args[0], args[1].split(), args[2:]
per_directory = [samples(d, name, runs) for d in dirs]
per_server = [quantiles(values) for values in per_directory]
p50s = [p for p, _ in per_server]
p99s = [p for _, p in per_server]
if across == "all":
    figure = quantiles([x for values in per_directory for x in values])
else:
    figure = (statistics.median(p50s), statistics.median(p99s))
print(f"{figure[0]} {figure[1]} "
      f"{min(p50s):.3f}–{max(p50s):.3f}/{min(p99s):.3f}–{max(p99s):.3f}")
