package org.rhcc.core.tune;

/**
 * One measurement of the contention probe behind {@link KneeSearch}: load the host's cores to a fraction of the
 * probe's bound, offer the NIC its line rate with no intra-host controller acting, and report what the NIC and the
 * receiver's two signals showed. The simulator ({@code rhcc tune --host-profile}) and a real host implement it.
 */
@FunctionalInterface
public interface ContentionProbe
{
    /**
     * @param load the cores' offered memory load as a fraction of the probe's bound, in [0, 1] (0 = idle cores).
     * @return what the NIC and the signals showed at that load.
     */
    RampPoint measure(double load);
}
