package org.rhcc.sim.net;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.rhcc.core.dcqcn.CnpPacer;
import org.rhcc.core.dcqcn.DcqcnReactionPoints;
import org.rhcc.core.dcqcn.RedEcnMarker;

/**
 * The RDMA network of a run (docs/model.md §4.1-§4.3): N sender NICs, each on its own 100G link into one switch, whose
 * egress port feeds the receiver NIC's RDMA port. Packet-level and event-driven.
 * <ul>
 *   <li><b>Senders</b> run perftest-like RDMA WRITE QPs: each keeps {@code txDepth} messages posted and posts a new
 *   one when a message's ACK returns (closed loop, so message latency obeys Little's law). A NIC serves its QPs
 *   round robin, one MTU packet at a time, each QP paced at {@code min(R_rev, R_cc)} where R_cc is the QP's
 *   inter-host CC ({@link SenderCc}: DCQCN, HPCC or Swift from rhcc-core, docs/model.md §4.11; HPCC and Swift also
 *   bound the QP's bytes in flight by their window) and R_rev the cap set through the rate limiter (Eq. (4)).
 *   With probes on, a QP emits one probe per {@code probeIntervalBytes} of data sent.</li>
 *   <li><b>Switch</b>: one shared-buffer egress queue toward the receiver with RED/ECN marking at dequeue (on the
 *   queue the departing packet leaves behind, as DCQCN switches mark at egress), INT stamped at dequeue when the CC
 *   needs it, PFC per ingress port with a dynamic threshold {@code alpha (B - used)} and a 3 KB resume offset ([DQ]
 *   switch-mmu).
 *   A PFC pause from the receiver stops the egress after the current packet.</li>
 *   <li><b>Receiver NIC</b>: the RX buffer; lossless mode pauses the switch above X_off and resumes below X_on
 *   (explicit XON, docs/model.md §4.1); PFC-free mode drops arrivals that do not fit. The receive pipeline behind the
 *   buffer checks PSNs, so out-of-sequence packets occupy the buffer until they reach it; there they are discarded
 *   and the first one is NAKed (go-back-N). PFC-free mode also CE-marks arrivals by RED on its own RX-buffer fill, the RNIC's
 *   "CNPs in a PFC-free fabric" of docs/paper.md §1. CE-marked arrivals produce CNPs paced per QP. The host's DMA engine
 *   drains the buffer through {@link #takePayload(double, double)}; the ACK of a message leaves when its last
 *   packet has been handed to PCIe (HPCC and Swift: every packet is ACKed then, with its INT record and the
 *   receiver NIC's receive and ACK timestamps).</li>
 *   <li>Control packets (ACK, NAK, CNP, probe ACK) return over an uncongested reverse path of fixed delay.</li>
 * </ul>
 * <p>
 * <b>Note:</b> allocation-free per packet and event (arrays grow only when a queue outgrows them); not
 * thread-safe.
 */
public final class RdmaFabric
{
    private static final int EV_SENDER_TX = 1;
    private static final int EV_SWITCH_ARRIVE = 2;
    private static final int EV_SWITCH_TX_DONE = 3;
    private static final int EV_RX_ARRIVE = 4;
    private static final int EV_SWITCH_PAUSE = 5;
    private static final int EV_SENDER_PAUSE = 6;
    private static final int EV_ACK = 7;
    private static final int EV_CNP = 8;
    private static final int EV_NAK = 9;
    private static final int EV_PROBE_ACK = 10;
    private static final int EV_DATA_ACK = 11;
    private static final int EV_CONTEXT_READY = 12;
    private static final int EV_PROBE_CONTEXT = 13;
    private static final int PREAMBLE_BYTES = 20;
    private static final int RESUME_OFFSET_BYTES = 3_072;
    private static final int PROBE_ACK_SLOTS = 1 << 12;
    private static final double NEVER = Double.POSITIVE_INFINITY;

    private final FabricConfig cfg;
    private final EventQueue events;
    private final PacketPool pool;
    private final SenderCc cc;
    private final boolean perPacketAcks;
    private final boolean windowed;
    private final CnpPacer cnpPacer;
    private final RedEcnMarker switchMarker;
    private final RedEcnMarker rxMarker;
    private final SplittableRandom random;
    private final FabricListener listener;
    /** The receiver NIC's QP-context misses, or null when every lookup hits (docs/model.md §4.3). */
    private final ContextFetches contexts;

    private final int qps;
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

    private final long[] sndNxt;
    private final long[] sndUna;
    private final long[] postedEnd;
    private final double[] nextTxNs;
    private final long[] highestSent;
    private final long[] bytesSinceProbe;
    private final boolean[] probePending;
    private final double[] rRevGbps;
    /** When each QP's transport timer started, or NEVER while no packet that requested an ACK is unanswered. */
    private final double[] timerStartNs;
    /** One past the PSN of the last packet each QP sent with an ACK request. */
    private final long[] ackRequestedEnd;
    private final double[] postNs;
    private final long[] sentWireBytes;

