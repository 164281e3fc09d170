package org.rhcc.sim.net;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The sender NICs of {@link RdmaFabric} (docs/model.md §4.2): perftest-like RDMA WRITE QPs, each keeping
 * {@code txDepth} messages posted and posting a new one when a message's ACK returns (closed loop). A NIC serves its
 * QPs round robin, one MTU packet at a time, each QP paced at {@code min(R_rev, R_cc)} (Eq. (4)); with probes on, a QP
 * emits one probe per {@code probeIntervalBytes} of data sent. ACKs, NAKs and timeouts move the QPs' PSNs
 * (go-back-N).
 * <p>
 * <b>Note:</b> allocation-free per packet and event; not thread-safe.
 */
final class SenderNics
{
    private static final double NEVER = QpTable.NEVER;

    private final FabricConfig cfg;
    private final EventQueue events;
    private final PacketPool pool;
    private final SenderCc cc;
    private final SplittableRandom random;
    private final FabricListener listener;
    private final QpTable qp;
    private final boolean perPacketAcks;
    private final boolean windowed;
    private final double pacingJitter;
    private final double rateLimitGbps;
    private final int packetsPerMessage;
    private final int lastPayloadBytes;
    private final double nsPerBitLine;

    private final double[] linkFreeNs;
    private final double[] txPendingNs;
    private final int[] txGen;
    private final boolean[] senderPaused;
    private final int[] roundRobin;
    /** The QPs each sender NIC serves now: all, or a window of them (docs/model.md §4.2, "Active-QP budget"). */
    private final ActiveQpWindow active;

    /** Result of {@link #chooseQp}: the chosen QP's offset in the sender's window, or the earliest pacing time. */
    private int chosenOffset;
    private double earliestNs;

    private long retransmittedPackets;
    private long sentPackets;

    SenderNics(final FabricConfig cfg, final EventQueue events, final PacketPool pool, final SenderCc cc,
        final SplittableRandom random, final FabricListener listener, final int packetsPerMessage)
    {
        this.cfg = cfg;
        this.events = events;
        this.pool = pool;
        this.cc = cc;
        this.random = random;
        this.listener = listener;
        this.perPacketAcks = cc.perPacketAcks();
        this.windowed = cc.windowed();
        this.packetsPerMessage = packetsPerMessage;
        final int qps = cfg.workload().senders() * cfg.workload().qpsPerSender();
        pacingJitter = cfg.scheduler().pacingJitter();
        rateLimitGbps = cfg.scheduler().rateLimitGbps() > 0.0 ? cfg.scheduler().rateLimitGbps() : NEVER;
        lastPayloadBytes = cfg.workload().messageBytes() - (packetsPerMessage - 1) * cfg.link().mtuBytes();
        nsPerBitLine = 1.0 / cfg.link().lineRateGbps();

        final int senders = cfg.workload().senders();
        linkFreeNs = new double[senders];
        txPendingNs = new double[senders];
        Arrays.fill(txPendingNs, NEVER);
        txGen = new int[senders];
        senderPaused = new boolean[senders];
        roundRobin = new int[senders];
        qp = new QpTable(qps, cfg.workload().txDepth(), packetsPerMessage, cfg.link().lineRateGbps());
        active = new ActiveQpWindow(senders, cfg.workload().qpsPerSender(), cfg.scheduler().activeQps(),
            cfg.probes().intervalBytes(), qp::probePending, qp::noData);
    }

    /**
     * @return the per-QP transport state.
     */
    QpTable table()
    {
        return qp;
    }

    /**
     * Starts every sender: every QP's first doorbell reaches the NIC at a seeded random time within
     * {@code doorbellJitterNs} (docs/model.md §4.2, de-phased QPs).
     */
    void start(final int qps)
    {
        final double doorbellJitterNs = cfg.scheduler().doorbellJitterNs();
        for (int q = 0; q < qps; q++)
        {
            qp.nextTxNs(q, doorbellJitterNs > 0.0 ? random.nextDouble() * doorbellJitterNs : 0.0);
        }
        for (int s = 0; s < cfg.workload().senders(); s++)
        {
            scheduleTx(s, 0.0);
        }
    }

