package org.rhcc.sim.host;

import org.rhcc.sim.SimParameters;

/**
 * The NIC's posted-write path into the host (docs/model.md §4.3-§4.5): the PCIe link with its posted credits, and the IIO
 * write buffer in front of the LLC.
 * <pre>
 *   credits_free = C_iio - F_fwd - O_io - F_ret                 (lines; F = lines on the link either way)
 *   issue        = 0 if credits_free &lt; L_tlp, else min(PCIe tokens, credits_free, data)
 *   O_io         = lines in their L_llc phase + lines whose DDIO victim waits for CHA admission
 * </pre>
 * A line arriving from the link needs a home-agent tracker (TOR) entry for its CHA phase; K_tor entries are shared
 * with remote core reads at the home, in proportion to demand once oversubscribed ([HN] §5.2 CHA admission delay),
 * and a line that waits for one keeps its IIO entry. A line in its CHA phase stays {@code L_llc}; then a DDIO hit (probability {@code p_hit}) or a clean victim
 * releases it at once, while a dirty victim ({@code p_dirty}) holds the entry until the victim's writeback has passed
 * the CHA write backlog ({@link WriteBacklog}) into a WPQ: the P2M-Write credit domain of [HN] §4 extends to the
 * memory controller's WPQ admission, plus the memory controller's burst-queueing wait at that admission
 * ({@link MemoryController#burstWaitNs()}, [HN] §5 admission delay). With DDIO off every line is written to memory the same way. A released entry's
 * credit reaches the NIC one PCIe latency later (UpdateFC).
 * <p>
 * PCIe bandwidth is a token bucket of at most one TLP at {@code B_pcie}; the caller (the NIC's DMA engine) splits the
 * issue among its sources.
 * <p>
 * <b>Note:</b> allocation-free per step; not thread-safe.
 */
public final class IoPath
{
    private final double credits;
    private final double tlpLines;
    private final double tokensPerStep;
    private final int pcieSteps;
    private final int llcSteps;
    private final boolean ddio;
    private final double dirtyProbability;
    private final CalendarRing forward;
    private final CalendarRing llc;
    private final CalendarRing creditReturn;
    private final CalendarRing admission;
    private final double stepsPerNs;
    private double tokens;
    private double hitProbability;
    private double ioWaiting;
    private double trackerWaiting;
    private final double trackerLines;
    private double remoteReadsAtHome;
    private double releasedThisStep;

    private double cumOffered;
    private double cumAdmitted;
    private double arrivedLines;
    private double trackerEnteredLines;
    private double releasedLines;
    private double missLines;
    private double llcExitLines;

    /**
     * @param io     IIO/DDIO parameters.
     * @param pcie   PCIe parameters.
     * @param stepNs host step, ns.
     * @param burstWaitMaxNs the memory controller's largest burst-queueing wait, ns.
     */
    public IoPath(final SimParameters.Io io, final SimParameters.Pcie pcie, final double stepNs,
        final double burstWaitMaxNs)
    {
        credits = io.creditsLines();
        tlpLines = pcie.mpsBytes() / 64.0;
        tokensPerStep = pcie.usableGbps() * stepNs / 512.0;
        pcieSteps = Math.max(1, (int)Math.round(pcie.latencyNs() / stepNs));
        llcSteps = Math.max(1, (int)Math.round(io.llcLatencyNs() / stepNs));
        ddio = io.ddio();
        dirtyProbability = io.ddio() ? io.victimDirtyProbability() : 1.0;
        forward = new CalendarRing(pcieSteps + 1);
        llc = new CalendarRing(llcSteps + 1);
        creditReturn = new CalendarRing(pcieSteps + 1);
        admission = new CalendarRing((int)Math.ceil(burstWaitMaxNs / stepNs) + 3);
        stepsPerNs = 1.0 / stepNs;
        hitProbability = io.ddio() ? 1.0 : 0.0;
        trackerLines = io.homeTrackerLines();
    }

    /**
     * Start of a step: credit updates arrive at the NIC, lines ending their LLC phase are released or start waiting
     * for write admission, TLPs arriving from the link enter the IIO, and IIO lines get tracker entries for their
     * CHA phase: {@code allowance = demand} while {@code demand + remote <= K_tor}, else
     * {@code K_tor demand / (demand + remote)}, with {@code demand} the lines in or waiting for their CHA phase.
     *
     * @param backlog the CHA write backlog victims wait for.
     */
    public void advance(final WriteBacklog backlog)
    {
        creditReturn.advance();
        tokens = Math.min(tlpLines, tokens + tokensPerStep);
        final double out = llc.advance();
        releasedThisStep = 0.0;
        if (out > 0.0)
        {
            llcExitLines += out;
            final double miss = ddio ? out * (1.0 - hitProbability) : out;
            missLines += miss;
            final double held = miss * dirtyProbability;
            if (held > 0.0)
            {
                backlog.offer(WriteBacklog.IO, held);
                ioWaiting += held;
                cumOffered += held;
            }
            releasedThisStep = out - held;
        }
        final double arrived = forward.advance();
        if (arrived > 0.0)
        {
            trackerWaiting += arrived;
            arrivedLines += arrived;
        }
        if (trackerWaiting > 0.0)
        {
            final double inLlc = llc.content();
            final double demand = inLlc + trackerWaiting;
            final double total = demand + remoteReadsAtHome;
            final double allowance = total <= trackerLines ? demand : trackerLines * demand / total;
            final double free = allowance - inLlc;
            final double enter = free >= trackerWaiting ? trackerWaiting : (free > 0.0 ? free : 0.0);
            if (enter > 0.0)
            {
                llc.add(llcSteps, enter);
                trackerEnteredLines += enter;
                trackerWaiting = trackerWaiting - enter < 1e-12 ? 0.0 : trackerWaiting - enter;
            }
        }
    }

