package org.rhcc.core.tune;

/**
 * One measurement of the contention probe behind {@link KneeSearch}: offer the NIC its line rate with no intra-host
 * controller acting, load the host's cores with the probe's load (the heaviest the host is to be tuned for) under one
 * MBA level, or leave them idle, and report what the NIC and the receiver's two signals showed. The simulator
 * ({@code rhcc tune --host-profile}) and a real host implement it.
 */
@FunctionalInterface
public interface ContentionProbe
{
    /**
     * @param mbaLevel 0 for idle cores, else the MBA level of the loaded cores (1 = unthrottled).
     * @return what the NIC and the signals showed.
     */
    ProbePoint measure(int mbaLevel);
}
