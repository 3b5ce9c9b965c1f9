import sys,re,glob,statistics as st,collections
d=sys.argv[1]; rows=collections.defaultdict(lambda: collections.defaultdict(list))
for f in sorted(glob.glob(d+'/*-r*.txt')):
    name=f.split('/')[-1].rsplit('-r',1)[0]
    t=open(f).read()
    for m in re.finditer(r'CPU ([\d.]+) us per delivery',t): rows[name]['cpu'].append(float(m.group(1)))
    for m in re.finditer(r'= ([\d.]+) events/s',t): rows[name]['rate'].append(float(m.group(1)))
    for m in re.finditer(r'e2e ms .* p99 ([\d.]+)  p99.9 ([\d.]+)',t): rows[name]['p99'].append(float(m.group(1))); rows[name]['p999'].append(float(m.group(2)))
for n,r in rows.items():
    print(n, ' '.join(f"{k} med {st.median(v):.2f} [{min(v):.2f}-{max(v):.2f}] n={len(v)}" for k,v in r.items()))
