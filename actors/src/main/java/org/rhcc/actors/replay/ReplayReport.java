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
 * @param unjournaled     decisions of interrupted sessions (their node died) that the agent had taken after the
 *                        journal's last write: rebuilt from the recorded input up to the session's write-ahead mark
 *                        (docs/design.md §7, "Durability").
 * @param unrecorded      signals interrupted sessions' agents took that the archive had not yet recorded when the
 *                        node died: decisions on them, if any, were neither journaled nor can be rebuilt.
 * @param interrupted     session segments that did not finish with a complete journal (a node that died).
 * @param takenOver       sessions a standby took over after a node left: each segment (its node's part) is
 *                        replayed from that node's recording, a later one from the state the standby resumed.
 * @param divergences     every divergence found, the first first; empty if the journal was reproduced.
 */
public record ReplayReport(int sessions, long signals, long decisions, long replayNs, long unjournaled,
    long unrecorded, int interrupted, int takenOver, List<String> divergences)
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
        final String interruptedPart = 0 == interrupted ? "" : String.format(Locale.ROOT,
            "; %d interrupted session(s): %d decision(s) taken after their journal's last write rebuilt from the " +
            "recording%s", interrupted, unjournaled, 0 == unrecorded ? "" : String.format(Locale.ROOT,
            "; %d signal(s) they took were not yet recorded (decisions on them, if any, cannot be rebuilt)",
            unrecorded));
        final String takenOverPart = 0 == takenOver ? "" : String.format(Locale.ROOT,
            "; %d session(s) taken over by a standby, each node's part replayed from its own recording", takenOver);
        final String head = String.format(Locale.ROOT,
            "%d session(s), %d recorded signals, %d journaled decisions compared in %.2f s (%.0f decisions/s)%s%s",
            sessions, signals, decisions, replayNs / 1e9, decisionsPerSecond(), interruptedPart, takenOverPart);
        if (0 == sessions)
        {
            return "no session found in the journal: " + head;
        }
        return divergences.isEmpty() ? "reproduced: " + head :
            "DIVERGED: " + head + System.lineSeparator() + "first divergence: " + divergences.get(0);
    }
}
