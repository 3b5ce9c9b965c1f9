#!/usr/bin/env python3
"""Summarises FailoverBenchmark trial lines (the .trials.txt file, or the test log) into the report tables:
   python3 benchmarks/failover-summary.py FILE"""
import re,sys,statistics as st,math
rows={}
for line in open(sys.argv[1]):
    if '[main]' in line:
        line=line.split(' - ',1)[1]
    m=re.search(r'^(.+?) trial (\d+): failover ([\d.]+) ms, recovered (\d+), replication (\d+) bytes in (\d+) batches, primary CPU (\d+) ms; \[(.*)\]',line)
    if not m: continue
    name=m.group(1); cats={}
    for c in re.finditer(r'(CAT\d) published (\d+) received (\d+) lost (\d+) longest-run (\d+) duplicates-dropped (\d+) mean ([\d.]+) ms peak ([\d.]+) ms',m.group(8)):
        pub,rec,lost,run=int(c.group(2)),int(c.group(3)),int(c.group(4)),int(c.group(5))
        mean=float(c.group(7));peak=float(c.group(8))
        cats[c.group(1)]=dict(pub=pub,lost=lost,run=run,mean=mean,peak=peak,relate2=mean*(100*lost/pub+1))
    rows.setdefault(name,[]).append(dict(fo=float(m.group(3)),rec=int(m.group(4)),bytes=int(m.group(5)),batches=int(m.group(6)),cpu=int(m.group(7)),cats=cats))
L={'CAT0':0,'CAT1':3,'CAT2':0,'CAT3':3,'CAT4':None,'CAT5':0}
def pct(v,p):
    v=sorted(v); r=math.ceil(p/100*len(v)); return v[max(0,r-1)]
print("| configuration | trials | within L (all topics) | L = 0 topics lossless | failover p50 / p99 / max (ms) | copies dispatched at recovery (median) | replication bytes before kill (median) | primary CPU before kill (median ms) |")
print("|---|---|---|---|---|---|---|---|")
for n,t in rows.items():
    within=sum(all(L[c] is None or d['run']<=L[c] for c,d in r['cats'].items()) for r in t)
    lossless=sum(all(d['lost']==0 for c,d in r['cats'].items() if L[c]==0) for r in t)
    fo=[r['fo'] for r in t]
    print(f"| {n} | {len(t)} | {within} | {lossless} | {pct(fo,50):.1f} / {pct(fo,99):.1f} / {max(fo):.1f} | {pct([r['rec'] for r in t],50)} | {pct([r['bytes'] for r in t],50)} | {pct([r['cpu'] for r in t],50)} |")
print()
print("| configuration | category | lost (max) | longest loss run (max) | mean latency ms (median) | peak latency around the kill ms (median / max) | ReLate2 ms (median) |")
print("|---|---|---|---|---|---|---|")
for n,t in rows.items():
    for c in ['CAT0','CAT1','CAT2','CAT3','CAT4','CAT5']:
        g=lambda k:[r['cats'][c][k] for r in t]
        print(f"| {n} | {c[-1]} | {max(g('lost'))} | {max(g('run'))} | {pct(g('mean'),50):.2f} | {pct(g('peak'),50):.1f} / {max(g('peak')):.1f} | {pct(g('relate2'),50):.2f} |")
