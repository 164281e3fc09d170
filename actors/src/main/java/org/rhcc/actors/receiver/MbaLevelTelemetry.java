package org.rhcc.actors.receiver;

import org.agrona.concurrent.status.AtomicCounter;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.core.receiver.MbaLevelSink;
import org.rhcc.transport.codec.MbaReason;

/**
 * Keeps the receiver's MBA counters current with its decisions: each applied level change sets its group's level
 * gauge and counts the change under its reason (the reason the platform's command carries, {@link MbaReason}: more
 * than one level at once is a congestion onset, one level more a step down, one less a step up), then goes on to the
 * decision log. The fail-safe ({@link #failSafe}) puts every gauge back to level 1, counts a fail-safe reset for each
 * group that was throttled, and raises the fail-safe gauge.
 * <p>
 * <b>Note:</b> called on the MBA actuator's agent thread, or on its actor once the agent has stopped; a level change
 * is rare (at most one per step interval), and nothing here allocates.
 */
public final class MbaLevelTelemetry implements MbaLevelSink
{
    private final AgentCounters.MbaActuator counters;
    private final MbaLevelSink next;

    /**
     * @param counters the session's MBA actuator counters.
     * @param next     told every level change after the counters (the decision log).
     */
    public MbaLevelTelemetry(final AgentCounters.MbaActuator counters, final MbaLevelSink next)
    {
        this.counters = counters;
        this.next = next;
    }

    @Override
    public void onLevelChange(final int group, final int level, final long nowNs)
    {
        if (group >= 0 && group < counters.levels.length)
        {
            final AtomicCounter gauge = counters.levels[group];
            final long previous = gauge.getPlain();
            final MbaReason reason = level > previous ? (level - previous > 1 ? MbaReason.CONGESTION_ONSET :
                MbaReason.STEP_DOWN) : MbaReason.STEP_UP;
            count(counters, reason);
            gauge.setRelease(level);
        }
        next.onLevelChange(group, level, nowNs);
    }

    /**
     * The host went to its fail-safe: every group is back at level 1 (100 %).
     *
     * @param counters the session's MBA actuator counters.
     */
    public static void failSafe(final AgentCounters.MbaActuator counters)
    {
        for (final AtomicCounter level : counters.levels)
        {
            if (level.getPlain() > 1)
            {
                count(counters, MbaReason.FAILSAFE_RESET);
                level.setRelease(1);
            }
        }
        counters.failSafe.setRelease(1);
    }

    private static void count(final AgentCounters.MbaActuator counters, final MbaReason reason)
    {
        final AtomicCounter changes = counters.levelChanges[reason.value()];
        changes.setRelease(changes.getPlain() + 1);
    }
}
