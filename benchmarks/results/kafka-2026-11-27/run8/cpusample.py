#!/usr/bin/env python3
# Samples every second the CPU ticks of every thread of every java process; writes the last sample (and the
# first per thread) to OUT as "pid tid comm first_ticks last_ticks", until STOPFILE exists.
import os, sys, time
out, stop = sys.argv[1], sys.argv[2]
first, last, cmd = {}, {}, {}
hz = os.sysconf('SC_CLK_TCK')
while not os.path.exists(stop):
    for pid in os.listdir('/proc'):
        if not pid.isdigit():
            continue
        try:
            c = open(f'/proc/{pid}/cmdline','rb').read().replace(b'\0', b' ').decode(errors='replace')
        except OSError:
            continue
        if 'java' not in c.split(' ')[0]:
            continue
        role = 'broker' if 'KafkaBrokerProcess' in c else ('bench' if 'KafkaExportBenchmark' in c else 'other')
        try:
            tids = os.listdir(f'/proc/{pid}/task')
        except OSError:
            continue
        for tid in tids:
            try:
                s = open(f'/proc/{pid}/task/{tid}/stat').read()
            except OSError:
                continue
            comm = s[s.index('(')+1:s.rindex(')')]
            f = s[s.rindex(')')+2:].split()
            t = int(f[11]) + int(f[12])
            k = (role, pid, tid)
            first.setdefault(k, t); last[k] = t; cmd[k] = comm
    with open(out + '.tmp', 'w') as o:
        for k in last:
            o.write(f'{k[0]} {k[1]} {k[2]} {cmd[k].replace(" ","_")} {first[k]} {last[k]}\n')
    os.replace(out + '.tmp', out)
    time.sleep(1)
