package org.rhcc.sim.control;

import org.rhcc.sim.api.RunObserver;
import org.rhcc.sim.api.SimPorts;

/**
 * Watches a run and, at the end of every telemetry window, records each QP's sending rate {@code min(R_rev, R_cc)},
 * the bytes it has put on the wire and the switch's egress queue toward the receiver behind the packet in
 * transmission (docs/model.md §4.11): the per-flow trajectories of an incast. A {@link RunObserver}: it reads the
 * ports' trace accessors and commands nothing.
 * <p>
 * <b>Note:</b> the arrays are allocated when the observer attaches; recording allocates nothing and stops silently when
 * {@code capacity} windows have been recorded. Single-threaded.
 */
public final class FlowTrace implements RunObserver
{
    private final int capacity;
    private SimPorts ports;
    private long[] timeNs = new long[0];
    private long[] queueBytes = new long[0];
    private double[][] rateGbps = new double[0][];
    private long[][] sentBytes = new long[0][];
    private int count;

    /**
     * @param capacity windows to record at most.
     */
    public FlowTrace(final int capacity)
    {
        if (capacity < 1)
        {
            throw new IllegalArgumentException("trace capacity " + capacity + " must be >= 1");
        }
        this.capacity = capacity;
    }

    @Override
    public void onAttach(final SimPorts ports, final long nowNs)
    {
        this.ports = ports;
        timeNs = new long[capacity];
        queueBytes = new long[capacity];
        rateGbps = new double[ports.qpCount()][capacity];
        sentBytes = new long[ports.qpCount()][capacity];
        count = 0;
    }

    @Override
    public void onWindow(final long nowNs)
    {
        if (count < capacity)
        {
            timeNs[count] = nowNs;
            queueBytes[count] = ports.switchQueueBytes();
            for (int q = 0; q < rateGbps.length; q++)
            {
                rateGbps[q][count] = ports.sendRateGbps(q, nowNs);
                sentBytes[q][count] = ports.sentWireBytes(q);
            }
            count++;
        }
    }

    /**
     * @param qp QP.
     * @param i  window index.
     * @return the data bytes the QP had put on the wire by the window's end (headers and retransmissions included).
     */
    public long sentBytes(final int qp, final int i)
    {
        return sentBytes[qp][i];
    }

    /**
     * @return QPs traced (0 before the observer attaches).
     */
    public int qpCount()
    {
        return rateGbps.length;
    }

    /**
     * @return windows recorded.
     */
    public int count()
    {
        return count;
    }

    /**
     * @param i window index.
     * @return the window's end, ns.
     */
    public long timeNs(final int i)
    {
        return timeNs[i];
    }

    /**
     * @param i window index.
     * @return the switch's egress queue at the window's end, bytes.
     */
    public long queueBytes(final int i)
    {
        return queueBytes[i];
    }

    /**
     * @param qp QP.
     * @param i  window index.
     * @return the QP's sending rate at the window's end, Gbit/s.
     */
    public double rateGbps(final int qp, final int i)
    {
        return rateGbps[qp][i];
    }
}
