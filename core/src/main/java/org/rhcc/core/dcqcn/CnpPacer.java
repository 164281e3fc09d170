package org.rhcc.core.dcqcn;

/**
 * DCQCN notification point (the receiver NIC): sends at most one CNP per flow per interval when CE-marked packets
 * arrive (Zhu et al., SIGCOMM 2015, §3.1: 50 us in the paper; NVIDIA firmware {@code min_time_between_cnps}, 0-4 us,
 * docs/platform.md §7.2).
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free per packet.
 */
public final class CnpPacer
{
    private static final long NEVER = Long.MIN_VALUE;

    private final long minIntervalNs;
    private final long[] lastCnpNs;

    /**
     * @param minIntervalNs minimum time between two CNPs of one flow, ns (0 = one CNP per marked packet).
     * @param flows         number of flows, numbered 0 .. flows-1.
     */
    public CnpPacer(final long minIntervalNs, final int flows)
    {
        if (minIntervalNs < 0)
        {
            throw new IllegalArgumentException("CNP interval must be >= 0 ns, got " + minIntervalNs);
        }
        if (flows < 1)
        {
            throw new IllegalArgumentException("CNP pacer needs at least one flow, got " + flows);
        }
        this.minIntervalNs = minIntervalNs;
        this.lastCnpNs = new long[flows];
        java.util.Arrays.fill(lastCnpNs, NEVER);
    }

    /**
     * A CE-marked packet of the flow arrived.
     *
     * @param flow  flow number.
     * @param nowNs arrival time, ns.
     * @return true when a CNP must be sent now.
     */
    public boolean onMarkedPacket(final int flow, final long nowNs)
    {
        final long last = lastCnpNs[flow];
        if (last != NEVER && nowNs - last < minIntervalNs)
        {
            return false;
        }
        lastCnpNs[flow] = nowNs;
        return true;
    }
}
