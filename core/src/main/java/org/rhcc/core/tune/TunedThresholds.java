package org.rhcc.core.tune;

/**
 * What {@link KneeSearch} concludes.
 *
 * @param iThrLines     the IIO occupancy threshold I_thr of Eq. (1), lines.
 * @param dThrNs        the receiver processing delay threshold D_thr of Eq. (3), ns.
 * @param idle          the probe at idle cores: the no-contention occupancy and delay.
 * @param knee          the heaviest load measured at which the NIC was not yet back-pressured; the thresholds are its
 *                      signals.
 * @param firstLoss     the lightest load measured at which it was, or null if none was within the probe's bound (the
 *                      cores cannot congest this host's NIC: the thresholds then sit at the bound).
 * @param onset         the PCIe stall fraction, and the goodput loss as a fraction of the idle goodput, that count as
 *                      back-pressure.
 */
public record TunedThresholds(
    int iThrLines, int dThrNs, RampPoint idle, RampPoint knee, RampPoint firstLoss, double onset)
{
    /**
     * @return true if the cores congested the NIC within the probe's bound.
     */
    public boolean kneeFound()
    {
        return null != firstLoss;
    }
}