    /**
     * @return posted credits the NIC holds, lines.
     */
    public double creditsFree()
    {
        return credits - forward.content() - trackerWaiting - llc.content() - ioWaiting - creditReturn.content();
    }

    /**
     * @return true when the NIC may start a TLP now (at least one TLP's worth of credits).
     */
    public boolean canIssue()
    {
        return canIssue(creditsFree());
    }

    /**
     * @param creditsFree {@link #creditsFree()} now (for a caller that needs it as well).
     * @return true when the NIC may start a TLP with that many free credits.
     */
    public boolean canIssue(final double creditsFree)
    {
        return creditsFree >= tlpLines - 1e-9;
    }

    /**
     * @return lines the NIC may put on the link this step: 0 without a TLP's worth of credits, else the smaller of
     * the PCIe tokens and the free credits.
     */
    public double issueBudget()
    {
        final double free = creditsFree();
        if (free < tlpLines - 1e-9)
        {
            return 0.0;
        }
        return Math.min(tokens, free);
    }

    /**
     * @return lines of PCIe bandwidth available this step regardless of credits (for small records).
     */
    public double tokens()
    {
        return tokens;
    }

    /**
     * The NIC puts lines on the link.
     *
     * @param lines lines issued, at most {@link #issueBudget()} (or one line for a record when a credit is free).
     */
    public void issue(final double lines)
    {
        tokens -= lines;
        forward.add(pcieSteps, lines);
    }

    /**
     * After the CHA admitted victims: their IIO entries are released once the WPQ admission's burst-queueing wait
     * has passed, and every entry released this step returns its credit to the NIC one PCIe latency later.
     *
     * @param backlog     the CHA write backlog after {@link WriteBacklog#step(MemoryController)}.
     * @param burstWaitNs the memory controller's burst-queueing wait now, ns.
     */
    public void afterAdmission(final WriteBacklog backlog, final double burstWaitNs)
    {
        final double moved = backlog.ioToWpq();
        if (moved > 0.0)
        {
            if (burstWaitNs > 0.0)
            {
                admission.add(1.0 + burstWaitNs * stepsPerNs, moved);
            }
            else
            {
                release(moved);
            }
        }
        if (admission.content() > 0.0)
        {
            final double admitted = admission.advance();
            if (admitted > 0.0)
            {
                release(admitted);
            }
        }
        if (releasedThisStep > 0.0)
        {
            releasedLines += releasedThisStep;
            creditReturn.add(pcieSteps, releasedThisStep);
        }
    }

    private void release(final double admitted)
    {
        ioWaiting = ioWaiting - admitted < 1e-12 ? 0.0 : ioWaiting - admitted;
        cumAdmitted += admitted;
        releasedThisStep += admitted;
    }

    /**
     * @param lines remote core reads holding a home-tracker entry now (from their arrival at the home until their
     *              data reaches the remote core), lines.
     */
    public void remoteReadsAtHome(final double lines)
    {
        remoteReadsAtHome = lines;
    }

    /**
     * @param pHit DDIO hit probability for the next lines leaving their LLC phase.
     */
    public void hitProbability(final double pHit)
    {
        hitProbability = ddio ? pHit : 0.0;
    }

    /**
     * @return DDIO hit probability in force.
     */
    public double hitProbability()
    {
        return hitProbability;
    }

    /**
     * @return true when DDIO is on.
     */
    public boolean ddio()
    {
        return ddio;
    }

    /**
     * @return probability that a line leaving its LLC phase must wait for write admission.
     */
    public double holdProbability()
    {
        return ddio ? (1.0 - hitProbability) * dirtyProbability : 1.0;
    }

    /**
     * @return IIO write-buffer occupancy O_io, lines.
     */
    public double occupancy()
    {
        return trackerWaiting + llc.content() + ioWaiting;
    }

    /**
     * @return lines on the link toward the host, lines.
     */
    public double inFlight()
    {
        return forward.content();
    }

    /**
     * @return cumulative lines that started waiting for write admission (FIFO position counter).
     */
    public double cumulativeOffered()
    {
        return cumOffered;
    }

    /**
     * @return cumulative lines admitted after waiting (FIFO position counter).
     */
    public double cumulativeAdmitted()
    {
        return cumAdmitted;
    }

    /**
     * @return lines that entered the IIO so far.
     */
    public double arrivedLines()
    {
        return arrivedLines;
    }

    /**
     * @return lines that got a home-tracker entry and started their LLC phase so far (lines enter in arrival order).
     */
    public double trackerEnteredLines()
    {
        return trackerEnteredLines;
    }

    /**
     * @return lines released by the IIO so far.
     */
    public double releasedLines()
    {
        return releasedLines;
    }

    /**
     * @return lines that missed the DDIO ways so far.
     */
    public double missLines()
    {
        return missLines;
    }

    /**
     * @return lines that left their LLC phase so far (hits + misses).
     */
    public double llcExitLines()
    {
        return llcExitLines;
    }

    /**
     * @return the PCIe one-way latency in steps.
     */
    public int pcieSteps()
    {
        return pcieSteps;
    }

    /**
     * @return the L_llc phase in steps.
     */
    public int llcSteps()
    {
        return llcSteps;
    }
}
