package org.rhcc.core.tune;

/**
 * One measurement of the contention probe: what the NIC and the receiver's two signals showed with the NIC offered
 * its line rate, no intra-host controller acting, and the cores either idle or at the probe's load under one MBA
 * level.
 *
 * @param mbaLevel      0 for idle cores, else the MBA level (1 = unthrottled .. the deepest) of the cores at the
 *                      probe's load.
 * @param goodputGbps   the NIC's RDMA goodput, Gbit/s.
 * @param stallFraction the fraction of the time the NIC had writes for the host but no PCIe posted credits to send
 *                      them (PCIe back-pressure; mlx5's {@code outbound_pci_stalled_wr} on a real host), in [0, 1].
 * @param iioLines      the mean IIO write-buffer occupancy, lines (Eq. (1)'s signal before its EWMA).
 * @param delayNs       the mean receiver processing delay the probes measured, ns (Eq. (2)'s signal before its EWMA).
 */
public record ProbePoint(int mbaLevel, double goodputGbps, double stallFraction, double iioLines, double delayNs)
{
    /**
     * Validates the point.
     *
     * @throws IllegalArgumentException naming the value that is negative or not finite.
     */
    public ProbePoint
    {
        if (mbaLevel < 0)
        {
            throw new IllegalArgumentException("mbaLevel = " + mbaLevel + " must be >= 0 (0 for idle cores)");
        }
        check("goodputGbps", goodputGbps);
        check("stallFraction", stallFraction);
        check("iioLines", iioLines);
        check("delayNs", delayNs);
    }

    /**
     * @return true for the measurement with idle cores.
     */
    public boolean idle()
    {
        return 0 == mbaLevel;
    }

    private static void check(final String name, final double value)
    {
        if (!(value >= 0.0) || Double.isInfinite(value))
        {
            throw new IllegalArgumentException(name + " = " + value + " must be finite and >= 0");
        }
    }
}
