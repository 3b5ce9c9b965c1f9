# Summarises benchmarks/history-cost.sh output: medians per scenario and history mode, then every run.
import json, glob, os, statistics, sys
out = sys.argv[1]
rows = {}
for f in sorted(glob.glob(out + '/*.json')):
    scen, cfg, rnd = os.path.basename(f)[:-5].split('-')
    d = json.load(open(f))
    for r in d['runs']:
        if not r['completed']:
            continue
        p = r['publish']; e = r['delivery']['end_to_end']
        rows.setdefault((scen, cfg), []).append((rnd, r['run'], p['events_per_second'], p['latency']['p50_ms'],
            p['latency']['p90_ms'], p['latency']['p99_ms'], p['latency']['p999_ms'], e['p50_ms'], e['p99_ms'],
            r['delivery']['lost']))
order = ['OFF', 'MEMORY', 'DURABLE', 'SYNC']
for scen in ['A', 'C']:
    print(f'\n### scenario {scen}\n')
    print('| history | runs | events/s (median, range) | publish p50 ms | p90 | p99 | p99.9 | e2e p50 ms | e2e p99 | lost |')
    print('|---|---|---|---|---|---|---|---|---|---|')
    for cfg in order:
        rs = rows.get((scen, cfg), [])
        if not rs:
            continue
        med = lambda i: statistics.median([r[i] for r in rs])
        eps = [r[2] for r in rs]
        print(f'| {cfg} | {len(rs)} | {med(2):,.0f} ({min(eps):,.0f}–{max(eps):,.0f}) | {med(3):.3f} | {med(4):.3f} | '
              f'{med(5):.3f} | {med(6):.3f} | {med(7):.3f} | {med(8):.3f} | {sum(r[9] for r in rs)} |')
print('\nall runs (round, run, events/s, publish p50/p90/p99/p99.9, e2e p50/p99):')
for (scen, cfg), rs in sorted(rows.items()):
    for r in rs:
        print(f'{scen} {cfg:8} r{r[0]}.{r[1]} {r[2]:9.0f}  {r[3]:.3f} {r[4]:.3f} {r[5]:.3f} {r[6]:.3f}  {r[7]:.3f} {r[8]:.3f}')
