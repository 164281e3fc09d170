package org.rhcc.core.hpcc;

/**
 * The in-band network telemetry (INT) an ACK echoes to an HPCC sender: one record per switch egress on the data
 * packet's path (HPCC paper, §3 and Algorithm 1's {@code ack.L[i]}), in path order. A caller-owned, reusable
 * flyweight: fill it for each ACK with {@link #hops(int)} and {@link #hop(int, long, long, long, double)}, then pass it
 * to {@link HpccFlows#onAck(int, long, long, IntRecords)}; nothing is allocated.
 * <p>
 * Per hop: the egress queue length in bytes when the packet left, the port's transmitted-bytes counter (monotonic;
 * a counter that goes backwards is treated as a reset), the switch's timestamp in ns and the link's rate in Gbit/s.
 * <p>
 * <b>Note:</b> not thread-safe; the filling thread passes it to the controller on the same thread.
 */
public final class IntRecords
{
    /**
     * Most records an ACK carries (the HPCC simulator's {@code IntHeader::maxHop}).
     */
    public static final int MAX_HOPS = 5;

    private final long[] queueBytes = new long[MAX_HOPS];
    private final long[] txBytes = new long[MAX_HOPS];
    private final long[] timestampNs = new long[MAX_HOPS];
    private final double[] linkRateGbps = new double[MAX_HOPS];
    private int hops;

    /**
     * Sets the number of records; the records themselves are set with {@link #hop(int, long, long, long, double)}.
     *
     * @param hops 0..{@link #MAX_HOPS}.
     * @return this.
     */
    public IntRecords hops(final int hops)
    {
        if (hops < 0 || hops > MAX_HOPS)
        {
            throw new IllegalArgumentException("INT hop count " + hops + " must be in [0, " + MAX_HOPS + "]");
        }
        this.hops = hops;
        return this;
    }

    /**
     * Sets one hop's record.
     *
     * @param hop          hop index, 0..hops-1, in path order.
     * @param queueBytes   egress queue length, bytes, >= 0.
     * @param txBytes      the port's transmitted-bytes counter, >= 0.
     * @param timestampNs  the switch's time when it stamped the record, ns.
     * @param linkRateGbps the egress link's rate B, Gbit/s, > 0.
     * @return this.
     */
    public IntRecords hop(
        final int hop, final long queueBytes, final long txBytes, final long timestampNs, final double linkRateGbps)
    {
        if (hop < 0 || hop >= hops)
        {
            throw new IllegalArgumentException("INT hop index " + hop + " outside [0, " + hops + "); set hops first");
        }
        if (queueBytes < 0 || txBytes < 0)
        {
            throw new IllegalArgumentException(
                "INT hop " + hop + ": queue " + queueBytes + " B and txBytes " + txBytes + " must be >= 0");
        }
        if (!(linkRateGbps > 0.0) || Double.isInfinite(linkRateGbps))
        {
            throw new IllegalArgumentException("INT hop " + hop + ": link rate " + linkRateGbps +
                " Gbit/s must be a positive finite number");
        }
        this.queueBytes[hop] = queueBytes;
        this.txBytes[hop] = txBytes;
        this.timestampNs[hop] = timestampNs;
        this.linkRateGbps[hop] = linkRateGbps;
        return this;
    }

    /**
     * @return number of records.
     */
    public int hops()
    {
        return hops;
    }

    /**
     * @param hop hop index.
     * @return egress queue length, bytes.
     */
    public long queueBytes(final int hop)
    {
        return queueBytes[hop];
    }

    /**
     * @param hop hop index.
     * @return the port's transmitted-bytes counter.
     */
    public long txBytes(final int hop)
    {
        return txBytes[hop];
    }

    /**
     * @param hop hop index.
     * @return the switch's timestamp, ns.
     */
    public long timestampNs(final int hop)
    {
        return timestampNs[hop];
    }

    /**
     * @param hop hop index.
     * @return the egress link's rate, Gbit/s.
     */
    public double linkRateGbps(final int hop)
    {
        return linkRateGbps[hop];
    }
}
