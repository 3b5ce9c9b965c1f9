import sys,re,statistics as st
for f in sys.argv[1:]:
    d={}
    for l in open(f):
        m=re.match(r'A round (\d+) export (\w+)\s+p50 ([\d.]+) ms p99 ([\d.]+) ms p99.9 ([\d.]+)',l)
        if m: d.setdefault(int(m[1]),{})[m[2]]=float(m[4])
    print(f)
    on=[];c=[]
    for r in sorted(d):
        x=d[r]; print(f"  {r:2d} off {x['off']:.3f} on {x['on']:.3f} off2 {x['off2']:.3f}  on-off {x['on']-x['off']:+.3f} off2-off {x['off2']-x['off']:+.3f}")
        on.append(x['on']-x['off']); c.append(x['off2']-x['off'])
    q=st.quantiles(c,n=4)
    print(f"  median on-off {st.median(on):+.3f}; control IQR [{q[0]:+.3f}, {q[2]:+.3f}] median {st.median(c):+.3f} -> {'WITHIN' if q[0]<=st.median(on)<=q[2] else 'OUTSIDE'}")
