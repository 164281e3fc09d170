package org.rhcc.sim;

import java.util.SplittableRandom;

import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.host.IoPath;
import org.rhcc.sim.net.RdmaFabric;

/**
 * What an RHCC probe waits for at the receiver NIC, and so what {@code t_resp - t_recv} measures (docs/model.md §4.10,
 * reading (b): the response waits for the probe's own write to be accepted by the host). The choice, kept here in
 * one place:
 * <ol>
 *   <li>The probe does not queue in the RX data buffer (probes are congestion-control packets handled by the NIC's
 *   own pipeline, docs/platform.md §6.1); on arrival ({@code t_recv}) the NIC writes a 64-byte probe record into a
 *   ring of {@code probeRecordSlots} slots in host memory through the same posted-write path as data.</li>
 *   <li><b>PCIe leg.</b> The record joins its port's queue of formed posted writes behind the TLPs the port's DMA
 *   engine has already formed (RDMA payload and CQEs; at most {@code postedQueueTlps}), since a posted write does
 *   not pass the posted writes its function issued before it (PCIe ordering). It leaves the queue once the link has
 *   carried those lines, at the rate the port's turns on the link (one TLP in two while the TCP port has data) and the
 *   posted credits allow ({@link NicDma}); then it takes one posted credit and crosses the link.</li>
 *   <li><b>Host leg.</b> In the IIO the record waits for a home-tracker entry behind the lines that arrived before it
 *   and spends {@code L_llc} like any NIC line; then, unless its slot is still in the DDIO ways
 *   ({@link #recordHitProbability(double)}, a constant of the ring, docs/model.md §4.5), it waits like a missing
 *   data line until the CHA admits its dirty victim, in FIFO order behind the victims already waiting, with a write's
 *   burst-queueing wait at the WPQ (memory back-pressure, which grows with the NIC's own share of the writes).</li>
 *   <li>The response is stamped when the IIO releases the record, minus the known one-way link latency (the credit
 *   update that tells the NIC), so {@code t_resp - t_recv} = posted-queue wait + credit wait + IIO residency of the
 *   record. The response leaves at the release.</li>
 * </ol>
 * A FIFO wait ends when the fluid lines ahead of the record are through, less half a line
 * ({@value #LESS_THAN_A_LINE}).
 * <p>
 * <b>Note:</b> allocation-free; not thread-safe.
 */
final class ProbeTracker
{
    private static final int CAPACITY = 4096;
    private static final int WAIT_QUEUE = 0;
    private static final int WAIT_CREDIT = 1;
    private static final int ON_LINK = 2;
    private static final int WAIT_TRACKER = 3;
    private static final int IN_LLC = 4;
    private static final int WAIT_ADMISSION = 5;
    /**
     * A record waits in a FIFO until the fluid lines ahead of it are through, less this: the fluid drains the last of a
     * train's lines in ever smaller shares (the backlog admits its classes in proportion to their part of it), and a
     * record that waited for the last 1e-9 line would wait for a remainder that is no longer a line at all.
     */
    private static final double LESS_THAN_A_LINE = 0.5;

    private final int[] qp = new int[CAPACITY];
    private final double[] recvNs = new double[CAPACITY];
    private final double[] queueTarget = new double[CAPACITY];
    private final long[] llcExitStep = new long[CAPACITY];
    private final double[] fifoTarget = new double[CAPACITY];
    private final int[] stage = new int[CAPACITY];
    private final double pcieNs;
    /** Whose state the receiver NIC writes into each response's spare bytes (docs/model.md §4.10). */
    private final ControllerHook receiver;
    private final int pcieSteps;
    private final int llcSteps;
    private final double dirtyProbability;
    private final boolean ddio;
    private double recordHitProbability;
    private int count;
    private long dropped;
    private long arrived;
    private long answered;
    private double delaySumNs;

    ProbeTracker(final IoPath io, final double stepNs, final double victimDirtyProbability,
        final ControllerHook receiver)
    {
        this.receiver = receiver;
        pcieSteps = io.pcieSteps();
        llcSteps = io.llcSteps();
        pcieNs = pcieSteps * stepNs;
        ddio = io.ddio();
        dirtyProbability = ddio ? victimDirtyProbability : 1.0;
        recordHitProbability = ddio ? 1.0 : 0.0;
    }