    /**
     * A PFC frame from the switch reaches sender {@code s}.
     */
    void onPause(final double now, final int s, final boolean paused)
    {
        senderPaused[s] = paused;
        if (!senderPaused[s])
        {
            scheduleTx(s, Math.max(now, linkFreeNs[s]));
        }
    }

    private void scheduleTx(final int s, final double atNs)
    {
        if (atNs < txPendingNs[s])
        {
            txPendingNs[s] = atNs;
            events.schedule(atNs, FabricEvents.SENDER_TX, s, ++txGen[s]);
        }
    }

    private void scheduleTxForQp(final int q, final double now)
    {
        final int s = q / cfg.workload().qpsPerSender();
        scheduleTx(s, Math.max(now, linkFreeNs[s]));
    }

    void onSenderTx(final double now, final int s, final int gen)
    {
        if (gen != txGen[s])
        {
            return;
        }
        txPendingNs[s] = NEVER;
        if (senderPaused[s])
        {
            return;
        }
        if (now < linkFreeNs[s])
        {
            scheduleTx(s, linkFreeNs[s]);
            return;
        }
        final int chosen = chooseQp(now, s);
        if (chosen < 0)
        {
            if (earliestNs < NEVER)
            {
                scheduleTx(s, earliestNs);
            }
            return;
        }
        final int serving = active.size();
        roundRobin[s] = chosenOffset + 1 == serving ? 0 : chosenOffset + 1;
        final int p = qp.probePending(chosen) ? sendProbe(now, chosen) : sendData(now, s, chosen);
        final int wire = pool.wireBytes(p);
        final double serNs = wire * 8.0 * nsPerBitLine;
        linkFreeNs[s] = now + serNs;
        events.schedule(now + serNs + cfg.link().propagationNs(), FabricEvents.SWITCH_ARRIVE, p, 0);
        scheduleTx(s, now + serNs);
    }

    /**
     * The arbiter scans the QPs it serves now (all of them, or the active window) from the next one in rotation, or,
     * with a jittered scheduler, from a random one: a fixed rotation at line rate would repeat one phase of every
     * QP's probes against the receiver's DMA forever.
     *
     * @return the QP to send from now (its offset in {@link #chosenOffset}), or -1 with the earliest time one may
     * send in {@link #earliestNs}.
     */
    private int chooseQp(final double now, final int s)
    {
        final int perSender = cfg.workload().qpsPerSender();
        final int base = s * perSender;
        double earliest = NEVER;
        active.advance(s);
        final int serving = active.size();
        final int start = pacingJitter > 0.0 && serving > 1 ? random.nextInt(serving) : roundRobin[s];
        for (int i = 0; i < serving; i++)
        {
            final int offset = start + i < serving ? start + i : start + i - serving;
            final int q = base + active.indexAt(s, offset);
            final boolean probeDue = qp.probePending(q);
            if (!probeDue && (qp.sndNxt(q) >= qp.postedEnd(q) || !active.hasSliceLeft(q) ||
                windowed && (qp.sndNxt(q) - qp.sndUna(q)) * cfg.link().mtuBytes() >= cc.windowBytes(q)))
            {
                continue;
            }
            final double t = qp.nextTxNs(q);
            if (t <= now + 1e-6)
            {
                chosenOffset = offset;
                return q;
            }
            earliest = Math.min(earliest, t);
        }
        earliestNs = earliest;
        return -1;
    }

