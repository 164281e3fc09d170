package org.rhcc.core.receiver;

import org.rhcc.core.port.MbaActuator;

/**
 * RHCC's receiver loop bound to a platform: each IIO sample goes through an {@link MbaPolicy}; each level change is
 * applied through the {@link MbaActuator} port and reported to an observer (a journal, telemetry).
 * <p>
 * Fail-safe (docs/design.md §7): when the actuator refuses a change, the loop resets the actuator and the policy to
 * level 1 (100 %, unthrottled), stops deciding, and keeps the reason for whoever supervises it to report.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free per sample while healthy.
 */
public final class ReceiverLoop implements MbaLevelSink
{
    private final MbaPolicy policy;
    private final MbaActuator actuator;
    private final MbaLevelSink observer;
    private boolean failSafe;
    private String failure;

    /**
     * @param policy   decision rule.
     * @param actuator platform MBA actuator.
     * @param observer told about every applied level change (use {@code (g, l, t) -> { }} for none).
     */
    public ReceiverLoop(final MbaPolicy policy, final MbaActuator actuator, final MbaLevelSink observer)
    {
        this.policy = policy;
        this.actuator = actuator;
        this.observer = observer;
    }

    /**
     * Feeds one sample.
     *
     * @param occupancy IIO occupancy sample, entries.
     * @param pcieGbps  inbound PCIe bandwidth sample, Gbit/s.
     * @param nowNs     time, ns.
     * @return level changes applied (0 in fail-safe).
     */
    public int onSample(final double occupancy, final double pcieGbps, final long nowNs)
    {
        if (failSafe)
        {
            return 0;
        }
        return policy.onSample(occupancy, pcieGbps, nowNs, this);
    }

    /**
     * Applies one level change decided by the policy.
     * <p>
     * {@inheritDoc}
     */
    public void onLevelChange(final int group, final int level, final long nowNs)
    {
        if (failSafe)
        {
            return;
        }
        try
        {
            actuator.applyLevel(group, level, nowNs);
            observer.onLevelChange(group, level, nowNs);
        }
        catch (final IllegalStateException ex)
        {
            enterFailSafe("MBA actuator refused level " + level + " for group " + group + ": " + ex.getMessage());
        }
    }

    /**
     * Moves the host to the fail-safe: every group unthrottled, no further decisions.
     *
     * @param reason why, for the operator.
     */
    public void enterFailSafe(final String reason)
    {
        failSafe = true;
        failure = reason;
        policy.resetToUnthrottled();
        actuator.resetToUnthrottled();
    }

    /**
     * @return true once the loop is in the fail-safe.
     */
    public boolean failSafe()
    {
        return failSafe;
    }

    /**
     * @return why the loop entered the fail-safe, or null.
     */
    public String failure()
    {
        return failure;
    }

    /**
     * @return the decision rule.
     */
    public MbaPolicy policy()
    {
        return policy;
    }
}
