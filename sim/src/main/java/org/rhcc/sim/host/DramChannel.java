package org.rhcc.sim.host;

import org.rhcc.sim.SimParameters;

/**
 * One channel of the {@link MemoryController} (docs/model.md §4.7): its queues per read class (reads in the RPQ and
 * waiting in front of it) and its WPQ, its READ/WRITE bus mode with the pending turnaround, its refresh, and what it
 * served in the last step. {@link #step(double, double, boolean)} serves one step by the controller's scheduling
 * rules (see {@link MemoryController}); fluid, lines as doubles.
 * <p>
 * <b>Note:</b> allocation-free per step; not thread-safe.
 */
final class DramChannel
{
    static final int READ = 0;
    private static final int WRITE = 1;
    static final double EPS = 1e-9;
    /** Residues below this are flushed to zero: fluid splits would otherwise decay into subnormal doubles, whose
     * arithmetic is two orders of magnitude slower. */
    static final double TINY = 1e-12;

    final double lineNs;
    final double linesPerNs;
    private final double tSwitchNs;
    private final double rpqCap;
    private final double wpqHigh;
    private final double wpqLow;
    private final double drainBatch;
    private final double minReadBurst;
    private final double maxWriteBurst;
    /** Time from one rank's refresh to the next one's in this channel, ns. */
    private final double refreshEveryNs;
    private final double refreshNs;
    /** Share of the channel's bus time a rank's refresh takes: the ranks' share, 1 for a whole channel. */
    private final double refreshedShare;

    // reads of class 0, 1 and 2 (see MemoryController.READ_CLASSES) in the RPQ, waiting in front of it (the CHA's
    // TOR), and served in the last step, lines
    double rpq0;
    double rpq1;
    double rpq2;
    double waiting0;
    double waiting1;
    double waiting2;
    double served0;
    double served1;
    double served2;
    /** WPQ occupancy, lines. */
    double wpq;
    /** Writes served in the last step, lines. */
    double servedWrites;
    /** Bus direction changes so far. */
    long switches;
    /** Bus time left unused in the last step, ns (negative or zero when the step was used up). */
    double budgetNs;
    /** Turnaround time in the last step that an opportunistic drain took from free bus time, ns. */
    double freeTurnNs;

    int mode = READ;
    double turnLeftNs;
    /** Whether the drain in progress, and so its turnarounds, was forced by a full WPQ while reads waited
     * (counts as busy for the utilisation); an opportunistic drain's turnarounds use free time. */
    private boolean turnDisplaces;
    private double refreshLeftNs;
    private double nextRefreshNs;
    double readsSinceDrain;
    double writesSinceSwitch;

    /**
     * @param dram           the DRAM parameters.
     * @param firstRefreshNs the channel's first refresh, ns (channels are staggered).
     */
    DramChannel(final SimParameters.Dram dram, final double firstRefreshNs)
    {
        lineNs = dram.tTransNs() / dram.bankEfficiency();
        linesPerNs = 1.0 / lineNs;
        tSwitchNs = dram.tSwitchNs();
        rpqCap = dram.rpqLines();
        wpqHigh = dram.wpqHighLines();
        wpqLow = dram.wpqLowLines();
        drainBatch = dram.wpqHighLines() - dram.wpqLowLines();
        minReadBurst = dram.minReadBurstLines();
        maxWriteBurst = dram.maxWriteBurstLines();
        refreshEveryNs = dram.refreshIntervalNs() / dram.refreshRanks();
        refreshNs = dram.refreshNs();
        refreshedShare = 1.0 / dram.refreshRanks();
        nextRefreshNs = firstRefreshNs;
    }

    /**
     * Serves one step: admits waiting reads into the RPQ, blocks for refresh, then runs the bus.
     *
     * @param nowNs      start of the step, ns.
     * @param stepNs     step length, ns.
     * @param allClasses false while only read class 0 has ever been enqueued: the other classes hold exact zeros, so
     *                   their sums and shares are left out (adding a zero or scaling by one changes no value), and the
     *                   operations on class 0 are the same, in the same order.
     */
    void step(final double nowNs, final double stepNs, final boolean allClasses)
    {
        servedWrites = 0.0;
        freeTurnNs = 0.0;
        if (allClasses)
        {
            admitAll();
            AllClassesBus.run(this, refresh(nowNs, stepNs));
        }
        else
        {
            admitLocal();
            runBusLocal(refresh(nowNs, stepNs));
        }
        wpq = wpq < TINY ? 0.0 : wpq;
    }

    /**
     * The bus while only read class 0 has ever been enqueued; the state the bus changes on every turn of the loop is
     * kept in locals (the step's hot path).
     */
    private void runBusLocal(final double stepBudgetNs)
    {
        double budgetNs = stepBudgetNs;
        double q0 = rpq0;
        double w = wpq;
        double sinceDrain = readsSinceDrain;
        double drained = writesSinceSwitch;
        served0 = 0.0;
        for (int guard = 0; guard < 8 && budgetNs > EPS; guard++)
        {
            if (turnLeftNs > 0.0)
            {
                budgetNs -= spendTurnaround(budgetNs);
                continue;
            }
            final boolean readsWaiting = q0 > EPS;
            if (READ == mode)
            {
                if (drainDue(w, readsWaiting, sinceDrain))
                {
                    toWrite(readsWaiting);
                    drained = 0.0;
                    continue;
                }
                if (!readsWaiting)
                {
                    break;
                }
                final double lines = budgetNs * linesPerNs;
                final double n = Math.min(q0, lines);
                q0 -= n;
                served0 += n;
                sinceDrain += n;
                budgetNs -= n * lineNs;
                continue;
            }
            final double n = writeLines(budgetNs, w, drained, q0, readsWaiting);
            if (n < 0.0)
            {
                if (!readsWaiting)
                {
                    break;
                }
                toRead();
                sinceDrain = 0.0;
                continue;
            }
            w -= n;
            servedWrites += n;
            drained += n;
            budgetNs -= n * lineNs;
        }
        this.budgetNs = budgetNs;
        rpq0 = q0 < TINY ? 0.0 : q0;
        wpq = w;
        readsSinceDrain = sinceDrain;
        writesSinceSwitch = drained;
    }

