package org.rhcc.clustersim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What interrupted a run's control through the cluster, for its JSON and for the operator: the takeovers of a role by
 * a standby after its node left the cluster, and the receiver host's fail-safes (docs/design.md §7, "Runs survive a
 * node"). Recorded by {@link AeronLockstepHook}.
 */
final class RunInterruptions
{
    private final List<ControllerInterruption> takeovers = new ArrayList<>();
    private int failSafes;
    private long lastFailSafeSilentNs;

    /**
     * @param takeover a standby took a role's session over.
     */
    void takenOver(final ControllerInterruption takeover)
    {
        takeovers.add(takeover);
    }

    /**
     * @param silentNs wall-clock silence of the receiver controller when its host was unthrottled.
     */
    void failSafe(final long silentNs)
    {
        failSafes++;
        lastFailSafeSilentNs = silentNs;
    }

    /**
     * @return the takeovers, in order.
     */
    List<ControllerInterruption> takeovers()
    {
        return List.copyOf(takeovers);
    }

    /**
     * @return how often the receiver host was unthrottled.
     */
    int failSafes()
    {
        return failSafes;
    }

    /**
     * @return the receiver controller's silence when its host was last unthrottled, ns; 0 if never.
     */
    long lastFailSafeSilentNs()
    {
        return lastFailSafeSilentNs;
    }

    /**
     * The run's interruptions, for its JSON: the takeovers (how many, the simulated time of the first, the longest
     * time from a controller's last answer to a standby in control) and the receiver host's fail-safes (how many, the
     * silence before the last; also when a stalled receiver controller answered again).
     *
     * @return the metrics, empty for a run whose controllers always answered within the fail-safe's time.
     */
    Map<String, Number> metrics()
    {
        if (takeovers.isEmpty())
        {
            // a receiver controller that stalled past the fail-safe and answered again changed the run: say so
            final Map<String, Number> stalls = new LinkedHashMap<>();
            if (failSafes > 0)
            {
                stalls.put("receiver_failsafes", failSafes);
                stalls.put("receiver_failsafe_after_s", lastFailSafeSilentNs / 1e9);
            }
            return stalls;
        }
        long resumedAfterNs = 0;
        long failSafeNs = -1;
        for (final ControllerInterruption interruption : takeovers)
        {
            resumedAfterNs = Math.max(resumedAfterNs, interruption.resumedAfterNs());
            failSafeNs = Math.max(failSafeNs, interruption.failSafeNs());
        }
        final Map<String, Number> metrics = new LinkedHashMap<>();
        metrics.put("controller_takeovers", takeovers.size());
        metrics.put("controller_takeover_sim_ms", takeovers.get(0).atSimNs() / 1e6);
        metrics.put("controller_gap_max_s", resumedAfterNs / 1e9);
        if (failSafes > 0)
        {
            metrics.put("receiver_failsafes", failSafes);
        }
        if (failSafeNs >= 0)
        {
            metrics.put("receiver_failsafe_after_s", failSafeNs / 1e9);
        }
        return metrics;
    }
}
