package org.rhcc.sim.net;

import java.util.SplittableRandom;

import org.rhcc.core.dcqcn.DcqcnReactionPoints;

/**
 * The RDMA network of a run (docs/model.md §4.1-§4.3): N sender NICs, each on its own 100G link into one switch, whose
 * egress port feeds the receiver NIC's RDMA port. Packet-level and event-driven; one event queue drives its parts:
 * <ul>
 *   <li>{@link SenderNics}: perftest-like RDMA WRITE QPs paced at {@code min(R_rev, R_cc)} (Eq. (4)), where R_cc is
 *   the QP's inter-host CC ({@link SenderCc}: DCQCN, HPCC or Swift from rhcc-core, docs/model.md §4.11) and R_rev
 *   the cap set through the rate limiter; their per-QP state is a {@link QpTable}.</li>
 *   <li>{@link SwitchEgress}: the switch's shared-buffer egress queue with RED/ECN, INT and PFC.</li>
 *   <li>{@link ReceiverNic}: the RX buffer, PFC or drops, CNPs, the PSN-checking receive pipeline and its QP-context
 *   misses; the host's DMA engine drains it through {@link #takePayload(double, double)}.</li>
 *   <li>Control packets (ACK, NAK, CNP, probe ACK) return over an uncongested reverse path of fixed delay.</li>
 * </ul>
 * <p>
 * <b>Note:</b> allocation-free per packet and event (arrays grow only when a queue outgrows them); not
 * thread-safe.
 */
