package org.rhcc.sim;

import java.util.SplittableRandom;

import org.rhcc.sim.host.IoPath;
import org.rhcc.sim.net.RdmaFabric;

/**
 * What an RHCC probe waits for at the receiver NIC, and so what {@code t_resp - t_recv} measures (docs/paper.md §2.2,
 * §4 B12). The choice, kept here in one place:
 * <ol>
 *   <li>The probe does not queue in the RX data buffer (probes are congestion-control MADs handled by the NIC's
 *   own pipeline, docs/hardware.md §6.1); on arrival ({@code t_recv}) the NIC writes a 64-byte probe record to host
 *   memory through the same posted-write path as data, ahead of queued data.</li>
 *   <li>The record waits for one posted credit (PCIe back-pressure), crosses the link, and stays in the IIO like any
 *   NIC line: {@code L_llc}, then, with probability {@code (1 - p_hit) p_dirty}, until the CHA admits its victim in
 *   FIFO order behind the lines already waiting (memory back-pressure).</li>
 *   <li>The response is stamped when the IIO releases the record, minus the known one-way link latency, so
 *   {@code t_resp - t_recv} = credit wait + IIO residency of the record. The response leaves at the release.</li>
 * </ol>
 * Unloaded this gives about {@code L_llc}; under memory contention it follows the IIO residency D.
 * <p>
 * <b>Note:</b> allocation-free; not thread-safe.
 */
final class ProbeTracker
{
    private static final int CAPACITY = 4096;
    private static final int WAIT_CREDIT = 0;
    private static final int IN_LLC = 1;
    private static final int WAIT_ADMISSION = 2;

    private final int[] qp = new int[CAPACITY];
    private final double[] recvNs = new double[CAPACITY];
    private final long[] llcExitStep = new long[CAPACITY];
    private final double[] fifoTarget = new double[CAPACITY];
    private final int[] stage = new int[CAPACITY];
    private final double pcieNs;
    private final int pcieSteps;
    private final int llcSteps;
    private int count;
    private long dropped;
    private long answered;
    private double delaySumNs;

    ProbeTracker(final IoPath io, final double stepNs)
    {
        pcieSteps = io.pcieSteps();
        llcSteps = io.llcSteps();
        pcieNs = pcieSteps * stepNs;
    }

    void onArrival(final int queuePair, final double nowNs)
    {
        if (count == CAPACITY)
        {
            dropped++;
            return;
        }
        qp[count] = queuePair;
        recvNs[count] = nowNs;
        stage[count] = WAIT_CREDIT;
        count++;
    }

    boolean hasPending()
    {
        return count > 0;
    }

    /**
     * Records waiting for a credit get one, oldest first, as long as credits are free.
     */
    void grantCredits(final IoPath io, final long step)
    {
        for (int i = 0; i < count; i++)
        {
            if (WAIT_CREDIT != stage[i])
            {
                continue;
            }
            if (io.creditsFree() < 1.0)
            {
                return;
            }
            io.issue(1.0);
            stage[i] = IN_LLC;
            llcExitStep[i] = step + pcieSteps + llcSteps;
        }
    }

    void advance(final IoPath io, final long step, final double nowNs, final SplittableRandom random,
        final RdmaFabric fabric)
    {
        int i = 0;
        while (i < count)
        {
            boolean done = false;
            if (IN_LLC == stage[i] && step >= llcExitStep[i])
            {
                if (random.nextDouble() < io.holdProbability())
                {
                    stage[i] = WAIT_ADMISSION;
                    fifoTarget[i] = io.cumulativeOffered();
                }
                else
                {
                    done = true;
                }
            }
            else if (WAIT_ADMISSION == stage[i] && io.cumulativeAdmitted() >= fifoTarget[i] - 1e-9)
            {
                done = true;
            }
            if (done)
            {
                final double stampNs = Math.max(recvNs[i], nowNs - pcieNs);
                delaySumNs += stampNs - recvNs[i];
                answered++;
                fabric.sendProbeAck(qp[i], recvNs[i], stampNs, nowNs);
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
            llcExitStep[j] = llcExitStep[j + 1];
            fifoTarget[j] = fifoTarget[j + 1];
            stage[j] = stage[j + 1];
        }
        count = n;
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
