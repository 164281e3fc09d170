package org.rhcc.sim.api;

/**
 * What the protected CPU service got over the measured window (docs/model.md §4.8).
 *
 * @param memGbps       its memory bandwidth: reads served plus writebacks admitted, Gbit/s (0 without a service).
 * @param readLatencyNs its mean read latency, ns: the integral of its outstanding reads over the measured window
 *                      divided by the reads completed in it (Little's law), from issue to the line's return, the MBA
 *                      throttle's wait included (0 without a service or without completions).
 */
public record ProtectedServiceMetrics(double memGbps, double readLatencyNs)
{
    /** The metrics of a run without a protected service. */
    public static final ProtectedServiceMetrics NONE = new ProtectedServiceMetrics(0.0, 0.0);
}
