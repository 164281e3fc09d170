package org.rhcc.sim.net;

import java.util.SplittableRandom;

import org.rhcc.core.dcqcn.CnpPacer;
import org.rhcc.core.dcqcn.RedEcnMarker;

/**
 * The receiver NIC of {@link RdmaFabric} (docs/model.md §4.1, §4.3): the RX buffer; lossless mode pauses the switch
 * above X_off and resumes below X_on (explicit XON); PFC-free mode drops arrivals that do not fit. The receive
 * pipeline behind the buffer checks PSNs, so out-of-sequence packets occupy the buffer until they reach it; there
 * they are discarded and the first one is NAKed (go-back-N). PFC-free mode also CE-marks arrivals by RED on its own
 * RX-buffer fill, the RNIC's "CNPs in a PFC-free fabric" of docs/paper.md §1. CE-marked arrivals produce CNPs paced
 * per QP. The host's DMA engine drains the buffer through {@link #takePayload(double, double)}; the ACK of a message
 * leaves when its last packet has been handed to PCIe (HPCC and Swift: every packet is ACKed then, with its INT
 * record and the receiver NIC's receive and ACK timestamps).
 * <p>
 * <b>Note:</b> allocation-free per packet (the buffer grows only when it outgrows its array); not thread-safe.
 */
final class ReceiverNic
{
    private static final int PREAMBLE_BYTES = 20;

    private final FabricConfig cfg;
    private final EventQueue events;
    private final PacketPool pool;
    private final SplittableRandom random;
    private final FabricListener listener;
    private final CnpPacer cnpPacer;
    private final RedEcnMarker marker;
    private final boolean perPacketAcks;
    /** The QP-context misses, or null when every lookup hits (docs/model.md §4.3). */
    private final ContextFetches contexts;

    private final PacketRing rx;
    private long bufferBytes;
    private double payloadPending;
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
    private long drops;
    private long cqeBytesPending;
    private boolean markAll;
    private double deliveredPayloadBytes;

    ReceiverNic(final FabricConfig cfg, final EventQueue events, final PacketPool pool, final SplittableRandom random,
        final FabricListener listener, final boolean perPacketAcks, final int qps)
    {
        this.cfg = cfg;
        this.events = events;
        this.pool = pool;
        this.random = random;
        this.listener = listener;
        this.perPacketAcks = perPacketAcks;
        cnpPacer = new CnpPacer(cfg.nic().cnpIntervalNs(), qps);
        marker = cfg.rx().ecn();
        expectedPsn = new long[qps];
        nakSent = new boolean[qps];
        rx = new PacketRing(1 << 8);
        final FabricConfig.QpContexts qpc = cfg.qpContexts();
        contexts = qpc.entries() > 0 ? new ContextFetches(qpc.entries(), qpc.contextBytes(), qpc.missNs(), qps) : null;
    }

    void onArrive(final double now, final int p)
    {
        final int q = pool.qp(p);
        final int flags = pool.flags(p);
        if ((flags & PacketPool.PROBE) != 0)
        {
            onProbe(now, p, q);
            return;
        }
        if (perPacketAcks)
        {
            pool.stampRxArrive(p, now);
        }
        final boolean marked = (flags & PacketPool.CE) != 0 || markAll ||
            (!cfg.pfc().enabled() && marker.shouldMark(bufferBytes, random.nextDouble()));
        if (marked && cnpPacer.onMarkedPacket(q, (long)now))
        {
            cnps++;
            events.schedule(now + cfg.link().reversePathNs(), FabricEvents.CNP, q, 0);
        }
        final int packetBytes = pool.wireBytes(p) - PREAMBLE_BYTES;
        if (!cfg.pfc().enabled() && bufferBytes + packetBytes > cfg.rx().bufferBytes())
        {
            drops++;
            pool.release(p);
            return;
        }
        rx.add(p);
        bufferBytes += packetBytes;
        payloadPending += pool.payloadBytes(p);
        if (cfg.pfc().enabled() && !pauseAsserted && bufferBytes > cfg.rx().xoffBytes())
        {
            pauseAsserted = true;
            pauseStartNs = now;
            pfcFrames++;
            events.schedule(now + cfg.pfc().reactionNs(), FabricEvents.SWITCH_PAUSE, 1, 0);
        }
        if (rx.size() == 1)
        {
            processHead(now);
        }
    }

