package org.rhcc.clustersim;

/**
 * A run's controller role taken over by a standby after its node left the cluster.
 *
 * @param role           {@code receiver} or {@code sender}.
 * @param atSimNs        simulated time of the signal the departed controller did not answer, ns.
 * @param departed       the departed node and its status.
 * @param standby        the standby node that took the session over.
 * @param failSafeNs     wall-clock silence after which the simulated receiver host was unthrottled, ns; -1 if not
 *                       (a sender, or a receiver host already unthrottled).
 * @param resumedAfterNs wall-clock time from the controller's last answer to the standby in control, ns.
 */
public record ControllerInterruption(
    String role,
    long atSimNs,
    String departed,
    String standby,
    long failSafeNs,
    long resumedAfterNs)
{
}