    private final PacketRing egress;
    private long egressBytes;
    private final long[] ingressBytes;
    private final boolean[] pauseSentToSender;
    private boolean switchPaused;
    private boolean switchBusy;
    private long switchTxBytes;

    private final PacketRing rx;
    private long rxBufferBytes;
    private double rxPayloadPending;
    private double headRemaining;
    private boolean headAwaitingContext;
    private boolean headContextFetched;
    private final long[] expectedPsn;
    private final boolean[] nakSent;
    private boolean pauseAsserted;
    private double pauseStartNs;
    private double pauseTimeNs;
    private long pfcFrames;
    private long cnps;
    private long rxDrops;
    private long switchDrops;
    private long cqeBytesPending;
    private boolean markAll;

    private final int[] probeAckQp = new int[PROBE_ACK_SLOTS];
    private final int[] probeAckRecv = new int[PROBE_ACK_SLOTS];
    private final int[] probeAckResp = new int[PROBE_ACK_SLOTS];
    private final boolean[] probeAckCongested = new boolean[PROBE_ACK_SLOTS];
    private int probeAckNext;

    private double deliveredPayloadBytes;
    private long retransmittedPackets;
    private long sentPackets;

    /**
     * @param cfg      the fabric's configuration.
     * @param dcqcn    one DCQCN reaction point per QP (rhcc-core).
     * @param random   the run's seeded generator (ECN draws).
     * @param listener receives probes, probe ACKs and message completions.
     */
    public RdmaFabric(final FabricConfig cfg, final DcqcnReactionPoints dcqcn, final SplittableRandom random,
        final FabricListener listener)
    {
        this(cfg, new DcqcnSenderCc(dcqcn), random, listener);
    }

    /**
     * @param cfg      the fabric's configuration.
     * @param cc       the senders' inter-host congestion control, one flow per QP (docs/model.md §4.11).
     * @param random   the run's seeded generator (ECN draws).
     * @param listener receives probes, probe ACKs and message completions.
     */
    public RdmaFabric(final FabricConfig cfg, final SenderCc cc, final SplittableRandom random,
        final FabricListener listener)
    {
        this.cfg = cfg;
        this.cc = cc;
        this.perPacketAcks = cc.perPacketAcks();
        this.windowed = cc.windowed();
        this.random = random;
        this.listener = listener;
        qps = cfg.workload().senders() * cfg.workload().qpsPerSender();
        pacingJitter = cfg.scheduler().pacingJitter();
        rateLimitGbps = cfg.scheduler().rateLimitGbps() > 0.0 ? cfg.scheduler().rateLimitGbps() : NEVER;
        if (cc.flowCount() != qps)
        {
            throw new IllegalArgumentException("the inter-host CC has " + cc.flowCount() + " flows for " + qps +
                " QPs");
        }
        packetsPerMessage = (cfg.workload().messageBytes() + cfg.link().mtuBytes() - 1) / cfg.link().mtuBytes();
        lastPayloadBytes = cfg.workload().messageBytes() - (packetsPerMessage - 1) * cfg.link().mtuBytes();
        nsPerBitLine = 1.0 / cfg.link().lineRateGbps();
        events = new EventQueue(1 << 12);
        pool = new PacketPool(1 << 12);
        cnpPacer = new CnpPacer(cfg.nic().cnpIntervalNs(), qps);
        switchMarker = cfg.switchQueue().ecn();
        rxMarker = cfg.rx().ecn();

        final int senders = cfg.workload().senders();
        linkFreeNs = new double[senders];
        txPendingNs = new double[senders];
        Arrays.fill(txPendingNs, NEVER);
        txGen = new int[senders];
        senderPaused = new boolean[senders];
        roundRobin = new int[senders];
        ingressBytes = new long[senders];
        pauseSentToSender = new boolean[senders];

        sndNxt = new long[qps];
        sndUna = new long[qps];
        postedEnd = new long[qps];
        nextTxNs = new double[qps];
        highestSent = new long[qps];
        bytesSinceProbe = new long[qps];
        probePending = new boolean[qps];
        rRevGbps = new double[qps];
        timerStartNs = new double[qps];
        Arrays.fill(timerStartNs, NEVER);
        ackRequestedEnd = new long[qps];
        postNs = new double[qps * cfg.workload().txDepth()];
        sentWireBytes = new long[qps];
        expectedPsn = new long[qps];
        nakSent = new boolean[qps];
        Arrays.fill(rRevGbps, cfg.link().lineRateGbps());
        for (int q = 0; q < qps; q++)
        {
            postedEnd[q] = (long)cfg.workload().txDepth() * packetsPerMessage;
        }
        egress = new PacketRing(1 << 12);
        rx = new PacketRing(1 << 8);
        active = new ActiveQpWindow(senders, cfg.workload().qpsPerSender(), cfg.scheduler().activeQps(),
            cfg.probes().intervalBytes(), (q) -> probePending[q], (q) -> sndNxt[q] >= postedEnd[q]);
        final FabricConfig.QpContexts qpc = cfg.qpContexts();
        contexts = qpc.entries() > 0 ? new ContextFetches(qpc.entries(), qpc.contextBytes(), qpc.missNs(), qps) : null;
    }