    private void onProbe(final double now, final int p, final int q)
    {
        pool.release(p);
        final double contextWaitNs = null == contexts ? 0.0 : contexts.lookup(q);
        if (contextWaitNs > 0.0)
        {
            events.schedule(now + contextWaitNs, FabricEvents.PROBE_CONTEXT, q, contexts.park(now));
            return;
        }
        listener.onProbeArrived(q, now);
    }

    /**
     * A probe's QP context has arrived: the probe reaches the receiver's probe handling as of its arrival.
     */
    void onProbeContext(final int q, final int parked)
    {
        listener.onProbeArrived(q, contexts.unpark(parked));
    }

    /**
     * The QP context the head packet waited for has arrived.
     */
    void onContextReady(final double now)
    {
        headAwaitingContext = false;
        headContextFetched = true;
        processHead(now);
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
                events.schedule(nowNs + cfg.nic().nakDelayNs() + cfg.link().reversePathNs(), FabricEvents.NAK, q,
                    (int)expectedPsn[q]);
            }
            drops++;
            rx.poll();
            bufferBytes -= pool.wireBytes(p) - PREAMBLE_BYTES;
            payloadPending = Math.max(0.0, payloadPending - pool.payloadBytes(p));
            pool.release(p);
            resumeIfBelowXon(nowNs);
        }
        headRemaining = 0.0;
    }

    /**
     * Looks the head packet's context up, once per packet.
     *
     * @return true when the pipeline now waits for the context ({@link FabricEvents#CONTEXT_READY} resumes it).
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
            events.schedule(nowNs + waitNs, FabricEvents.CONTEXT_READY, q, 0);
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
    double takePayload(final double maxBytes, final double nowNs)
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
        payloadPending = Math.max(0.0, payloadPending - taken);
        deliveredPayloadBytes += taken;
        return taken;
    }

    private void finishHeadPacket(final double nowNs)
    {
        final int p = rx.poll();
        bufferBytes -= pool.wireBytes(p) - PREAMBLE_BYTES;
        if (perPacketAcks)
        {
            // every packet is ACKed; the packet's handle carries its timestamps and INT back to the sender
            pool.stampAckDepart(p, nowNs);
            events.schedule(nowNs + cfg.link().reversePathNs(), FabricEvents.DATA_ACK, p, 0);
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
            events.schedule(nowNs + cfg.link().reversePathNs(), FabricEvents.ACK, pool.qp(p), (int)pool.psn(p));
            cqeBytesPending += cfg.nic().cqeBytes();
        }
        pool.release(p);
        resumeIfBelowXon(nowNs);
        processHead(nowNs);
    }

    private void resumeIfBelowXon(final double nowNs)
    {
        if (pauseAsserted && bufferBytes < cfg.rx().xonBytes())
        {
            pauseAsserted = false;
            pauseTimeNs += nowNs - pauseStartNs;
            events.schedule(nowNs + cfg.pfc().reactionNs(), FabricEvents.SWITCH_PAUSE, 0, 0);
        }
    }

    void markAll(final boolean on)
    {
        markAll = on;
    }

    double pendingPayloadBytes()
    {
        return headAwaitingContext ? 0.0 : payloadPending;
    }

    ContextFetches contexts()
    {
        return contexts;
    }

    /**
     * @return the NIC's own posted writes waiting to be written, and clears them: completion-queue entries, and the
     * QP contexts the context cache evicted (docs/model.md §4.3), bytes.
     */
    long takeControlWriteBytes()
    {
        final long v = cqeBytesPending + (null == contexts ? 0L : contexts.takeWritebackBytes());
        cqeBytesPending = 0;
        return v;
    }

    long bufferBytes()
    {
        return bufferBytes;
    }

    double pauseTimeNs(final double nowNs)
    {
        return pauseTimeNs + (pauseAsserted ? nowNs - pauseStartNs : 0.0);
    }

    long pfcFrames()
    {
        return pfcFrames;
    }

    long cnps()
    {
        return cnps;
    }

    long drops()
    {
        return drops;
    }

    double deliveredPayloadBytes()
    {
        return deliveredPayloadBytes;
    }
}
