package org.rhcc.core.tune;

/**
 * One step of the contention probe: the cores' load, and what the NIC and the receiver's two signals showed under it
 * with the NIC offered its line rate and no intra-host controller acting.
 *
 * @param load         the cores' offered memory load as a fraction of the probe's bound (0 = idle cores, 1 = the
 *                     heaviest load the probe may apply).
 * @param goodputGbps  the NIC's RDMA goodput, Gbit/s.
 * @param stallFraction the fraction of the time the NIC had writes for the host but no PCIe posted credits to send
 *                     them (PCIe back-pressure; mlx5's {@code outbound_pci_stalled_wr} on a real host), in [0, 1].
 * @param iioLines     the mean IIO write-buffer occupancy, lines (Eq. (1)'s signal before its EWMA).
 * @param delayNs      the mean receiver processing delay the probes measured, ns (Eq. (2)'s signal before its EWMA).
 */
public record RampPoint(double load, double goodputGbps, double stallFraction, double iioLines, double delayNs)
{
    /**
     * Validates the point.
     *
     * @throws IllegalArgumentException naming the value that is not finite or is negative.
     */
    public RampPoint
    {
        check("load", load);
        check("goodputGbps", goodputGbps);
        check("stallFraction", stallFraction);
        check("iioLines", iioLines);
        check("delayNs", delayNs);
    }

    private static void check(final String name, final double value)
    {
        if (!(value >= 0.0) || Double.isInfinite(value))
        {
            throw new IllegalArgumentException(name + " = " + value + " must be finite and >= 0");
        }
    }
}