    /**
     * The probe is a packet of its flow: it takes the flow's next pacing slot, and the data after it follows one
     * probe's wire time later at the flow's rate.
     */
    private int sendProbe(final double now, final int chosen)
    {
        qp.probePending(chosen, false);
        final int wire = cfg.probes().wireBytes();
        final int p = pool.acquire(chosen, 0, 0, wire, PacketPool.PROBE);
        final double rate = Math.max(1e-3, sendRateGbps(chosen, now));
        qp.nextTxNs(chosen, Math.max(qp.nextTxNs(chosen), now) + wire * 8.0 / rate);
        return p;
    }

    private int sendData(final double now, final int s, final int chosen)
    {
        final long psn = qp.sndNxt(chosen);
        qp.sndNxt(chosen, psn + 1);
        final boolean last = psn % packetsPerMessage == packetsPerMessage - 1;
        if (last || perPacketAcks)
        {
            armTimer(chosen, psn, now);
        }
        final int payload = last ? lastPayloadBytes : cfg.link().mtuBytes();
        final int wire = payload + cfg.link().headerBytes();
        final int p = pool.acquire(chosen, psn, payload, wire, last ? PacketPool.LAST : 0);
        if (perPacketAcks)
        {
            pool.stampSent(p, now);
        }
        final double rate = Math.max(1e-3, sendRateGbps(chosen, now));
        qp.nextTxNs(chosen, Math.max(qp.nextTxNs(chosen), now) + (0 == psn && pacingJitter > 0.0 ?
            2.0 * random.nextDouble() * wire * 8.0 / rate : pacingGapNs(wire, rate)));
        cc.onBytesSent(chosen, payload, now);
        active.onSent(s, chosen, payload);
        sentPackets++;
        qp.addSentWireBytes(chosen, wire);
        if (psn < qp.highestSent(chosen))
        {
            retransmittedPackets++;
        }
        else
        {
            qp.highestSent(chosen, psn + 1);
        }
        if (cfg.probes().enabled())
        {
            qp.bytesSinceProbe(chosen, qp.bytesSinceProbe(chosen) + payload);
            if (qp.bytesSinceProbe(chosen) >= cfg.probes().intervalBytes())
            {
                qp.bytesSinceProbe(chosen, qp.bytesSinceProbe(chosen) - cfg.probes().intervalBytes());
                qp.probePending(chosen, true);
            }
        }
        return p;
    }

    /**
     * Starts a QP's transport timer when it sends a packet that requests an ACK (a message's last packet, or every
     * packet when every packet is ACKed) and none is unanswered: the timer measures how long a requested ACK has not
     * come, so a QP that a scheduler of thousands of QPs serves slowly is not timed out by its own slowness.
     */
    private void armTimer(final int q, final long psn, final double nowNs)
    {
        if (qp.timerStartNs(q) == NEVER)
        {
            qp.timerStartNs(q, nowNs);
        }
        qp.ackRequestedEnd(q, Math.max(qp.ackRequestedEnd(q), psn + 1));
    }

    /**
     * The gap before a QP's next packet: the packet's wire time at the QP's rate, jittered uniformly within
     * {@code +- pacingJitter} of itself (mean kept), so that QPs at equal rates drift out of step as a real NIC's
     * scheduler lets them (docs/model.md §4.2). The jitter never draws a gap shorter than the packet's own
     * serialisation at line rate: a short draw the link could not honour would be lost while a long one is not, and
     * a QP near line rate would fall short of its rate.
     */
    private double pacingGapNs(final int wireBytes, final double rateGbps)
    {
        final double gapNs = wireBytes * 8.0 / rateGbps;
        if (pacingJitter <= 0.0)
        {
            return gapNs;
        }
        final double amplitude = Math.min(pacingJitter, 1.0 - wireBytes * 8.0 * nsPerBitLine / gapNs);
        return amplitude > 0.0 ? gapNs * (1.0 + amplitude * (2.0 * random.nextDouble() - 1.0)) : gapNs;
    }

