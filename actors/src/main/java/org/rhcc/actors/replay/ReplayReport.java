package org.rhcc.actors.replay;

import java.util.List;
import java.util.Locale;

/**
 * Outcome of a replay: how many sessions and decisions were checked, how fast, and the first divergence if any.
 *
 * @param sessions        sessions replayed.
 * @param signals         recorded signal frames fed to the fresh controllers.
 * @param decisions       journaled decisions compared (MBA/ECN decisions and QP batches).
 * @param replayNs        wall time of the replay proper (recordings read, controllers fed and compared; opening the
 *                        archives and reading the journal come before and are not counted), ns.
 * @param divergences     every divergence found, the first first; empty if the journal was reproduced.
 */
public record ReplayReport(int sessions, long signals, long decisions, long replayNs, List<String> divergences)
{
    /**
     * Freezes the list.
     */
    public ReplayReport
    {
        divergences = List.copyOf(divergences);
    }

    /**
     * @return true if every journaled decision was reproduced.
     */
    public boolean reproduced()
    {
        return divergences.isEmpty() && sessions > 0;
    }

    /**
     * @return decisions compared per second of replay.
     */
    public double decisionsPerSecond()
    {
        return replayNs <= 0 ? 0.0 : decisions * 1e9 / replayNs;
    }

    /**
     * @return a short summary for the terminal.
     */
    public String summary()
    {
        final String head = String.format(Locale.ROOT,
            "%d session(s), %d recorded signals, %d journaled decisions compared in %.2f s (%.0f decisions/s)",
            sessions, signals, decisions, replayNs / 1e9, decisionsPerSecond());
        if (0 == sessions)
        {
            return "no session found in the journal: " + head;
        }
        return divergences.isEmpty() ? "reproduced: " + head :
            "DIVERGED: " + head + System.lineSeparator() + "first divergence: " + divergences.get(0);
    }
}
