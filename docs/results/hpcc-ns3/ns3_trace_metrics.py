#!/usr/bin/env python3
"""The hpcc-reference experiment's metrics on a packet trace of the HPCC authors' ns-3 simulator
(docs/results/hpcc-ns3-comparison.md).

Usage: ns3_trace_metrics.py TRACE_READER MIX_TR [START_NS]

TRACE_READER is the simulator's analysis/trace_reader binary, MIX_TR a trace written with ENABLE_TRACE 1 and the
switch (node 0) as the only traced node; the flows start at START_NS (default 2 s, as in mix/flow.txt). From the
switch's events: each flow's data packets received (what it put on the wire, 1 us bins), the egress queue reported at
each dequeue (the last one of each 1 us bin) and, for the rate, wire bits over the mean of each flow's last 4
inter-packet gaps at the switch.
"""
import collections
import subprocess
import sys


def main():
    reader, trace = sys.argv[1], sys.argv[2]
    start = int(sys.argv[3]) if len(sys.argv) > 3 else 2_000_000_000
    lines = subprocess.run([reader, trace], capture_output=True, text=True, check=True).stdout.splitlines()
    sent = collections.defaultdict(lambda: collections.defaultdict(int))
    queue = {}
    gaps = collections.defaultdict(list)
    last_rx = {}
    last_bin = 0
    for line in lines:
        f = line.split()
        if len(f) < 12 or f[1] != 'n:0' or f[10] != 'U':
            continue
        t = int(f[0]) - start
        b = t // 1000
        flow = f[6]
        size = int(f[-1].split('(')[0])
        if f[4] == 'Recv':
            sent[flow][b] += size
            if flow in last_rx and t > last_rx[flow]:
                gaps[flow].append((t, t - last_rx[flow], size))
            last_rx[flow] = t
        elif f[4] == 'Dequ':
            queue[b] = int(f[3])
            last_bin = max(last_bin, b)
    flows = sorted(sent)
    n = len(flows)
    bins = range(last_bin + 1)
    q, level = [], 0
    for b in bins:
        level = queue.get(b, level)
        q.append(level / 1e3)
    sent_gbps = {fl: [sent[fl][b] * 8 / 1000.0 for b in bins] for fl in flows}
    paced = {}
    for fl in flows:
        col, j, g = [], 0, gaps[fl]
        for b in bins:
            while j < len(g) and g[j][0] <= (b + 1) * 1000:
                j += 1
            recent = g[max(0, j - 4):j]
            col.append(sum(s * 8.0 for _, _, s in recent) / sum(d for _, d, _ in recent) if recent else 0.0)
        paced[fl] = col
    t_us = [b + 1 for b in bins]
    second = [i for i, t in enumerate(t_us) if 1000 < t <= 2000]
    peak = max(bins, key=lambda i: q[i])
    drained = next((t_us[i] for i in bins if i >= peak and q[i] < 5.0), None)
    dip = min(sum(sent_gbps[fl][i] for i in range(j, j + 10)) / 10 for fl in flows for j in range(0, 100, 10))
    fair = next((t_us[i] for i in bins if all(abs(paced[fl][i] - 100.0 / n) <= 10.0 / n for fl in flows)), None)
    means = [sum(sent_gbps[fl][i] for i in second) / len(second) for fl in flows]
    jain = sum(means) ** 2 / (n * sum(m * m for m in means))
    print('flows %d; peak queue %.1f KB at %d us; below 5 KB at %s us; dip %.1f Gbit/s; paced rates within 10 %% of '
          'B/N at %s us; queue (1, 2] ms %.2f KB; sent (1, 2] ms %.1f Gbit/s; Jain %.4f' %
          (n, q[peak], t_us[peak], drained, dip, fair, sum(q[i] for i in second) / len(second), sum(means), jain))


if __name__ == '__main__':
    main()