    void onAck(final double now, final int q, final long psnLow)
    {
        final long psn = QpTable.unwrap(qp.sndUna(q), psnLow);
        final long newUna = psn + 1;
        if (newUna <= qp.sndUna(q))
        {
            return;
        }
        final int depth = cfg.workload().txDepth();
        final long firstMsg = qp.sndUna(q) / packetsPerMessage;
        final long endMsg = newUna / packetsPerMessage;
        for (long m = firstMsg; m < endMsg; m++)
        {
            final int slot = q * depth + (int)(m % depth);
            listener.onMessageCompleted(q, now - qp.postNs(slot), now);
            qp.postNs(slot, now);
            qp.postedEnd(q, qp.postedEnd(q) + packetsPerMessage);
        }
        qp.sndUna(q, newUna);
        if (qp.sndNxt(q) < newUna)
        {
            qp.sndNxt(q, newUna);
        }
        qp.timerStartNs(q, newUna < qp.ackRequestedEnd(q) ? now : NEVER);
        scheduleTxForQp(q, now);
    }

    /**
     * The ACK of one data packet (HPCC, Swift): the inter-host CC takes its timestamps and INT record, then the ACK
     * advances the QP as a message ACK does.
     */
    void onDataAck(final double now, final int p)
    {
        final int q = pool.qp(p);
        final long psn = pool.psn(p);
        cc.onAck(q, psn + 1, qp.sndNxt(q), now, pool.sentNs(p), pool.ackDepartNs(p) - pool.rxArriveNs(p),
            pool.intQueueBytes(p), pool.intTxBytes(p), pool.intStampNs(p), cfg.link().lineRateGbps());
        pool.release(p);
        onAck(now, q, psn & 0xFFFF_FFFFL);
        // the window may have grown without new data being acknowledged (a duplicate): let the sender look again
        scheduleTxForQp(q, now);
    }

    void onNak(final double now, final int q, final long psnLow)
    {
        final long psn = QpTable.unwrap(qp.sndUna(q), psnLow);
        if (psn >= qp.sndUna(q) && psn < qp.sndNxt(q))
        {
            cc.onNak(q, now);
            qp.sndNxt(q, psn);
            qp.timerStartNs(q, now);
            scheduleTxForQp(q, now);
        }
    }

    /**
     * Go-back-N retransmission timeouts: a QP without ACK progress for the RTO resends from its oldest unacked PSN.
     */
    void checkTimeouts(final int qps, final double nowNs)
    {
        for (int q = 0; q < qps; q++)
        {
            if (qp.sndNxt(q) > qp.sndUna(q) && nowNs - qp.timerStartNs(q) > cfg.nic().retransmitTimeoutNs())
            {
                cc.onTimeout(q, nowNs);
                qp.sndNxt(q, qp.sndUna(q));
                qp.timerStartNs(q, nowNs);
                scheduleTxForQp(q, nowNs);
            }
        }
    }

    /**
     * Sets a QP's receivable-rate cap R_rev (Eq. (4)), already clamped; a raised cap lets the QP send at once.
     */
    void setReceivableRate(final int q, final double capGbps, final double nowNs)
    {
        final double old = qp.rRevGbps(q);
        qp.rRevGbps(q, capGbps);
        if (capGbps > old)
        {
            final int s = q / cfg.workload().qpsPerSender();
            qp.nextTxNs(q, Math.min(qp.nextTxNs(q), nowNs));
            scheduleTx(s, Math.max(nowNs, linkFreeNs[s]));
        }
    }

    /**
     * @return the QP's sending rate {@code min(R_rev, R_cc)} (Eq. (4)) within the per-QP rate limit, Gbit/s.
     */
    double sendRateGbps(final int q, final double nowNs)
    {
        return Math.min(rateLimitGbps, Math.min(qp.rRevGbps(q), cc.rateGbps(q, nowNs)));
    }

    long sentPackets()
    {
        return sentPackets;
    }

    long retransmittedPackets()
    {
        return retransmittedPackets;
    }
}
