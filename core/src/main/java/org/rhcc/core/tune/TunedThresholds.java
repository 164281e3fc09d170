package org.rhcc.core.tune;

/**
 * What {@link KneeSearch} concludes.
 *
 * @param iThrLines the IIO occupancy threshold I_thr of Eq. (1), lines.
 * @param dThrNs    the receiver processing delay threshold D_thr of Eq. (3), ns.
 * @param idle      the probe with idle cores: the no-contention occupancy and delay.
 * @param knee      the least-throttled MBA level at which the loaded cores left the NIC its goodput (the thresholds
 *                  are its signals); the deepest level measured if none did, the unthrottled level if all did.
 * @param firstLoss the next less-throttled level, at which the NIC lost goodput, or null if none did.
 * @param onset     the goodput loss, as a fraction of the idle goodput, that counts as a loss.
 */
public record TunedThresholds(
    int iThrLines, int dThrNs, ProbePoint idle, ProbePoint knee, ProbePoint firstLoss, double onset)
{
    /**
     * @return true if the loaded cores cost the NIC goodput at some MBA level and a deeper level gave it back: the
     * receiver loop can protect the NIC and the thresholds sit at the knee.
     */
    public boolean kneeFound()
    {
        return null != firstLoss && knee.goodputGbps() >= idle.goodputGbps() * (1.0 - onset);
    }
}
