package org.rhcc.sim.host;

/**
 * The bus of a {@link DramChannel} once reads of more than one class have been enqueued (docs/model.md §4.7): the
 * same scheduling as the channel's class-0 path, with the RPQ served FIFO, classes in proportion to their share of it.
 * Kept apart from the channel's hot class-0 path; works on the channel's state.
 * <p>
 * <b>Note:</b> allocation-free; not thread-safe.
 */
final class AllClassesBus
{
    private AllClassesBus()
    {
    }

    /**
     * The bus over all read classes.
     */
    static void run(final DramChannel ch, final double stepBudgetNs)
    {
        double budgetNs = stepBudgetNs;
        ch.served0 = 0.0;
        ch.served1 = 0.0;
        ch.served2 = 0.0;
        for (int guard = 0; guard < 8 && budgetNs > DramChannel.EPS; guard++)
        {
            final double usedNs;
            if (ch.turnLeftNs > 0.0)
            {
                usedNs = ch.spendTurnaround(budgetNs);
            }
            else
            {
                final double rpqTotal = ch.rpq0 + ch.rpq1 + ch.rpq2;
                final boolean readsWaiting = rpqTotal > DramChannel.EPS;
                usedNs = DramChannel.READ == ch.mode ? readStep(ch, budgetNs, rpqTotal, readsWaiting) :
                    writeStep(ch, budgetNs, rpqTotal, readsWaiting);
                if (usedNs < 0.0)
                {
                    break;
                }
            }
            budgetNs -= usedNs;
        }
        ch.budgetNs = budgetNs;
        ch.rpq0 = ch.rpq0 < DramChannel.TINY ? 0.0 : ch.rpq0;
        ch.rpq1 = ch.rpq1 < DramChannel.TINY ? 0.0 : ch.rpq1;
        ch.rpq2 = ch.rpq2 < DramChannel.TINY ? 0.0 : ch.rpq2;
    }

    /**
     * READ mode over all read classes: drain the WPQ when it is due, else serve the RPQ FIFO (classes in proportion to
     * their share).
     *
     * @return the bus time used, ns (0 for a change of direction, whose turnaround follows), or -1 when the bus has
     * nothing to do for the rest of the step.
     */
    private static double readStep(final DramChannel ch, final double budgetNs, final double rpqTotal,
        final boolean readsWaiting)
    {
        if (ch.drainDue(ch.wpq, readsWaiting, ch.readsSinceDrain))
        {
            ch.toWrite(readsWaiting);
            return 0.0;
        }
        if (!readsWaiting)
        {
            return -1.0;
        }
        final double lines = budgetNs * ch.linesPerNs;
        final double n = Math.min(rpqTotal, lines);
        serveReads(ch, n, rpqTotal);
        ch.readsSinceDrain += n;
        return n * ch.lineNs;
    }

    private static void serveReads(final DramChannel ch, final double n, final double rpqTotal)
    {
        final double q0 = ch.rpq0;
        final double q1 = ch.rpq1;
        final double q2 = ch.rpq2;
        final double a0;
        final double a1;
        final double a2;
        if (0.0 == q1 && 0.0 == q2)
        {
            a0 = n;
            a1 = 0.0;
            a2 = 0.0;
        }
        else if (0.0 == q0 && 0.0 == q2)
        {
            a0 = 0.0;
            a1 = n;
            a2 = 0.0;
        }
        else
        {
            final double f = n / rpqTotal;
            a0 = q0 * f;
            a1 = q1 * f;
            a2 = q2 * f;
        }
        ch.rpq0 = q0 - a0;
        ch.rpq1 = q1 - a1;
        ch.rpq2 = q2 - a2;
        ch.served0 += a0;
        ch.served1 += a1;
        ch.served2 += a2;
    }

    /**
     * WRITE mode over all read classes.
     *
     * @return the bus time used, ns (0 for a change of direction, whose turnaround follows), or -1 when the bus has
     * nothing to do for the rest of the step.
     */
    private static double writeStep(final DramChannel ch, final double budgetNs, final double rpqTotal,
        final boolean readsWaiting)
    {
        final double n = ch.writeLines(budgetNs, ch.wpq, ch.writesSinceSwitch, rpqTotal, readsWaiting);
        if (n < 0.0)
        {
            if (readsWaiting)
            {
                ch.toRead();
                return 0.0;
            }
            return -1.0;
        }
        ch.wpq = ch.wpq - n;
        ch.servedWrites += n;
        ch.writesSinceSwitch = ch.writesSinceSwitch + n;
        return n * ch.lineNs;
    }
}
