package org.rhcc.sim.net;

import java.util.SplittableRandom;

import org.rhcc.core.dcqcn.RedEcnMarker;

/**
 * The switch of {@link RdmaFabric} (docs/model.md §4.1): one shared-buffer egress queue toward the receiver with
 * RED/ECN marking at dequeue (on the queue the departing packet leaves behind, as DCQCN switches mark at egress), INT
 * stamped at dequeue when the CC needs it, PFC per ingress port with a dynamic threshold {@code alpha (B - used)} and
 * a 3 KB resume offset ([DQ] switch-mmu). A PFC pause from the receiver stops the egress after the current packet.
 * <p>
 * <b>Note:</b> allocation-free per packet (the queue grows only when it outgrows its array); not thread-safe.
 */
final class SwitchEgress
{
    private static final int RESUME_OFFSET_BYTES = 3_072;

    private final FabricConfig cfg;
    private final EventQueue events;
    private final PacketPool pool;
    private final SplittableRandom random;
    private final RedEcnMarker marker;
    private final boolean perPacketAcks;
    private final double nsPerBitLine;

    private final PacketRing egress;
    private long egressBytes;
    private final long[] ingressBytes;
    private final boolean[] pauseSentToSender;
    private boolean paused;
    private boolean busy;
    private long txBytes;
    private long drops;

    SwitchEgress(final FabricConfig cfg, final EventQueue events, final PacketPool pool,
        final SplittableRandom random, final boolean perPacketAcks)
    {
        this.cfg = cfg;
        this.events = events;
        this.pool = pool;
        this.random = random;
        this.perPacketAcks = perPacketAcks;
        this.marker = cfg.switchQueue().ecn();
        this.nsPerBitLine = 1.0 / cfg.link().lineRateGbps();
        final int senders = cfg.workload().senders();
        ingressBytes = new long[senders];
        pauseSentToSender = new boolean[senders];
        egress = new PacketRing(1 << 12);
    }

    void onArrive(final double now, final int p)
    {
        final int wire = pool.wireBytes(p);
        if (egressBytes + wire > cfg.switchQueue().bufferBytes())
        {
            drops++;
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
            events.schedule(now + cfg.pfc().reactionNs(), FabricEvents.SENDER_PAUSE, s, 1);
        }
        startTx(now);
    }

    /**
     * A PFC frame from the receiver NIC reaches the switch.
     */
    void onPause(final double now, final boolean pause)
    {
        paused = pause;
        if (!paused)
        {
            startTx(now);
        }
    }

    private void startTx(final double now)
    {
        if (busy || paused || egress.size() == 0)
        {
            return;
        }
        busy = true;
        final int p = egress.peek();
        if ((pool.flags(p) & PacketPool.PROBE) == 0 && marker.shouldMark(egressBytes, random.nextDouble()))
        {
            pool.setFlag(p, PacketPool.CE);
        }
        if (perPacketAcks)
        {
            // INT at dequeue, as the HPCC authors' switch stamps it: the queue behind the packet, the port's bytes
            // transmitted before this packet, the time and the link rate (docs/model.md §4.11)
            pool.stampInt(p, egressBytes - pool.wireBytes(p), txBytes, now);
            txBytes += pool.wireBytes(p);
        }
        events.schedule(now + pool.wireBytes(p) * 8.0 * nsPerBitLine, FabricEvents.SWITCH_TX_DONE, 0, 0);
    }

    void onTxDone(final double now)
    {
        busy = false;
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
            events.schedule(now + cfg.pfc().reactionNs(), FabricEvents.SENDER_PAUSE, s, 0);
        }
        events.schedule(now + cfg.link().propagationNs(), FabricEvents.RX_ARRIVE, p, 0);
        startTx(now);
    }

    /**
     * @return the egress queue, bytes.
     */
    long queueBytes()
    {
        return egressBytes;
    }

    /**
     * @return bytes waiting behind the packet being transmitted (the queue an INT record reports), bytes.
     */
    long backlogBytes()
    {
        return busy ? egressBytes - pool.wireBytes(egress.peek()) : egressBytes;
    }

    /**
     * @return packets dropped for lack of buffer.
     */
    long drops()
    {
        return drops;
    }
}
