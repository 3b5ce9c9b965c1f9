import sys, re, collections
def load(p):
    th=collections.Counter(); cat=collections.defaultdict(collections.Counter); total=0
    for line in open(p):
        stack, n = line.rsplit(' ',1); n=int(n); total+=n
        frames=stack.split(';'); t=frames[0]
        g = re.sub(r'[-#]?\d+.*$','',t.strip('[]')).strip()
        if 'grizzly-nio' in g or 'eh-worker' in g: g='selector/worker'
        elif g.startswith('eh-edf'): g='eh-edf'
        elif g.startswith('eh-delivery'): g='eh-delivery'
        th[g]+=n
        s=stack
        if 'PriorityBlockingQueue.offer' in s: c='queue the dispatch job (offer, wakes eh-edf)'
        elif 'PriorityBlockingQueue.take' in s: c='take/park for a job'
        elif 'SseSink.deliver' in s and ('write' in s.lower()): c='SSE deliver (frames + write system call)'
        elif 'PublishHandler' in s and 'flush' in s: c='answer write'
        elif 'epoll' in s.lower() or 'select' in s.split(';')[-1].lower(): c='epoll/select'
        elif 'PublishHandler' in s or 'PublishEndpoint' in s: c='publish handler: rest'
        else: c='other'
        cat[g][c]+=n
    return th, cat, total
for p in sys.argv[1:]:
    th,cat,total=load(p)
    print(f"## {p}: {total} samples")
    for g,n in th.most_common(6): 
        print(f"  {g}: {100*n/total:.1f}%")
        if g in ('selector/worker','eh-edf'):
            for c,m in cat[g].most_common(): print(f"      {100*m/n:5.1f}% {c}")