    private void admitAll()
    {
        final double w0 = waiting0;
        final double w1 = waiting1;
        final double w2 = waiting2;
        final double waitTotal = w0 + w1 + w2;
        if (waitTotal > 0.0)
        {
            final double space = rpqCap - rpq0 - rpq1 - rpq2;
            if (space > 0.0)
            {
                final double f = space >= waitTotal ? 1.0 : space / waitTotal;
                rpq0 += w0 * f;
                rpq1 += w1 * f;
                rpq2 += w2 * f;
                waiting0 = f >= 1.0 ? 0.0 : w0 - w0 * f;
                waiting1 = f >= 1.0 ? 0.0 : w1 - w1 * f;
                waiting2 = f >= 1.0 ? 0.0 : w2 - w2 * f;
            }
        }
    }

    private void admitLocal()
    {
        final double w0 = waiting0;
        if (w0 > 0.0)
        {
            final double space = rpqCap - rpq0;
            if (space > 0.0)
            {
                if (space >= w0)
                {
                    // f = 1: w0 x f is w0 itself
                    rpq0 += w0;
                    waiting0 = 0.0;
                }
                else
                {
                    final double f = space / w0;
                    rpq0 += w0 * f;
                    waiting0 = f >= 1.0 ? 0.0 : w0 - w0 * f;
                }
            }
        }
    }

    /**
     * Every {@code tREFI / ranks} one rank of the channel is refreshed for {@code tRFC}, and the channel loses the
     * rank's share of its bus time meanwhile (all of it with one rank).
     *
     * @return the bus time left in the step, ns.
     */
    private double refresh(final double nowNs, final double stepNs)
    {
        double budgetNs = stepNs;
        double blockedNs = refreshLeftNs;
        if (nowNs >= nextRefreshNs)
        {
            blockedNs = refreshNs;
            double next = nextRefreshNs + refreshEveryNs;
            if (next <= nowNs)
            {
                next = nowNs + refreshEveryNs;
            }
            nextRefreshNs = next;
        }
        if (blockedNs > 0.0)
        {
            final double use = Math.min(budgetNs, blockedNs);
            blockedNs -= use;
            budgetNs -= use * refreshedShare;
        }
        refreshLeftNs = blockedNs;
        return budgetNs;
    }

    /**
     * @return the bus time the turnaround took, ns.
     */
    double spendTurnaround(final double budgetNs)
    {
        final double use = Math.min(budgetNs, turnLeftNs);
        turnLeftNs -= use;
        if (!turnDisplaces)
        {
            freeTurnNs += use;
        }
        return use;
    }

    /**
     * READ mode drains the WPQ when it reaches W_hi and either a read batch was served since the last drain or no read
     * waits, or when no read waits and it holds at least W_lo (opportunistic drain).
     */
    boolean drainDue(final double w, final boolean readsWaiting, final double sinceDrain)
    {
        return (w >= wpqHigh && (!readsWaiting || sinceDrain >= minReadBurst)) ||
            (!readsWaiting && w >= wpqLow && w > EPS);
    }

    void toWrite(final boolean readsWaiting)
    {
        mode = WRITE;
        turnLeftNs = tSwitchNs;
        turnDisplaces = readsWaiting;
        writesSinceSwitch = 0.0;
        switches++;
    }

    void toRead()
    {
        mode = READ;
        turnLeftNs = tSwitchNs;
        readsSinceDrain = 0.0;
        switches++;
    }

    /**
     * WRITE mode. Every drain writes at least one batch (W_hi - W_lo) before a waiting read may end it, the
     * opportunistic one included: the bus turns around once per batch, not once per arriving read. Reads interrupt a
     * drain only once a read batch has gathered: then the drain stops at W_lo or after maxWriteBurst writes; with
     * fewer reads queued the drain goes on, until the WPQ is empty.
     *
     * @param w        the WPQ, lines.
     * @param drained  lines written since the drain began.
     * @param rpqTotal reads in the RPQ, lines.
     * @return lines to write now (> 0), or -1 when the drain ends.
     */
    double writeLines(final double budgetNs, final double w, final double drained, final double rpqTotal,
        final boolean readsWaiting)
    {
        final boolean readBatch = rpqTotal >= minReadBurst - EPS && readsWaiting;
        final boolean batchDone = drained >= drainBatch - EPS;
        if (w <= EPS || (readsWaiting && batchDone && w <= wpqLow + EPS) ||
            (readBatch && drained >= maxWriteBurst - EPS))
        {
            return -1.0;
        }
        final double lines = budgetNs * linesPerNs;
        double n = Math.min(w, lines);
        if (readsWaiting)
        {
            final double aboveLow = w - wpqLow;
            final double batchLeft = drainBatch - drained;
            n = Math.min(n, batchLeft > aboveLow ? batchLeft : aboveLow);
        }
        if (readBatch)
        {
            final double batchLeft = maxWriteBurst - drained;
            n = Math.min(n, batchLeft);
        }
        return n;
    }
}
