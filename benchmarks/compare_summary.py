#!/usr/bin/env python3
"""Summarizes a compare-centrifugo.sh output directory: per scenario and target the medians over every measured run
of every round (peak RSS: the median of each server's peak), then ours against Centrifugo (and against before).

Usage: python3 benchmarks/compare_summary.py <output dir>
"""
import glob, json, os, re, statistics, sys

out = sys.argv[1]
SCENARIOS = ["A", "A256", "B", "C", "F", "S"]
TARGETS = ["ours", "before", "centrifugo"]


def collect(target, scenario):
    """Every run of every round of one target in one scenario, and each server's peak RSS."""
    runs, peaks, incomplete = [], [], 0
    for path in sorted(glob.glob(os.path.join(out, f"{target}-{scenario}-r*.json"))):
        report = json.load(open(path))
        peak = None
        for run in report["runs"]:
            if not run["completed"] or run["publish"] is None:
                incomplete += 1
                continue
            runs.append(run)
            if run.get("server"):
                peak = max(peak or 0, run["server"]["peak_rss_mib"])
        if peak is not None:
            peaks.append(peak)
    rounds = len(glob.glob(os.path.join(out, f"{target}-{scenario}-r*.txt")))
    return runs, peaks, incomplete, rounds


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def figures(target, scenario):
    runs, peaks, incomplete, rounds = collect(target, scenario)
    if not runs:
        return None
    e2e = [r["delivery"]["end_to_end"] for r in runs]
    server = [r.get("server") or {} for r in runs]
    return {
        "rounds": rounds, "runs": len(runs), "incomplete": incomplete,
        "ev_s": median(r["publish"]["events_per_second"] for r in runs),
        "p50": median(e["p50_ms"] for e in e2e), "p99": median(e["p99_ms"] for e in e2e),
        "p999": median(e["p999_ms"] for e in e2e),
        "cpu": median(s.get("cpu_micros_per_delivery") for s in server),
        "cpu_ticks": sum(1 for s in server if s and not s.get("cpu_per_thread", False)),
        "rss": median(peaks),
        "lost": sum(r["delivery"]["lost"] for r in runs), "dup": sum(r["delivery"]["duplicates"] for r in runs),
        "ooo": sum(r["delivery"]["out_of_order"] for r in runs),
    }


def fmt(value, digits=2):
    return "—" if value is None else f"{value:,.{digits}f}"


def ratio(a, b):
    return "—" if a is None or b in (None, 0) else f"{a / b:.2f}"


uptime = open(os.path.join(out, "uptime.txt")).read().strip() if os.path.exists(
    os.path.join(out, "uptime.txt")) else "not recorded"
print(f"# Ours against Centrifugo: {out}\n\nLoad (uptime) at the start and after each round:\n\n```\n{uptime}\n```\n")
print("| scenario | target | rounds / runs | publish ev/s | e2e p50 / p99 / p99.9 ms | server CPU µs per delivery "
      "| peak RSS MiB | lost / dup / ooo |")
print("|---|---|---|---|---|---|---|---|")
table = {}
for scenario in SCENARIOS:
    for target in TARGETS:
        f = figures(target, scenario)
        if f is None:
            continue
        table[(target, scenario)] = f
        note = f" ({f['incomplete']} incomplete)" if f["incomplete"] else ""
        # CPU from 10-ms clock ticks (a server thread ended during the run, or an older generator) is marked
        cpu_note = f" ({f['cpu_ticks']} by ticks)" if f["cpu_ticks"] else ""
        print(f"| {scenario} | {target} | {f['rounds']} / {f['runs']}{note} | {fmt(f['ev_s'], 0)} | "
              f"{fmt(f['p50'], 3)} / {fmt(f['p99'], 3)} / {fmt(f['p999'], 3)} | {fmt(f['cpu'], 1)}{cpu_note} | "
              f"{fmt(f['rss'], 1)} | {f['lost']} / {f['dup']} / {f['ooo']} |")

for other in ["centrifugo", "before"]:
    if not any(t == other for t, _ in table):
        continue
    print(f"\n**Ours / {other}** (below 1 is better for ours, except publish ev/s):\n")
    print("| scenario | publish ev/s | e2e p99 | e2e p99.9 | CPU per delivery | peak RSS |")
    print("|---|---|---|---|---|---|")
    for scenario in SCENARIOS:
        a, b = table.get(("ours", scenario)), table.get((other, scenario))
        if a and b:
            print(f"| {scenario} | {ratio(a['ev_s'], b['ev_s'])} | {ratio(a['p99'], b['p99'])} | "
                  f"{ratio(a['p999'], b['p999'])} | {ratio(a['cpu'], b['cpu'])} | {ratio(a['rss'], b['rss'])} |")
