#!/usr/bin/env python3
# perf sched timehist -w output: per (woken thread class, waker class, same/other cpu): count, delay p50/p99, >0.5ms
import sys, re, collections
def cls(name):
    name = re.sub(r'\[.*', '', name)
    return re.sub(r'[-_]?\d+$', '', name)
last_wake, rows = {}, collections.defaultdict(list)
runs = collections.Counter(); runtime = collections.Counter()
for line in open(sys.argv[1]):
    tok = line.split()
    if len(tok) < 3 or not re.match(r'^\d+\.\d+$', tok[0]):
        continue
    cpu = tok[1]
    if 'awakened:' in line:
        wakee = line.split('awakened:')[1].strip()
        m = re.search(r'\[(\d+)', wakee)
        if m:
            last_wake[m.group(1)] = (cls(tok[2]), cpu)
        continue
    task = ' '.join(tok[2:-3])
    m = re.search(r'\[(\d+)', task)
    if not m:
        continue
    try:
        delay = float(tok[-2]); run = float(tok[-1])
    except ValueError:
        continue
    c = cls(task)
    runs[c] += 1; runtime[c] += run
    w = last_wake.pop(m.group(1), None)
    if w:
        rows[(c, w[0], 'same' if w[1] == cpu else 'other')].append(delay)
print('switch-ins and run time (ms) per class:')
for c, n in runs.most_common(12):
    print(f'  {c:28s} {n:7d} {runtime[c]:9.1f}')
print('wakee | waker | cpu | n | p50 | p99 | >0.5ms')
for k, v in sorted(rows.items(), key=lambda kv: -len(kv[1]))[:20]:
    v.sort(); n = len(v)
    print(f'{k[0]:24s} | {k[1]:24s} | {k[2]:5s} | {n:6d} | {v[n//2]:.3f} | {v[min(n-1, int(n*0.99))]:.3f} | {sum(1 for x in v if x > 0.5)}')
