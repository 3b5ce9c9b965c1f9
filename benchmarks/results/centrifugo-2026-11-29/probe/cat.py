import sys,collections
tot=0; role=collections.Counter(); self_layer=collections.Counter(); incl=collections.Counter()
roles={}
def layer(f):
    if f.endswith('_[k]'): return 'kernel'
    if '/' in f:
        for p,n in [('org/glassfish/grizzly','grizzly'),('io/eventhandler','ours'),('com/fasterxml','jackson'),('java/','jdk'),('jdk/','jdk'),('sun/','jdk'),('org/HdrHistogram','hdr'),('io/micrometer','micrometer')]:
            if f.startswith(p): return n
        return 'java-other'
    return 'native/jvm'
for line in open(sys.argv[1]):
    st,_,c=line.rstrip().rpartition(' '); c=int(c); fr=st.split(';'); tot+=c
    r='selector' if any('SelectorRunner' in f for f in fr) else 'worker' if any('DeliveryWorkers' in f for f in fr) else 'other'
    role[r]+=c
    L=layer(fr[-1]) 
    # attribute kernel/native leaf to the nearest java frame's layer too
    j=next((layer(f) for f in reversed(fr) if '/' in f and not f.endswith('_[k]')), 'none')
    self_layer[(r,L if L not in ('kernel','native/jvm') else L+'<-'+j)]+=c
    for key in sys.argv[2:]:
        if any(key in f for f in fr): incl[(r,key)]+=c
print('total',tot)
for r,c in role.most_common(): print(f'{r:10s} {100*c/tot:5.1f}%')
for k,c in self_layer.most_common(30): print(f'{k[0]:10s} {k[1]:30s} {100*c/tot:5.1f}%')
for k,c in sorted(incl.items()): print('incl',k, f'{100*c/tot:5.1f}%')