    /**
     * Starts every sender: every QP has its {@code txDepth} messages posted, and its first doorbell reaches the NIC at
     * a seeded random time within {@code doorbellJitterNs} (docs/model.md §4.2, de-phased QPs).
     */
    public void start()
    {
        final double doorbellJitterNs = cfg.scheduler().doorbellJitterNs();
        for (int q = 0; q < qps; q++)
        {
            nextTxNs[q] = doorbellJitterNs > 0.0 ? random.nextDouble() * doorbellJitterNs : 0.0;
        }
        for (int s = 0; s < cfg.workload().senders(); s++)
        {
            scheduleTx(s, 0.0);
        }
    }

    /**
     * @return time of the next pending event, ns (+infinity when none).
     */
    public double nextEventNs()
    {
        return events.peekTimeNs();
    }

    /**
     * Processes every event strictly before {@code untilNs}.
     *
     * @param untilNs end of the interval, ns.
     */
    public void runUntil(final double untilNs)
    {
        while (events.peekTimeNs() < untilNs)
        {
            events.pop();
            dispatch(events.timeNs(), events.type(), events.a(), events.b());
        }
    }

    private void dispatch(final double now, final int type, final int a, final int b)
    {
        switch (type)
        {
            case EV_SENDER_TX:
                onSenderTx(now, a, b);
                break;
            case EV_SWITCH_ARRIVE:
                onSwitchArrive(now, a);
                break;
            case EV_SWITCH_TX_DONE:
                onSwitchTxDone(now);
                break;
            case EV_RX_ARRIVE:
                onRxArrive(now, a);
                break;
            case EV_SWITCH_PAUSE:
                switchPaused = 1 == a;
                if (!switchPaused)
                {
                    startSwitchTx(now);
                }
                break;
            case EV_SENDER_PAUSE:
                senderPaused[a] = 1 == b;
                if (!senderPaused[a])
                {
                    scheduleTx(a, Math.max(now, linkFreeNs[a]));
                }
                break;
            case EV_ACK:
                onAck(now, a, (long)b & 0xFFFF_FFFFL);
                break;
            case EV_CNP:
                cc.onCnp(a, now);
                break;
            case EV_NAK:
                onNak(now, a, (long)b & 0xFFFF_FFFFL);
                break;
            case EV_PROBE_ACK:
                listener.onProbeAck(probeAckQp[a], probeAckRecv[a], probeAckResp[a], probeAckCongested[a],
                    cc.rateGbps(probeAckQp[a], now), now);
                break;
            case EV_DATA_ACK:
                onDataAck(now, a);
                break;
            case EV_CONTEXT_READY:
                headAwaitingContext = false;
                headContextFetched = true;
                processHead(now);
                break;
            case EV_PROBE_CONTEXT:
                listener.onProbeArrived(a, contexts.unpark(b));
                break;
            default:
                throw new IllegalStateException("unknown fabric event type " + type);
        }
    }

    private void scheduleTx(final int s, final double atNs)
    {
        if (atNs < txPendingNs[s])
        {
            txPendingNs[s] = atNs;
            events.schedule(atNs, EV_SENDER_TX, s, ++txGen[s]);
        }
    }

