package org.rhcc.sim.api;

/**
 * A latency-critical CPU service on the NIC's socket, in its own COS group (the protected CPU class, docs/model.md
 * §4.8 and §4.9): {@code threads} cores each issuing a 1:1 read/write stream paced at one read per
 * {@code injectionDelayNs}, like MLC's paced generator. Its cores are outside the congestion preset's MLC cores.
 *
 * @param threads          cores of the service, 0 for none (the default: no protected CPU traffic, no third MBA group).
 * @param injectionDelayNs spacing of a thread's reads, ns (each read also writes one line back).
 */
public record ProtectedService(int threads, double injectionDelayNs)
{
    /** No protected service. */
    public static final ProtectedService NONE = new ProtectedService(0, 0.0);

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
     * @return true when the service has cores (and the host a third MBA group for it).
     */
    public boolean present()
    {
        return threads > 0;
    }
}
