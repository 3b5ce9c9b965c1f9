import sys, collections
hz=100
per=collections.defaultdict(int); roles=collections.defaultdict(int)
for line in open(sys.argv[1]):
    role,pid,tid,comm,a,b=line.split()
    d=int(b)-int(a)
    roles[role]+=d
    if role=='bench': per[comm]+=d
print('ticks (1/100 s) over the pass:', dict(roles))
for c,d in sorted(per.items(), key=lambda x:-x[1])[:15]: print(f'  {c:30s} {d/hz:7.2f} s')
