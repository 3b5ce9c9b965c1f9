#!/usr/bin/env python3
"""Summarizes an acceptance.sh output directory as Markdown tables: one row per run, then the medians.

Usage: python3 benchmarks/summarize.py <acceptance output dir>
"""
import json, os, statistics, sys

out = sys.argv[1]
order = ["A", "B", "C", "sustained", "fanout", "fanout10k", "A-skeleton", "C-skeleton"]
for scenario in order:
    for mode in ["sse", "webhook"]:
        path = os.path.join(out, f"{scenario}-{mode}.json")
        if not os.path.exists(path):
            continue
        d = json.load(open(path))
        stats_path = os.path.join(out, f"{scenario}-{mode}-statistics.json")
        dropped = None
        if os.path.exists(stats_path):
            try:
                dropped = json.load(open(stats_path)).get("deliveriesDropped")
            except Exception:
                pass
        print(f"\n**{scenario} / {mode}** (server drops over all runs incl. warm-up: {dropped})\n")
        print("| run | published ev/s | publish call p50 / p99 ms | deliveries/s | e2e p50 ms | p90 | p99 | p99.9 | max "
              "| lost | dup | ooo |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        rows = []
        for r in d["runs"]:
            p, dl = r["publish"], r["delivery"]
            e = dl["end_to_end"] or {}
            pl = p["latency"] or {}
            row = [p["events_per_second"], dl["deliveries_per_second"], e.get("p50_ms"), e.get("p90_ms"),
                   e.get("p99_ms"), e.get("p999_ms"), e.get("max_ms"), dl["lost"], dl["duplicates"], dl["out_of_order"],
                   pl.get("p50_ms"), pl.get("p99_ms")]
            rows.append(row)
            print(f"| {r['run']} | {row[0]:,.0f} | {row[10]:.3f} / {row[11]:.3f} | {row[1]:,.0f} | "
                  + " | ".join(f"{v:.3f}" for v in row[2:7]) + f" | {row[7]} | {row[8]} | {row[9]} |")
        med = [statistics.median(c) for c in zip(*rows)]
        print(f"| **median** | {med[0]:,.0f} | {med[10]:.3f} / {med[11]:.3f} | {med[1]:,.0f} | "
              + " | ".join(f"{v:.3f}" for v in med[2:7])
              + f" | {sum(r[7] for r in rows)} (sum) | {sum(r[8] for r in rows)} | {sum(r[9] for r in rows)} |")
