package org.rhcc.actors.replay;

import java.util.List;
import java.util.Objects;

import org.rhcc.actors.journal.SessionStarted;
import org.rhcc.actors.journal.WriteAheadMark;
import org.rhcc.actors.sender.QpStatesChanged;

/**
 * One session's replay as {@link DecisionReplayer} runs it: the signals fed, the decisions compared, and the bound
 * that the session's {@link WriteAheadMark} puts on both (docs/design.md §6 and §7, "Durability"): only the recorded
 * signals the agent had taken are fed; a complete session must be reproduced exactly, an interrupted one must have a
 * journal that is a prefix of the decisions rebuilt.
 */
final class ReplayOutcome
{
    /** Recorded signals fed (those the agent had taken). */
    long signals;
    /** Journaled decisions compared. */
    long decisions;
    /** Decisions rebuilt past the journal's end of an interrupted session. */
    long unjournaled;
    /** Signals an interrupted session's agent took that the recording does not hold. */
    long unrecorded;
    /** True if the session's node died before its journal was complete. */
    boolean interrupted;
    /** The first divergence, or null. */
    String divergence;
    private WriteAheadMark.Reading mark;
    private long taken = Long.MAX_VALUE;

    /**
     * Reads the session's mark, which bounds the signals fed.
     */
    void mark(final SessionStarted started, final RecordedSignals signalsIn)
    {
        if (started.recordingId() >= 0)
        {
            mark = signalsIn.mark(started.archiveName(), WriteAheadMark.fileName(started.role(),
                started.spec().sessionId(), started.controllerId()));
        }
        taken = null == mark ? Long.MAX_VALUE : mark.signals();
        interrupted = null != mark && !mark.journalComplete();
    }

    /**
     * @return true if the signal about to be fed is one the session's agent had taken.
     */
    boolean take()
    {
        if (signals >= taken)
        {
            return false;
        }
        signals++;
        return true;
    }

    /**
     * Checks that the recording held every signal the agent took. The archive records asynchronously, so the last
     * signals an interrupted session took may be missing: they are counted (decisions on them, if any, were not
     * journaled and cannot be rebuilt). A complete session's recording was awaited before it finished: a signal
     * missing there is a divergence.
     *
     * @return why the recording cannot rebuild a complete session's decisions, or null.
     */
    String recorded()
    {
        if (null == mark || signals >= taken)
        {
            return null;
        }
        if (interrupted)
        {
            unrecorded = taken - signals;
            return null;
        }
        return "the recording ends " + (taken - signals) + " signal(s) before the session's write-ahead mark (" +
            taken + " taken)";
    }

    /**
     * Compares a journal with the decisions rebuilt: equal, or for an interrupted session a prefix (the rest is
     * counted as taken after the journal's last write).
     */
    String check(final List<?> journaled, final List<?> replayed)
    {
        if (!interrupted || journaled.size() > replayed.size())
        {
            return compare(journaled, replayed);
        }
        final String divergence = compare(journaled, replayed.subList(0, journaled.size()));
        if (null == divergence)
        {
            unjournaled += replayed.size() - journaled.size();
        }
        return divergence;
    }


    /**
     * @return the first difference between the journaled decisions and those replayed, or null if they are equal.
     */
    static String compare(final List<?> journaled, final List<?> replayed)
    {
        final int n = Math.min(journaled.size(), replayed.size());
        for (int i = 0; i < n; i++)
        {
            final Object j = journaled.get(i);
            final Object r = replayed.get(i);
            if (!Objects.equals(j, r))
            {
                final String detail = j instanceof QpStatesChanged jb && r instanceof QpStatesChanged rb ?
                    " (" + jb.firstDifference(rb) + ")" : "";
                return "decision #" + (i + 1) + " journaled " + j + " but replayed " + r + detail;
            }
        }
        if (journaled.size() != replayed.size())
        {
            return journaled.size() + " decisions journaled but " + replayed.size() + " replayed; first extra: " +
                (journaled.size() > n ? "journaled " + journaled.get(n) : "replayed " + replayed.get(n));
        }
        return null;
    }
}
