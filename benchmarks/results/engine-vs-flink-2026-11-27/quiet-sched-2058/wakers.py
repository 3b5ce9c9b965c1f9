#!/usr/bin/env python3
# Reads `perf sched timehist -w` output (argv[1]); for every switch-in of an engine worker in the measured window
# (the last 8.5 s but 0.3), who woke it and whether it ran on the waker's core, with its scheduling delay.
import sys, re, collections
times = [float(l.split()[0]) for l in open(sys.argv[1]) if re.match(r'^\s*\d+\.\d+ ', l)]
lo, hi = times[-1] - 8.5, times[-1] - 0.3
last_wake, rows = {}, []
for line in open(sys.argv[1]):
    tok = line.split()
    if len(tok) < 3 or not re.match(r'^\d+\.\d+$', tok[0]):
        continue
    t, cpu = float(tok[0]), tok[1]
    if 'awakened:' in line:
        wakee = line.split('awakened:')[1].strip()
        m = re.search(r'\[(\d+)', wakee)
        if m and 'eh-engine-worke' in wakee:
            last_wake[m.group(1)] = (re.sub(r'\[.*', '', tok[2]), cpu)
        continue
    task = ' '.join(tok[2:-3])
    if 'eh-engine-worke' not in task:
        continue
    try:
        delay = float(tok[-2])
    except ValueError:
        continue
    w = last_wake.pop(re.search(r'\[(\d+)', task).group(1), None)
    if w and lo <= t <= hi:
        rows.append((w[0], 'same cpu' if w[1] == cpu else 'other cpu', delay))
groups = collections.defaultdict(list)
for waker, where, d in rows:
    groups[(waker, where)].append(d)
for (waker, where), v in sorted(groups.items()):
    v.sort()
    n = len(v)
    print(f"woken by {waker:16s} ran on {where:9s} n={n:6d} delay p50 {v[n // 2]:.3f} p99 {v[int(.99 * n)]:.3f} "
          f"over 0.5 ms {sum(x > 0.5 for x in v)}")
