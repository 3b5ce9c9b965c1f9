# Discrete-event model of the engine's scheduler (2 workers, strict priority, non-preemptive operators),
# the workload's phases for seed 42 (from Phases.java), operator costs from the diag runs. High e2e per release.
import heapq, sys
PH = {
 3: "H1=4688 H2=1711 H3=679 M1=710 M2=6507 M3=7598 L1=6752 L2=670",
 6: "H1=4688 H2=1711 H3=679 M1=710 M2=6507 M3=7598 M4=5872 M5=7444 M6=9670 L1=3674 L2=9693",
 9: "H1=4688 H2=1711 H3=679 M1=710 M2=6507 M3=7598 M4=5872 M5=7444 M6=9670 M7=7306 M8=2941 M9=9821 L1=12222 L2=8120",
 12: "H1=4688 H2=1711 H3=679 M1=710 M2=6507 M3=7598 M4=5872 M5=7444 M6=9670 M7=7306 M8=2941 M9=9821 M10=2823 M11=3842 M12=7767 L1=18149 L2=17679",
 15: "H1=4688 H2=1711 H3=679 M1=710 M2=6507 M3=7598 M4=5872 M5=7444 M6=9670 M7=7306 M8=2941 M9=9821 M10=2823 M11=3842 M12=7767 M13=855 M14=8091 M15=2248 L1=8436 L2=19874",
}
COST = {("H","fft"):float(sys.argv[2]),("H","concat"):10,("M","fft"):float(sys.argv[3]),("M","concat"):10,("M","aes"):float(sys.argv[1]),("L","fft"):float(sys.argv[4]),("L","concat"):10}
PER = {'H':5000,'M':10000,'L':20000}; NS={'H':2,'M':4,'L':2}; LV={'H':0,'M':1,'L':2}
def sim(k, workers=2, horizon=200000):
    streams=[(s.split('=')[0], int(s.split('=')[1])) for s in PH[k].split()]
    rel=[]
    for name,ph in streams:
        t=ph
        while t<horizon: rel.append((t,name)); t+=PER[name[0]]
    rel.sort()
    ready=[[],[],[]]  # per level FIFO of (name, op, tb)
    state={}  # name -> pending count
    free=[0.0]*workers; lat={}
    import collections
    ri=0; now=0
    events=[]  # (time, kind, data)
    for t,n in rel: heapq.heappush(events,(t,0,n))
    busy=[None]*workers
    seq=0
    def dispatch(now):
        for w in range(workers):
            if busy[w] is None:
                for l in range(3):
                    if ready[l]:
                        name,op,tb=ready[l].pop(0)
                        busy[w]=(name,op,tb)
                        heapq.heappush(events,(now+COST[(name[0],op)],1,w))
                        break
    while events:
        t,kind,d=heapq.heappop(events)
        if kind==0:
            n=d; 
            for i in range(NS[n[0]]): ready[LV[n[0]]].append((n,'fft',t))
            state[(n,t)]=NS[n[0]]
        else:
            w=d; name,op,tb=busy[w]; busy[w]=None
            if op=='fft':
                state[(name,tb)]-=1
                if state[(name,tb)]==0: ready[LV[name[0]]].append((name,'concat',tb))
            elif op=='concat' and name[0]=='M': ready[1].append((name,'aes',tb))
            else:
                if name[0]=='H': lat.setdefault((name,tb%20000),[]).append(t-tb)
        dispatch(t)
    return lat
for k in (3,6,9,12,15):
    lat=sim(k); allv=sorted(v for l in lat.values() for v in l)
    worst=sorted(((max(v),s) for s,v in lat.items()),reverse=True)[:3]
    print(f"k={k:2d} H p50={allv[len(allv)//2]:.0f}us p90={allv[int(len(allv)*.9)]:.0f} p99={allv[int(len(allv)*.99)]:.0f} max={allv[-1]:.0f}  worst slots {worst}")