    private void onSenderTx(final double now, final int s, final int gen)
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
        final int perSender = cfg.workload().qpsPerSender();
        final int base = s * perSender;
        int chosen = -1;
        int chosenOffset = 0;
        double earliest = NEVER;
        // the arbiter scans the QPs it serves now (all of them, or the active window) from the next one in rotation,
        // or, with a jittered scheduler, from a random one: a fixed rotation at line rate would repeat one phase of
        // every QP's probes against the receiver's DMA forever
        active.advance(s);
        final int serving = active.size();
        final int start = pacingJitter > 0.0 && serving > 1 ? random.nextInt(serving) : roundRobin[s];
        for (int i = 0; i < serving; i++)
        {
            final int offset = start + i < serving ? start + i : start + i - serving;
            final int q = base + active.indexAt(s, offset);
            final boolean probeDue = probePending[q];
            if (!probeDue && (sndNxt[q] >= postedEnd[q] || !active.hasSliceLeft(q) ||
                windowed && (sndNxt[q] - sndUna[q]) * cfg.link().mtuBytes() >= cc.windowBytes(q)))
            {
                continue;
            }
            final double t = nextTxNs[q];
            if (t <= now + 1e-6)
            {
                chosen = q;
                chosenOffset = offset;
                break;
            }
            earliest = Math.min(earliest, t);
        }
        if (chosen < 0)
        {
            if (earliest < NEVER)
            {
                scheduleTx(s, earliest);
            }
            return;
        }
        roundRobin[s] = chosenOffset + 1 == serving ? 0 : chosenOffset + 1;
        final int p;
        final int wire;
        if (probePending[chosen])
        {
            // the probe is a packet of its flow: it takes the flow's next pacing slot, and the data after it follows
            // one probe's wire time later at the flow's rate
            probePending[chosen] = false;
            wire = cfg.probes().wireBytes();
            p = pool.acquire(chosen, 0, 0, wire, PacketPool.PROBE);
            final double rate = Math.max(1e-3, sendRateGbps(chosen, now));
            nextTxNs[chosen] = Math.max(nextTxNs[chosen], now) + wire * 8.0 / rate;
        }
        else
        {
            final long psn = sndNxt[chosen];
            sndNxt[chosen] = psn + 1;
            final boolean last = psn % packetsPerMessage == packetsPerMessage - 1;
            if (last || perPacketAcks)
            {
                armTimer(chosen, psn, now);
            }
            final int payload = last ? lastPayloadBytes : cfg.link().mtuBytes();
            wire = payload + cfg.link().headerBytes();
            p = pool.acquire(chosen, psn, payload, wire, last ? PacketPool.LAST : 0);
            if (perPacketAcks)
            {
                pool.stampSent(p, now);
            }
            final double rate = Math.max(1e-3, sendRateGbps(chosen, now));
            nextTxNs[chosen] = Math.max(nextTxNs[chosen], now) + (0 == psn && pacingJitter > 0.0 ?
                2.0 * random.nextDouble() * wire * 8.0 / rate : pacingGapNs(wire, rate));
            cc.onBytesSent(chosen, payload, now);
            active.onSent(s, chosen, payload);
            sentPackets++;
            sentWireBytes[chosen] += wire;
            if (psn < highestSent[chosen])
            {
                retransmittedPackets++;
            }
            else
            {
                highestSent[chosen] = psn + 1;
            }
            if (cfg.probes().enabled())
            {
                bytesSinceProbe[chosen] += payload;
                if (bytesSinceProbe[chosen] >= cfg.probes().intervalBytes())
                {
                    bytesSinceProbe[chosen] -= cfg.probes().intervalBytes();
                    probePending[chosen] = true;
                }
            }
        }
        final double serNs = wire * 8.0 * nsPerBitLine;
        linkFreeNs[s] = now + serNs;
        events.schedule(now + serNs + cfg.link().propagationNs(), EV_SWITCH_ARRIVE, p, 0);
        scheduleTx(s, now + serNs);
    }

    /**
     * Starts a QP's transport timer when it sends a packet that requests an ACK (a message's last packet, or every
     * packet when every packet is ACKed) and none is unanswered: the timer measures how long a requested ACK has not
     * come, so a QP that a scheduler of thousands of QPs serves slowly is not timed out by its own slowness.
     */
    private void armTimer(final int q, final long psn, final double nowNs)
    {
        if (timerStartNs[q] == NEVER)
        {
            timerStartNs[q] = nowNs;
        }
        ackRequestedEnd[q] = Math.max(ackRequestedEnd[q], psn + 1);
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

    private void onSwitchArrive(final double now, final int p)
    {
        final int wire = pool.wireBytes(p);
        if (egressBytes + wire > cfg.switchQueue().bufferBytes())
        {
            switchDrops++;
            pool.release(p);
            return;
        }
        egress.add(p);
        egressBytes += wire;
        final int s = pool.qp(p) / cfg.workload().qpsPerSender();
        ingressBytes[s] += wire;
        if (cfg.pfc().enabled() && !pauseSentToSender[s] &&
            ingressBytes[s] > cfg.switchQueue().pfcAlpha() * (cfg.switchQueue().bufferBytes() - egressBytes))
        {
            pauseSentToSender[s] = true;
            events.schedule(now + cfg.pfc().reactionNs(), EV_SENDER_PAUSE, s, 1);
        }
        startSwitchTx(now);
    }

    private void startSwitchTx(final double now)
    {
        if (switchBusy || switchPaused || egress.size() == 0)
        {
            return;
        }
        switchBusy = true;
        final int p = egress.peek();
        if ((pool.flags(p) & PacketPool.PROBE) == 0 && switchMarker.shouldMark(egressBytes, random.nextDouble()))
        {
            pool.setFlag(p, PacketPool.CE);
        }
        if (perPacketAcks)
        {
            // INT at dequeue, as the HPCC authors' switch stamps it: the queue behind the packet, the port's bytes
            // transmitted before this packet, the time and the link rate (docs/model.md §4.11)
            pool.stampInt(p, egressBytes - pool.wireBytes(p), switchTxBytes, now);
            switchTxBytes += pool.wireBytes(p);
        }
        events.schedule(now + pool.wireBytes(p) * 8.0 * nsPerBitLine, EV_SWITCH_TX_DONE, 0, 0);
    }

    private void onSwitchTxDone(final double now)
    {
        switchBusy = false;
        final int p = egress.poll();
        final int wire = pool.wireBytes(p);
        egressBytes -= wire;
        final int s = pool.qp(p) / cfg.workload().qpsPerSender();
        ingressBytes[s] -= wire;
        if (pauseSentToSender[s] &&
            ingressBytes[s] + RESUME_OFFSET_BYTES <=
                cfg.switchQueue().pfcAlpha() * (cfg.switchQueue().bufferBytes() - egressBytes))
        {
            pauseSentToSender[s] = false;
            events.schedule(now + cfg.pfc().reactionNs(), EV_SENDER_PAUSE, s, 0);
        }
        events.schedule(now + cfg.link().propagationNs(), EV_RX_ARRIVE, p, 0);
        startSwitchTx(now);
    }

    private void onRxArrive(final double now, final int p)
    {
        final int q = pool.qp(p);
        final int flags = pool.flags(p);
        if ((flags & PacketPool.PROBE) != 0)
        {
            pool.release(p);
            final double contextWaitNs = null == contexts ? 0.0 : contexts.lookup(q);
            if (contextWaitNs > 0.0)
            {
                events.schedule(now + contextWaitNs, EV_PROBE_CONTEXT, q, contexts.park(now));
                return;
            }
            listener.onProbeArrived(q, now);
            return;
        }
        if (perPacketAcks)
        {
            pool.stampRxArrive(p, now);
        }
        final boolean marked = (flags & PacketPool.CE) != 0 || markAll ||
            (!cfg.pfc().enabled() && rxMarker.shouldMark(rxBufferBytes, random.nextDouble()));
        if (marked && cnpPacer.onMarkedPacket(q, (long)now))
        {
            cnps++;
            events.schedule(now + cfg.link().reversePathNs(), EV_CNP, q, 0);
        }
        final int bufferBytes = pool.wireBytes(p) - PREAMBLE_BYTES;
        if (!cfg.pfc().enabled() && rxBufferBytes + bufferBytes > cfg.rx().bufferBytes())
        {
            rxDrops++;
            pool.release(p);
            return;
        }
        rx.add(p);
        rxBufferBytes += bufferBytes;
        rxPayloadPending += pool.payloadBytes(p);
        if (cfg.pfc().enabled() && !pauseAsserted && rxBufferBytes > cfg.rx().xoffBytes())
        {
            pauseAsserted = true;
            pauseStartNs = now;
            pfcFrames++;
            events.schedule(now + cfg.pfc().reactionNs(), EV_SWITCH_PAUSE, 1, 0);
        }
        if (rx.size() == 1)
        {
            processHead(now);
        }
    }

    /**
     * The receive pipeline behind the RX buffer checks the PSN of the packet at the head: an in-sequence packet
     * waits there for the DMA engine; an out-of-sequence one is discarded without using PCIe, and the first one after
     * a gap is NAKed (go-back-N). Out-of-sequence packets therefore hold RX-buffer space until they reach the
     * pipeline, and the NAK leaves only after the packets queued ahead of them have been written to the host.
     * The PSN check needs the QP's context: with the QP-context cache modelled, a packet whose context misses holds
     * the pipeline until the context has been read from host memory (docs/model.md §4.3).
     */
    private void processHead(final double nowNs)
    {
        while (rx.size() > 0)
        {
            final int p = rx.peek();
            final int q = pool.qp(p);
            if (null != contexts && awaitsContext(q, nowNs))
            {
                headRemaining = 0.0;
                return;
            }
            final long psn = pool.psn(p);
            if (psn == expectedPsn[q])
            {
                expectedPsn[q] = psn + 1;
                nakSent[q] = false;
                headRemaining = pool.payloadBytes(p);
                return;
            }
            if (psn > expectedPsn[q] && !nakSent[q])
            {
                nakSent[q] = true;
                events.schedule(nowNs + cfg.nic().nakDelayNs() + cfg.link().reversePathNs(), EV_NAK, q,
                    (int)expectedPsn[q]);
            }
            rxDrops++;
            rx.poll();
            rxBufferBytes -= pool.wireBytes(p) - PREAMBLE_BYTES;
            rxPayloadPending = Math.max(0.0, rxPayloadPending - pool.payloadBytes(p));
            pool.release(p);
            resumeIfBelowXon(nowNs);
        }
        headRemaining = 0.0;
    }

    /**
     * Looks the head packet's context up, once per packet.
     *
     * @return true when the pipeline now waits for the context ({@link #EV_CONTEXT_READY} resumes it).
     */
    private boolean awaitsContext(final int q, final double nowNs)
    {
        if (headContextFetched)
        {
            headContextFetched = false;
            return false;
        }
        final double waitNs = contexts.lookup(q);
        if (waitNs > 0.0)
        {
            headAwaitingContext = true;
            events.schedule(nowNs + waitNs, EV_CONTEXT_READY, q, 0);
            return true;
        }
        return false;
    }

    /**
     * The receiver's DMA engine takes payload from the head of the RX buffer.
     *
     * @param maxBytes bytes the DMA engine may move now.
     * @param nowNs    current time, ns.
     * @return bytes taken.
     */
    public double takePayload(final double maxBytes, final double nowNs)
    {
        double taken = 0.0;
        while (!headAwaitingContext && rx.size() > 0 && maxBytes - taken > 1e-9)
        {
            final double x = Math.min(headRemaining, maxBytes - taken);
            headRemaining -= x;
            taken += x;
            if (headRemaining <= 1e-9)
            {
                finishHeadPacket(nowNs);
            }
        }
        rxPayloadPending = Math.max(0.0, rxPayloadPending - taken);
        deliveredPayloadBytes += taken;
        return taken;
    }

    private void finishHeadPacket(final double nowNs)
    {
        final int p = rx.poll();
        rxBufferBytes -= pool.wireBytes(p) - PREAMBLE_BYTES;
        if (perPacketAcks)
        {
            // every packet is ACKed; the packet's handle carries its timestamps and INT back to the sender
            pool.stampAckDepart(p, nowNs);
            events.schedule(nowNs + cfg.link().reversePathNs(), EV_DATA_ACK, p, 0);
            if ((pool.flags(p) & PacketPool.LAST) != 0)
            {
                cqeBytesPending += cfg.nic().cqeBytes();
            }
            resumeIfBelowXon(nowNs);
            processHead(nowNs);
            return;
        }
        if ((pool.flags(p) & PacketPool.LAST) != 0)
        {
            events.schedule(nowNs + cfg.link().reversePathNs(), EV_ACK, pool.qp(p), (int)pool.psn(p));
            cqeBytesPending += cfg.nic().cqeBytes();
        }
        pool.release(p);
        resumeIfBelowXon(nowNs);
        processHead(nowNs);
    }

    private void resumeIfBelowXon(final double nowNs)
    {
        if (pauseAsserted && rxBufferBytes < cfg.rx().xonBytes())
        {
            pauseAsserted = false;
            pauseTimeNs += nowNs - pauseStartNs;
            events.schedule(nowNs + cfg.pfc().reactionNs(), EV_SWITCH_PAUSE, 0, 0);
        }
    }

    private void onAck(final double now, final int q, final long psnLow)
    {
        final long psn = unwrap(sndUna[q], psnLow);
        final long newUna = psn + 1;
        if (newUna <= sndUna[q])
        {
            return;
        }
        final int depth = cfg.workload().txDepth();
        final long firstMsg = sndUna[q] / packetsPerMessage;
        final long endMsg = newUna / packetsPerMessage;
        for (long m = firstMsg; m < endMsg; m++)
        {
            final int slot = q * depth + (int)(m % depth);
            listener.onMessageCompleted(q, now - postNs[slot], now);
            postNs[slot] = now;
            postedEnd[q] += packetsPerMessage;
        }
        sndUna[q] = newUna;
        if (sndNxt[q] < newUna)
        {
            sndNxt[q] = newUna;
        }
        timerStartNs[q] = newUna < ackRequestedEnd[q] ? now : NEVER;
        final int s = q / cfg.workload().qpsPerSender();
        scheduleTx(s, Math.max(now, linkFreeNs[s]));
    }

    /**
     * The ACK of one data packet (HPCC, Swift): the inter-host CC takes its timestamps and INT record, then the ACK
     * advances the QP as a message ACK does.
     */
    private void onDataAck(final double now, final int p)
    {
        final int q = pool.qp(p);
        final long psn = pool.psn(p);
        cc.onAck(q, psn + 1, sndNxt[q], now, pool.sentNs(p), pool.ackDepartNs(p) - pool.rxArriveNs(p),
            pool.intQueueBytes(p), pool.intTxBytes(p), pool.intStampNs(p), cfg.link().lineRateGbps());
        pool.release(p);
        onAck(now, q, psn & 0xFFFF_FFFFL);
        // the window may have grown without new data being acknowledged (a duplicate): let the sender look again
        final int s = q / cfg.workload().qpsPerSender();
        scheduleTx(s, Math.max(now, linkFreeNs[s]));
    }

    private void onNak(final double now, final int q, final long psnLow)
    {
        final long psn = unwrap(sndUna[q], psnLow);
        if (psn >= sndUna[q] && psn < sndNxt[q])
        {
            cc.onNak(q, now);
            sndNxt[q] = psn;
            timerStartNs[q] = now;
            final int s = q / cfg.workload().qpsPerSender();
            scheduleTx(s, Math.max(now, linkFreeNs[s]));
        }
    }

    private static long unwrap(final long reference, final long low32)
    {
        final long candidate = (reference & ~0xFFFF_FFFFL) | low32;
        if (candidate < reference - (1L << 31))
        {
            return candidate + (1L << 32);
        }
        if (candidate > reference + (1L << 31))
        {
            return candidate - (1L << 32);
        }
        return candidate;
    }

    /**
     * Go-back-N retransmission timeouts: a QP without ACK progress for the RTO resends from its oldest unacked PSN.
     *
     * @param nowNs current time, ns.
     */
    public void checkTimeouts(final double nowNs)
    {
        for (int q = 0; q < qps; q++)
        {
            if (sndNxt[q] > sndUna[q] && nowNs - timerStartNs[q] > cfg.nic().retransmitTimeoutNs())
            {
                cc.onTimeout(q, nowNs);
                sndNxt[q] = sndUna[q];
                timerStartNs[q] = nowNs;
                final int s = q / cfg.workload().qpsPerSender();
                scheduleTx(s, Math.max(nowNs, linkFreeNs[s]));
            }
        }
    }

    /**
     * Sends a probe response: the ACK carries the two receiver-NIC timestamps and the receiver's state (in the
     * response's spare bytes) and reaches the sender one reverse-path delay after it leaves.
     *
     * @param qp                QP of the probe.
     * @param reqRecvNs         probe arrival at the receiver NIC, ns (stamped as t_recv).
     * @param respStampNs       the response timestamp t_resp, ns.
     * @param departNs          time the response leaves the receiver NIC, ns.
     * @param receiverCongested the receiver's Eq. (1) verdict as the response reports it.
     */
    public void sendProbeAck(final int qp, final double reqRecvNs, final double respStampNs, final double departNs,
        final boolean receiverCongested)
    {
        final int slot = probeAckNext;
        probeAckNext = (probeAckNext + 1) & (PROBE_ACK_SLOTS - 1);
        probeAckQp[slot] = qp;
        probeAckRecv[slot] = (int)(long)reqRecvNs;
        probeAckResp[slot] = (int)(long)respStampNs;
        probeAckCongested[slot] = receiverCongested;
        events.schedule(departNs + cfg.link().reversePathNs(), EV_PROBE_ACK, slot, 0);
    }

    /**
     * Sets a QP's receivable-rate cap R_rev (Eq. (4): the QP then sends at {@code min(R_rev, R_cc)}).
     *
     * @param qp       QP number.
     * @param capGbps the cap R_rev, Gbit/s; clamped into [0.001, line rate].
     * @param nowNs   time of the change, ns.
     */
    public void setReceivableRate(final int qp, final double capGbps, final double nowNs)
    {
        if (qp < 0 || qp >= qps)
        {
            throw new IllegalArgumentException("QP " + qp + " is outside 0.." + (qps - 1));
        }
        final double r = Math.max(1e-3, Math.min(cfg.link().lineRateGbps(), capGbps));
        final double old = rRevGbps[qp];
        rRevGbps[qp] = r;
        if (r > old)
        {
            final int s = qp / cfg.workload().qpsPerSender();
            nextTxNs[qp] = Math.min(nextTxNs[qp], nowNs);
            scheduleTx(s, Math.max(nowNs, linkFreeNs[s]));
        }
    }

    /**
     * @param on true to CE-mark every RDMA packet arriving at the receiver NIC (hostCC's network response).
     */
    public void markAll(final boolean on)
    {
        markAll = on;
    }

    /**
     * @param nowNs current time, ns.
     * @return mean of {@code min(R_rev, R_cc)} over the QPs, Gbit/s.
     */
    public double meanSendRateGbps(final double nowNs)
    {
        double sum = 0.0;
        for (int q = 0; q < qps; q++)
        {
            sum += sendRateGbps(q, nowNs);
        }
        return sum / qps;
    }

    /**
     * @param qp    QP number.
     * @param nowNs current time, ns.
     * @return the QP's inter-host rate R_cc, Gbit/s.
     */
    public double interHostRateGbps(final int qp, final double nowNs)
    {
        return cc.rateGbps(qp, nowNs);
    }

    /**
     * @param qp    QP number.
     * @param nowNs current time, ns.
     * @return the QP's sending rate {@code min(R_rev, R_cc)} (Eq. (4)), within the per-QP rate limit when one is set,
     * Gbit/s.
     */
    public double sendRateGbps(final int qp, final double nowNs)
    {
        return Math.min(rateLimitGbps, Math.min(rRevGbps[qp], cc.rateGbps(qp, nowNs)));
    }

    /**
     * @return payload bytes waiting in the RX buffer for the DMA engine (none while the pipeline waits for a QP
     * context).
     */
    public double pendingPayloadBytes()
    {
        return headAwaitingContext ? 0.0 : rxPayloadPending;
    }

    /**
     * @param waitNs what the host's memory-controller queues add to a read arriving now, ns: part of a QP-context
     *               miss (docs/model.md §4.3); ignored without the cache model.
     */
    public void hostReadWaitNs(final double waitNs)
    {
        if (null != contexts)
        {
            contexts.hostReadWaitNs(waitNs);
        }
    }

    /**
     * @return true when the receiver NIC models its QP-context cache.
     */
    public boolean modelsQpContexts()
    {
        return null != contexts;
    }

    /**
     * @return QP-context lookups so far (0 without the cache model).
     */
    public long qpContextLookups()
    {
        return null == contexts ? 0L : contexts.lookups();
    }

    /**
     * @return QP-context misses so far (0 without the cache model).
     */
    public long qpContextMisses()
    {
        return null == contexts ? 0L : contexts.misses();
    }

    /**
     * @return the NIC's own posted writes waiting to be written, and clears them: completion-queue entries, and the
     * QP contexts the context cache evicted (docs/model.md §4.3), bytes.
     */
    public long takeControlWriteBytes()
    {
        final long v = cqeBytesPending + (null == contexts ? 0L : contexts.takeWritebackBytes());
        cqeBytesPending = 0;
        return v;
    }

    /**
     * @return RX buffer fill, bytes.
     */
    public long rxBufferBytes()
    {
        return rxBufferBytes;
    }

    /**
     * @param nowNs current time, ns.
     * @return total time the receiver NIC has asserted PFC pause so far, ns.
     */
    public double pauseTimeNs(final double nowNs)
    {
        return pauseTimeNs + (pauseAsserted ? nowNs - pauseStartNs : 0.0);
    }

    /**
     * @return PFC pause (XOFF) frames sent by the receiver NIC.
     */
    public long pfcFrames()
    {
        return pfcFrames;
    }

    /**
     * @return CNPs sent by the receiver NIC.
     */
    public long cnps()
    {
        return cnps;
    }

    /**
     * @return packets the receiver NIC dropped (buffer full or out of sequence).
     */
    public long rxDrops()
    {
        return rxDrops;
    }

    /**
     * @return packets the switch dropped for lack of buffer.
     */
    public long switchDrops()
    {
        return switchDrops;
    }

    /**
     * @return payload bytes handed to PCIe so far.
     */
    public double deliveredPayloadBytes()
    {
        return deliveredPayloadBytes;
    }

    /**
     * @return data packets sent by all senders, retransmissions included.
     */
    public long sentPackets()
    {
        return sentPackets;
    }

    /**
     * @return data packets sent again after a NAK or timeout (go-back-N).
     */
    public long retransmittedPackets()
    {
        return retransmittedPackets;
    }

    /**
     * @return number of QPs.
     */
    public int qpCount()
    {
        return qps;
    }

    /**
     * @param qp QP number.
     * @return the QP's receivable-rate cap R_rev as the sender applies it, Gbit/s (the line rate until set).
     */
    public double receivableRateGbps(final int qp)
    {
        return rRevGbps[qp];
    }

    /**
     * @param qp QP number.
     * @return the QP's R_cc, its inter-host CC's rate as of its last update, Gbit/s; reads it without advancing its
     * timers.
     */
    public double ccRateGbps(final int qp)
    {
        return cc.lastRateGbps(qp);
    }

    /**
     * @param qp QP number.
     * @return payload bytes of the QP acknowledged so far: its whole messages and the full-MTU packets of the message
     * in flight.
     */
    public long ackedPayloadBytes(final int qp)
    {
        final long packets = sndUna[qp];
        return packets / packetsPerMessage * cfg.workload().messageBytes() +
            packets % packetsPerMessage * cfg.link().mtuBytes();
    }

    /**
     * @return egress queue of the switch toward the receiver, bytes.
     */
    public long switchQueueBytes()
    {
        return egressBytes;
    }

    /**
     * @return bytes waiting in the switch's egress queue behind the packet being transmitted (the queue an INT record
     *         reports), bytes.
     */
    public long switchBacklogBytes()
    {
        return switchBusy ? egressBytes - pool.wireBytes(egress.peek()) : egressBytes;
    }

    /**
     * @param qp QP number.
     * @return data bytes the QP has put on the wire so far (headers and retransmissions included).
     */
    public long sentWireBytes(final int qp)
    {
        return sentWireBytes[qp];
    }
}