public final class RdmaFabric
{
    private final FabricConfig cfg;
    private final EventQueue events;
    private final SenderCc cc;
    private final SenderNics senders;
    private final QpTable qpTable;
    private final SwitchEgress egress;
    private final ReceiverNic receiver;
    private final ProbeAcks probeAcks;
    private final int qps;
    private final int packetsPerMessage;
    private final FabricDispatcher dispatcher;

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
        qps = cfg.workload().senders() * cfg.workload().qpsPerSender();
        if (cc.flowCount() != qps)
        {
            throw new IllegalArgumentException("the inter-host CC has " + cc.flowCount() + " flows for " + qps +
                " QPs");
        }
        packetsPerMessage = (cfg.workload().messageBytes() + cfg.link().mtuBytes() - 1) / cfg.link().mtuBytes();
        events = new EventQueue(1 << 12);
        final PacketPool pool = new PacketPool(1 << 12);
        senders = new SenderNics(cfg, events, pool, cc, random, listener, packetsPerMessage);
        qpTable = senders.table();
        egress = new SwitchEgress(cfg, events, pool, random, cc.perPacketAcks());
        receiver = new ReceiverNic(cfg, events, pool, random, listener, cc.perPacketAcks(), qps);
        probeAcks = new ProbeAcks(events, cc, listener, cfg.link().reversePathNs());
        dispatcher = new FabricDispatcher(events, cc, senders, egress, receiver, probeAcks);
    }

    /**
     * Starts every sender: every QP has its {@code txDepth} messages posted, and its first doorbell reaches the NIC at
     * a seeded random time within {@code doorbellJitterNs} (docs/model.md §4.2, de-phased QPs).
     */
    public void start()
    {
        senders.start(qps);
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
        dispatcher.runUntil(untilNs);
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
        return receiver.takePayload(maxBytes, nowNs);
    }

    /**
     * Go-back-N retransmission timeouts: a QP without ACK progress for the RTO resends from its oldest unacked PSN.
     *
     * @param nowNs current time, ns.
     */
    public void checkTimeouts(final double nowNs)
    {
        senders.checkTimeouts(qps, nowNs);
    }

    /**
     * Starts a probe response: the receiver NIC writes what the ACK carries (the two receiver-NIC timestamps and the
     * receiver's state, in the response's spare bytes) into the returned slot and sends it; it reaches the sender one
     * reverse-path delay after it leaves.
     *
     * @param qp QP of the probe.
     * @return the response's slot writer, valid until its {@link ProbeAcks.Response#send}.
     */
    public ProbeAcks.Response probeResponse(final int qp)
    {
        return probeAcks.respond(qp);
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
        senders.setReceivableRate(qp, r, nowNs);
    }

    /**
     * @param on true to CE-mark every RDMA packet arriving at the receiver NIC (hostCC's network response).
     */
    public void markAll(final boolean on)
    {
        receiver.markAll(on);
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
        return senders.sendRateGbps(qp, nowNs);
    }

    /**
     * @return payload bytes waiting in the RX buffer for the DMA engine (none while the pipeline waits for a QP
     * context).
     */
    public double pendingPayloadBytes()
    {
        return receiver.pendingPayloadBytes();
    }

    /**
     * @param waitNs what the host's memory-controller queues add to a read arriving now, ns: part of a QP-context
     *               miss (docs/model.md §4.3); ignored without the cache model.
     */
    public void hostReadWaitNs(final double waitNs)
    {
        final ContextFetches contexts = receiver.contexts();
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
        return null != receiver.contexts();
    }

    /**
     * @return QP-context lookups so far (0 without the cache model).
     */
    public long qpContextLookups()
    {
        return null == receiver.contexts() ? 0L : receiver.contexts().lookups();
    }

    /**
     * @return QP-context misses so far (0 without the cache model).
     */
    public long qpContextMisses()
    {
        return null == receiver.contexts() ? 0L : receiver.contexts().misses();
    }

    /**
     * @return the NIC's own posted writes waiting to be written, and clears them: completion-queue entries, and the
     * QP contexts the context cache evicted (docs/model.md §4.3), bytes.
     */
    public long takeControlWriteBytes()
    {
        return receiver.takeControlWriteBytes();
    }

    /**
     * @return RX buffer fill, bytes.
     */
    public long rxBufferBytes()
    {
        return receiver.bufferBytes();
    }

    /**
     * @param nowNs current time, ns.
     * @return total time the receiver NIC has asserted PFC pause so far, ns.
     */
    public double pauseTimeNs(final double nowNs)
    {
        return receiver.pauseTimeNs(nowNs);
    }

    /**
     * @return PFC pause (XOFF) frames sent by the receiver NIC.
     */
    public long pfcFrames()
    {
        return receiver.pfcFrames();
    }

    /**
     * @return CNPs sent by the receiver NIC.
     */
    public long cnps()
    {
        return receiver.cnps();
    }

    /**
     * @return packets the receiver NIC dropped (buffer full or out of sequence).
     */
    public long rxDrops()
    {
        return receiver.drops();
    }

    /**
     * @return packets the switch dropped for lack of buffer.
     */
    public long switchDrops()
    {
        return egress.drops();
    }

    /**
     * @return payload bytes handed to PCIe so far.
     */
    public double deliveredPayloadBytes()
    {
        return receiver.deliveredPayloadBytes();
    }

    /**
     * @return data packets sent by all senders, retransmissions included.
     */
    public long sentPackets()
    {
        return senders.sentPackets();
    }

    /**
     * @return data packets sent again after a NAK or timeout (go-back-N).
     */
    public long retransmittedPackets()
    {
        return senders.retransmittedPackets();
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
        return qpTable.rRevGbps(qp);
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
        final long packets = qpTable.sndUna(qp);
        return packets / packetsPerMessage * cfg.workload().messageBytes() +
            packets % packetsPerMessage * cfg.link().mtuBytes();
    }

    /**
     * @return egress queue of the switch toward the receiver, bytes.
     */
    public long switchQueueBytes()
    {
        return egress.queueBytes();
    }

    /**
     * @return bytes waiting in the switch's egress queue behind the packet being transmitted (the queue an INT record
     *         reports), bytes.
     */
    public long switchBacklogBytes()
    {
        return egress.backlogBytes();
    }

    /**
     * @param qp QP number.
     * @return data bytes the QP has put on the wire so far (headers and retransmissions included).
     */
    public long sentWireBytes(final int qp)
    {
        return qpTable.sentWireBytes(qp);
    }
}