    /**
     * A probe reaches the receiver NIC; its record joins the posted queue.
     *
     * @param queuePair    the probe's QP.
     * @param nowNs        arrival time ({@code t_recv}), ns.
     * @param linesAheadAt cumulative lines of the record's port the link must have carried before the record reaches
     *                     the head of the queue (lines issued so far plus the lines formed ahead of it).
     */
    void onArrival(final int queuePair, final double nowNs, final double linesAheadAt)
    {
        arrived++;
        if (count == CAPACITY)
        {
            dropped++;
            return;
        }
        qp[count] = queuePair;
        recvNs[count] = nowNs;
        queueTarget[count] = linesAheadAt;
        stage[count] = WAIT_QUEUE;
        count++;
    }

    boolean hasPending()
    {
        return count > 0;
    }

    /**
     * Records at the head of the posted queue take a credit, oldest first, as long as credits are free, and cross
     * the link.
     *
     * @param io           the NIC's posted-write path.
     * @param step         current step.
     * @param linesIssued  cumulative lines of the record's port the link has carried.
     */
    void grantCredits(final IoPath io, final long step, final double linesIssued)
    {
        for (int i = 0; i < count; i++)
        {
            if (WAIT_QUEUE == stage[i])
            {
                if (linesIssued < queueTarget[i] - LESS_THAN_A_LINE)
                {
                    continue;
                }
                stage[i] = WAIT_CREDIT;
            }
            if (WAIT_CREDIT != stage[i])
            {
                continue;
            }
            if (io.creditsFree() < 1.0)
            {
                return;
            }
            io.issue(1.0);
            stage[i] = ON_LINK;
            llcExitStep[i] = step + pcieSteps;
        }
    }

    void advance(final IoPath io, final long step, final double nowNs, final SplittableRandom random,
        final RdmaFabric fabric)
    {
        int i = 0;
        while (i < count)
        {
            boolean done = false;
            if (ON_LINK == stage[i] && step >= llcExitStep[i])
            {
                // in the IIO now: it gets a home-tracker entry after the lines that arrived before it
                stage[i] = WAIT_TRACKER;
                fifoTarget[i] = io.arrivedLines();
            }
            if (WAIT_TRACKER == stage[i] && io.trackerEnteredLines() >= fifoTarget[i] - LESS_THAN_A_LINE)
            {
                stage[i] = IN_LLC;
                llcExitStep[i] = step + llcSteps;
            }
            if (IN_LLC == stage[i] && step >= llcExitStep[i])
            {
                if (random.nextDouble() < (1.0 - recordHitProbability) * dirtyProbability)
                {
                    stage[i] = WAIT_ADMISSION;
                    fifoTarget[i] = io.cumulativeOffered();
                }
                else
                {
                    done = true;
                }
            }
            else if (WAIT_ADMISSION == stage[i] && io.cumulativeAdmitted() >= fifoTarget[i] - LESS_THAN_A_LINE)
            {
                done = true;
            }
            if (done)
            {
                final double stampNs = Math.max(recvNs[i], nowNs - pcieNs);
                delaySumNs += stampNs - recvNs[i];
                answered++;
                fabric.probeResponse(qp[i])
                    .reqRecvNs(recvNs[i])
                    .respStampNs(stampNs)
                    .receiverCongested(receiver.receiverCongested())
                    .send(nowNs);
                remove(i);
            }
            else
            {
                i++;
            }
        }
    }

    private void remove(final int i)
    {
        final int n = count - 1;
        for (int j = i; j < n; j++)
        {
            qp[j] = qp[j + 1];
            recvNs[j] = recvNs[j + 1];
            queueTarget[j] = queueTarget[j + 1];
            llcExitStep[j] = llcExitStep[j + 1];
            fifoTarget[j] = fifoTarget[j + 1];
            stage[j] = stage[j + 1];
        }
        count = n;
    }

    /**
     * @param pHit probability that a record's ring slot is still in the DDIO ways when it is rewritten (ignored
     *             with DDIO off, where every record is written to memory).
     */
    void recordHitProbability(final double pHit)
    {
        recordHitProbability = ddio ? pHit : 0.0;
    }

    /**
     * @return the record hit probability in force.
     */
    double recordHitProbability()
    {
        return recordHitProbability;
    }

    long arrived()
    {
        return arrived;
    }

    long answered()
    {
        return answered;
    }

    double delaySumNs()
    {
        return delaySumNs;
    }

    long dropped()
    {
        return dropped;
    }
}
