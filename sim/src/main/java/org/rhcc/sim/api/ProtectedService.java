package org.rhcc.sim.api;

/**
 * A latency-critical CPU service on the NIC's socket (docs/model.md §4.8 and §4.9): {@code threads} cores each issuing
 * a 1:1 read/write stream paced at one read per {@code injectionDelayNs}, like MLC's paced generator. Its cores are
 * outside the congestion preset's MLC cores. In its own COS group (the protected CPU class) the host has a third MBA
 * group; otherwise its cores are in the local-NUMA group and follow that group's level.
 *
 * @param threads          cores of the service, 0 for none (the default: no protected CPU traffic, no third MBA group).
 * @param injectionDelayNs spacing of a thread's reads, ns (each read also writes one line back).
 * @param ownMbaGroup      true for its own COS group (MBA group 2), false for the local-NUMA group (group 0).
 */
public record ProtectedService(int threads, double injectionDelayNs, boolean ownMbaGroup)
{
    /** No protected service. */
    public static final ProtectedService NONE = new ProtectedService(0, 0.0, true);

    /**
     * Validates the service.
     *
     * @throws IllegalArgumentException naming the offending value.
     */
    public ProtectedService
    {
        if (threads < 0 || threads > 64)
        {
            throw new IllegalArgumentException("protected service threads = " + threads + " must be within 0..64");
        }
        if (!(injectionDelayNs >= 0.0) || Double.isInfinite(injectionDelayNs))
        {
            throw new IllegalArgumentException(
                "protected service injectionDelayNs = " + injectionDelayNs + " must be a finite value >= 0 ns");
        }
    }

    /**
     * A service in its own COS group.
     *
     * @param threads          cores of the service.
     * @param injectionDelayNs spacing of a thread's reads, ns.
     */
    public ProtectedService(final int threads, final double injectionDelayNs)
    {
        this(threads, injectionDelayNs, true);
    }

    /**
     * @return true when the service has cores.
     */
    public boolean present()
    {
        return threads > 0;
    }

    /**
     * @return true when the host has a third MBA group for the service.
     */
    public boolean thirdMbaGroup()
    {
        return threads > 0 && ownMbaGroup;
    }
}
