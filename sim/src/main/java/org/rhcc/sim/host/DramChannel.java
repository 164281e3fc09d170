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
    private static final int READ = 0;
    private static final int WRITE = 1;
    private static final double EPS = 1e-9;
    /** Residues below this are flushed to zero: fluid splits would otherwise decay into subnormal doubles, whose
     * arithmetic is two orders of magnitude slower. */
    private static final double TINY = 1e-12;

    private final double lineNs;
    private final double linesPerNs;
    private final double tSwitchNs;
    private final double rpqCap;
    private final double wpqHigh;
    private final double wpqLow;
    private final double drainBatch;
    private final double minReadBurst;
    private final double maxWriteBurst;
    private final double refreshIntervalNs;
    private final double refreshNs;

    /** Reads in the RPQ per read class, lines. */
    final double[] rpq = new double[MemoryController.READ_CLASSES];
    /** Reads waiting in front of the RPQ (the CHA's TOR) per read class, lines. */
    final double[] waiting = new double[MemoryController.READ_CLASSES];
    /** Reads served in the last step per read class, lines. */
    final double[] served = new double[MemoryController.READ_CLASSES];
    /** WPQ occupancy, lines. */
    double wpq;
    /** Writes served in the last step, lines. */
    double servedWrites;
    /** Bus direction changes so far. */
    long switches;
    /** Bus time left unused in the step, ns (negative or zero when the step was used up). */
    double budgetNs;
    /** Turnaround time in the step that an opportunistic drain took from free bus time, ns. */
    double freeTurnNs;

    private int mode = READ;
    private double turnLeftNs;
    /** Whether the drain in progress, and so its turnarounds, was forced by a full WPQ while reads waited
     * (counts as busy for the utilisation); an opportunistic drain's turnarounds use free time. */
    private boolean turnDisplaces;
    private double refreshLeftNs;
    private double nextRefreshNs;
    private double readsSinceDrain;
    private double writesSinceSwitch;

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
        refreshIntervalNs = dram.refreshIntervalNs();
        refreshNs = dram.refreshNs();
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
        if (allClasses)
        {
            admitAll();
        }
        else
        {
            admitLocal();
        }
        budgetNs = stepNs;
        refresh(nowNs);
        served[0] = 0.0;
        served[1] = 0.0;
        served[2] = 0.0;
        servedWrites = 0.0;
        freeTurnNs = 0.0;
        for (int guard = 0; guard < 8 && budgetNs > EPS; guard++)
        {
            if (turnLeftNs > 0.0)
            {
                spendTurnaround();
                continue;
            }
            final double rpqTotal = allClasses ? rpq[0] + rpq[1] + rpq[2] : rpq[0];
            final boolean readsWaiting = rpqTotal > EPS;
            if (!(READ == mode ? readStep(rpqTotal, readsWaiting, allClasses) : writeStep(rpqTotal, readsWaiting)))
            {
                break;
            }
        }
        for (int c = 0; c < rpq.length; c++)
        {
            rpq[c] = rpq[c] < TINY ? 0.0 : rpq[c];
        }
        wpq = wpq < TINY ? 0.0 : wpq;
    }

    private void admitAll()
    {
        final double waitTotal = waiting[0] + waiting[1] + waiting[2];
        if (waitTotal > 0.0)
        {
            final double space = rpqCap - rpq[0] - rpq[1] - rpq[2];
            if (space > 0.0)
            {
                final double f = space >= waitTotal ? 1.0 : space / waitTotal;
                for (int c = 0; c < rpq.length; c++)
                {
                    final double w = waiting[c];
                    rpq[c] += w * f;
                    waiting[c] = f >= 1.0 ? 0.0 : w - w * f;
                }
            }
        }
    }

    private void admitLocal()
    {
        final double w0 = waiting[0];
        if (w0 > 0.0)
        {
            final double space = rpqCap - rpq[0];
            if (space > 0.0)
            {
                if (space >= w0)
                {
                    // f = 1: w0 x f is w0 itself
                    rpq[0] += w0;
                    waiting[0] = 0.0;
                }
                else
                {
                    final double f = space / w0;
                    rpq[0] += w0 * f;
                    waiting[0] = f >= 1.0 ? 0.0 : w0 - w0 * f;
                }
            }
        }
    }

    /**
     * Every {@code tREFI} the channel is blocked for {@code tRFC}.
     */
    private void refresh(final double nowNs)
    {
        double blockedNs = refreshLeftNs;
        if (nowNs >= nextRefreshNs)
        {
            blockedNs = refreshNs;
            double next = nextRefreshNs + refreshIntervalNs;
            if (next <= nowNs)
            {
                next = nowNs + refreshIntervalNs;
            }
            nextRefreshNs = next;
        }
        if (blockedNs > 0.0)
        {
            final double use = Math.min(budgetNs, blockedNs);
            blockedNs -= use;
            budgetNs -= use;
        }
        refreshLeftNs = blockedNs;
    }

    private void spendTurnaround()
    {
        final double use = Math.min(budgetNs, turnLeftNs);
        turnLeftNs -= use;
        budgetNs -= use;
        if (!turnDisplaces)
        {
            freeTurnNs += use;
        }
    }

    /**
     * READ mode: drain the WPQ when it is due, else serve the RPQ FIFO (classes in proportion to their share).
     *
     * @return false when the bus has nothing to do for the rest of the step.
     */
    private boolean readStep(final double rpqTotal, final boolean readsWaiting, final boolean allClasses)
    {
        final double w = wpq;
        if ((w >= wpqHigh && (!readsWaiting || readsSinceDrain >= minReadBurst)) ||
            (!readsWaiting && w >= wpqLow && w > EPS))
        {
            mode = WRITE;
            turnLeftNs = tSwitchNs;
            turnDisplaces = readsWaiting;
            writesSinceSwitch = 0.0;
            switches++;
            return true;
        }
        if (!readsWaiting)
        {
            return false;
        }
        final double lines = budgetNs * linesPerNs;
        final double n = Math.min(rpqTotal, lines);
        if (allClasses)
        {
            serveReads(n, rpqTotal);
        }
        else
        {
            rpq[0] -= n;
            served[0] += n;
        }
        readsSinceDrain += n;
        budgetNs -= n * lineNs;
        return true;
    }

    private void serveReads(final double n, final double rpqTotal)
    {
        final double q0 = rpq[0];
        final double q1 = rpq[1];
        final double q2 = rpq[2];
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
        rpq[0] = q0 - a0;
        rpq[1] = q1 - a1;
        rpq[2] = q2 - a2;
        served[0] += a0;
        served[1] += a1;
        served[2] += a2;
    }

    /**
     * WRITE mode. Every drain writes at least one batch (W_hi - W_lo) before a waiting read may end it, the
     * opportunistic one included: the bus turns around once per batch, not once per arriving read. Reads interrupt a
     * drain only once a read batch has gathered: then the drain stops at W_lo or after maxWriteBurst writes; with
     * fewer reads queued the drain goes on, until the WPQ is empty.
     *
     * @return false when the bus has nothing to do for the rest of the step.
     */
    private boolean writeStep(final double rpqTotal, final boolean readsWaiting)
    {
        final double w = wpq;
        final double drained = writesSinceSwitch;
        final boolean readBatch = rpqTotal >= minReadBurst - EPS && readsWaiting;
        final boolean batchDone = drained >= drainBatch - EPS;
        if (w <= EPS || (readsWaiting && batchDone && w <= wpqLow + EPS) ||
            (readBatch && drained >= maxWriteBurst - EPS))
        {
            if (readsWaiting)
            {
                mode = READ;
                turnLeftNs = tSwitchNs;
                readsSinceDrain = 0.0;
                switches++;
                return true;
            }
            return false;
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
        wpq = w - n;
        servedWrites += n;
        writesSinceSwitch = drained + n;
        budgetNs -= n * lineNs;
        return true;
    }
}
