package org.rhcc.sim.host;

import org.rhcc.sim.SimParameters;

/**
 * CPU memory traffic of the receiver host (docs/model.md §4.8, §4.9): two groups of MLC-like threads, group 0 on the NIC's
 * socket (local) and group 1 on the other socket (cross-NUMA), each issuing a 1:1 read/write stream, and optionally
 * group 2, a latency-critical service on the NIC's socket in its own COS group (the protected CPU class), with its own
 * read class in the memory controller and its own writeback class in the CHA backlog. Group 2 follows the local group's
 * rules (no UPI); without threads it is never stepped, so the two-group model is unchanged.
 * <p>
 * Per group g with {@code n_g} threads, MLP {@code m} and {@code M_g = n_g m} line-fill buffers:
 * <ul>
 *   <li>issue per step {@code min(n_g dt / tau_g, M_g - X_g - H_g)} with {@code tau_g = max(tau_inj, d_mba)}: MLC's
 *   injection delay or the MBA request spacing, whichever is longer, bounded by free line-fill buffers ({@code X_g}
 *   reads outstanding, {@code H_g} writebacks not yet admitted by the CHA). MBA is a per-core request-rate controller
 *   between the core and the mesh ([MBA]: "a programmable bandwidth controller"), so a core that already issues more
 *   slowly than it allows is not slowed by its spacing. This departs from {@code tau_inj + d_mba} (docs/model.md §4.9):
 *   with the sum, the paced 3x generator would fall to 14 GB/s at level 2 and give the NIC its full rate there,
 *   against the paper's step-by-step recovery (B13); with the maximum, the 3x generator under levels 1..5 yields the
 *   same bandwidths as the saturating generator the delays were fitted with (A3), and A3 is unchanged;</li>
 *   <li>a read holds its buffer for the MBA delay ([MBA]: the throttle sits between L2 and the mesh), the request
 *   path ({@code L0_r / 2}, plus half the UPI round trip when remote), the RPQ wait and service, and the return
 *   path ({@code tCL + tTrans + p_rm (tRCD + tRP) + L0_r / 2}, plus the UPI half trip and the UPI data queue when
 *   remote), plus the memory controller's burst-queueing wait ({@link MemoryController#burstWaitNs()});</li>
 *   <li>every completed read creates {@code w / (1 - w)} writebacks (1 for MLC's 1:1 mix) that reach the CHA after
 *   the C2M-Write latency (plus half a UPI trip when remote) and hold a line-fill buffer until admitted;</li>
 *   <li>a fraction {@code kappa_dir} of remote reads also writes the memory directory ([DIR]).</li>
 *   <li>a paused group (hostCC's SIGSTOP of the memory-heavy process) issues no new reads; reads already issued
 *   travel on and complete, and their writebacks are admitted as usual, so the group drains within about one
 *   memory round trip.</li>
 * </ul>
 * Memory addresses interleave evenly over the channels.
 * <p>
 * <b>Note:</b> allocation-free per step; not thread-safe.
 */
public final class CpuTrafficModel
{
    /** Group index of the NIC socket's cores. */
    public static final int LOCAL = 0;
    /** Group index of the other socket's cores. */
    public static final int REMOTE = 1;
    /** Group index of the protected CPU service's cores (NIC socket, own COS group). */
    public static final int PROTECTED = 2;
    /** Number of groups. */
    public static final int GROUPS = 3;

    private final double stepNs;
    private final double stepsPerNs;
    private final int channels;
    private final double coreReadPathNs;
    private final double returnFixedNs;
    private final double rowMissCostNs;
    private final double upiHalfNs;
    private final double upiLinesPerStep;
    private final double writebackDelayNs;
    private final double directoryWriteFraction;
    private final double writesPerRead;

    private final CoreGroup local;
    private final CoreGroup remote;
    private final CoreGroup protectedService;
    private final CoreGroup[] groups;
    private final CoreGroup[] activeGroups;
    private double upiQueue;
    private double rowMissProbability;
    private double localReturnSteps;
    private double remoteReturnSteps;
    private double lastLocalCompletions;

    /**
     * @param dram              DRAM parameters (latency constants, channels).
     * @param cpu               CPU parameters (MLP, UPI, directory).
     * @param mba               MBA parameters (largest delay, resctrl's 10 % included, to size the delay lines).
     * @param stepNs            host step, ns.
     * @param localThreads      threads of group 0.
     * @param localDelayNs      injection delay of group 0, ns.
     * @param remoteThreads     threads of group 1.
     * @param remoteDelayNs     injection delay of group 1, ns.
     * @param writesPerRead     writebacks per read, {@code w / (1 - w)}: 1 for MLC's 1:1 mix, 0 for read-only.
     * @param protectedThreads  threads of group 2, the protected service (0 for none).
     * @param protectedDelayNs  injection delay of group 2, ns.
     */
    public CpuTrafficModel(
        final SimParameters.Dram dram,
        final SimParameters.Cpu cpu,
        final SimParameters.Mba mba,
        final double stepNs,
        final int localThreads,
        final double localDelayNs,
        final int remoteThreads,
        final double remoteDelayNs,
        final double writesPerRead,
        final int protectedThreads,
        final double protectedDelayNs)
    {
        if (!(writesPerRead >= 0.0 && writesPerRead <= 16.0))
        {
            throw new IllegalArgumentException("writesPerRead = " + writesPerRead + " must be within 0..16");
        }
        this.writesPerRead = writesPerRead;
        this.stepNs = stepNs;
        this.stepsPerNs = 1.0 / stepNs;
        this.channels = dram.channels();
        this.coreReadPathNs = dram.coreReadPathNs();
        this.returnFixedNs = dram.tCasNs() + dram.tTransNs();
        this.rowMissCostNs = dram.tRcdNs() + dram.tRpNs();
        this.upiHalfNs = cpu.upiLatencyNs() / 2.0;
        this.upiLinesPerStep = cpu.upiGBps() * stepNs / 64.0;
        this.writebackDelayNs = cpu.writebackDelayNs();
        this.directoryWriteFraction = cpu.directoryWriteFraction();
        final double maxMbaNs = mba.maxDelayNs();
        final int requestMax = (int)steps(maxMbaNs + coreReadPathNs + upiHalfNs) + 3;
        final int returnMax = (int)steps(returnFixedNs + rowMissCostNs + coreReadPathNs + upiHalfNs +
            MemoryController.readWaitMaxNs(dram)) + 3;
        final int writebackMax = (int)steps(writebackDelayNs + upiHalfNs) + 3;
        local = new CoreGroup(LOCAL, WriteBacklog.CPU_LOCAL, localThreads, cpu.mlpPerThread(), localDelayNs, requestMax,
            returnMax, writebackMax, steps(writebackDelayNs));
        remote = new CoreGroup(REMOTE, WriteBacklog.CPU_REMOTE, remoteThreads, cpu.mlpPerThread(), remoteDelayNs,
            requestMax, returnMax, writebackMax, steps(writebackDelayNs + upiHalfNs));
        protectedService = new CoreGroup(PROTECTED, WriteBacklog.CPU_PROTECTED, protectedThreads, cpu.mlpPerThread(),
            protectedDelayNs, requestMax, returnMax, writebackMax, steps(writebackDelayNs));
        groups = new CoreGroup[]{ local, remote, protectedService };
        final CoreGroup[] mlcGroups = 0 == localThreads ?
            (0 == remoteThreads ? new CoreGroup[0] : new CoreGroup[]{ remote }) :
            (0 == remoteThreads ? new CoreGroup[]{ local } : new CoreGroup[]{ local, remote });
        if (protectedThreads > 0)
        {
            activeGroups = java.util.Arrays.copyOf(mlcGroups, mlcGroups.length + 1);
            activeGroups[mlcGroups.length] = protectedService;
        }
        else
        {
            activeGroups = mlcGroups;
        }
        final int streams = localThreads + remoteThreads;
        setStreams(streams, dram);
        mbaDelayNs(LOCAL, 0.0);
        mbaDelayNs(REMOTE, 0.0);
        mbaDelayNs(PROTECTED, 0.0);
    }

    private double steps(final double ns)
    {
        return Math.max(1.0, ns / stepNs);
    }

    private void setStreams(final int streams, final SimParameters.Dram dram)
    {
        final double x = dram.rowMissStreams() <= 1 ? 1.0 :
            Math.min(1.0, Math.max(0.0, (streams - 1.0) / (dram.rowMissStreams() - 1.0)));
        rowMissProbability = dram.rowMissLow() + (dram.rowMissHigh() - dram.rowMissLow()) * x;
        final double returnNs = returnFixedNs + rowMissProbability * rowMissCostNs + coreReadPathNs / 2.0;
        localReturnSteps = steps(returnNs);
        remoteReturnSteps = steps(returnNs + upiHalfNs);
    }

    /**
     * Sets the row-miss probability from the number of concurrent access streams (cores plus NIC), docs/model.md §4.7.
     *
     * @param streams concurrent streams.
     * @param dram    DRAM parameters.
     */
    public void streams(final int streams, final SimParameters.Dram dram)
    {
        setStreams(streams, dram);
    }

    /**
     * Applies an MBA delay to a group (the level change has already waited its actuation latency).
     *
     * @param group   {@link #LOCAL}, {@link #REMOTE} or {@link #PROTECTED}.
     * @param delayNs the level's request delay: the minimum spacing of a thread's requests and the time each request
     *                waits in the throttle, ns.
     */
    public void mbaDelayNs(final int group, final double delayNs)
    {
        final CoreGroup g = groups[group];
        g.mbaDelayNs = delayNs;
        g.requestSteps = steps(delayNs + coreReadPathNs / 2.0 + (REMOTE == group ? upiHalfNs : 0.0));
        g.requestWholeSteps = g.requestRing.wholeStepsOf(g.requestSteps);
        g.requestLateShare = g.requestRing.lateShareOf(g.requestSteps);
        final double tau = Math.max(g.injectionDelayNs, delayNs);
        g.pacedPerStep = tau > 0.0 ? g.threads * stepNs / tau : Double.MAX_VALUE;
    }

    /**
     * Pauses or resumes a group's threads (the level change has already waited its actuation latency). A paused group
     * issues nothing; its outstanding reads and writebacks complete. Its MBA delay is kept for when it resumes.
     *
     * @param group  {@link #LOCAL}, {@link #REMOTE} or {@link #PROTECTED}.
     * @param paused true to stop issuing, false to resume.
     */
    public void paused(final int group, final boolean paused)
    {
        groups[group].paused = paused;
    }

    /**
     * @param group a group.
     * @return true while the group is paused.
     */
    public boolean paused(final int group)
    {
        return groups[group].paused;
    }

    /**
     * First half of a step: reads that completed at the cores release their buffers and spawn writebacks; writebacks
     * reaching the CHA start waiting for admission; requests reaching the memory controller enter the RPQs; new
     * requests are issued.
     *
     * @param mc      the memory controller.
     * @param backlog the CHA write backlog.
     */
    public void issue(final MemoryController mc, final WriteBacklog backlog)
    {
        for (final CoreGroup g : activeGroups)
        {
            final double done = g.returnRing.advance();
            if (done > 0.0)
            {
                g.outstanding = flush(g.outstanding - done);
                g.completedReads += done;
                final double wb = done * writesPerRead;
                g.writebacksHeld += wb;
                g.writebackRing.addSplit(g.writebackWholeSteps, g.writebackLateShare, wb);
                if (REMOTE != g.index)
                {
                    lastLocalCompletions += done;
                }
            }
            final double wbArrived = g.writebackRing.advance();
            if (wbArrived > 0.0)
            {
                backlog.offer(g.writebackClass, wbArrived);
            }
            final double arrived = g.requestRing.advance();
            if (arrived > 0.0)
            {
                mc.enqueueReadInterleaved(g.index, arrived);
            }
            final double n = g.paused ? 0.0 : Math.min(g.pacedPerStep, g.mlpLines - g.outstanding - g.writebacksHeld);
            if (n > 0.0)
            {
                g.outstanding += n;
                g.issuedReads += n;
                g.requestRing.addSplit(g.requestWholeSteps, g.requestLateShare, n);
            }
            g.outstandingIntegral += g.outstanding * stepNs;
        }
    }

    /**
     * Second half of a step: admitted writebacks release their buffers; served reads start their return trip;
     * remote reads queue for UPI and may write the directory.
     *
     * @param mc      the memory controller after its service of this step.
     * @param backlog the CHA write backlog after its admission of this step.
     */
    public void complete(final MemoryController mc, final WriteBacklog backlog)
    {
        final CoreGroup l = local;
        final CoreGroup r = remote;
        l.writebacksHeld = flush(l.writebacksHeld - backlog.admitted(WriteBacklog.CPU_LOCAL));
        if (r.threads > 0)
        {
            r.writebacksHeld = flush(r.writebacksHeld - backlog.admitted(WriteBacklog.CPU_REMOTE));
        }
        final double localServed = mc.lastServedReads(LOCAL);
        final double remoteServed = mc.lastServedReads(REMOTE);
        final double burstSteps = mc.burstWaitNs() * stepsPerNs;
        if (localServed > 0.0)
        {
            l.returnRing.add(localReturnSteps + burstSteps, localServed);
        }
        if (remoteServed > 0.0 || upiQueue > 0.0)
        {
            upiQueue += remoteServed;
            final double sent = Math.min(upiQueue, upiLinesPerStep);
            upiQueue = flush(upiQueue - sent);
            if (sent > 0.0)
            {
                r.returnRing.add(remoteReturnSteps + burstSteps, sent);
            }
            if (remoteServed > 0.0 && directoryWriteFraction > 0.0)
            {
                backlog.offer(WriteBacklog.DIRECTORY, remoteServed * directoryWriteFraction);
            }
        }
        final CoreGroup p = protectedService;
        if (p.threads > 0)
        {
            p.writebacksHeld = flush(p.writebacksHeld - backlog.admitted(WriteBacklog.CPU_PROTECTED));
            final double protectedServed = mc.lastServedReads(PROTECTED);
            if (protectedServed > 0.0)
            {
                p.returnRing.add(localReturnSteps + burstSteps, protectedServed);
            }
        }
    }

    private static double flush(final double v)
    {
        return v < 1e-12 ? 0.0 : v;
    }

    /**
     * @param group a group.
     * @return threads of the group.
     */
    public int threads(final int group)
    {
        return groups[group].threads;
    }

    /**
     * @param group a group.
     * @return reads completed so far, lines.
     */
    public double completedReads(final int group)
    {
        return groups[group].completedReads;
    }

    /**
     * @param group a group.
     * @return integral of outstanding reads over time, line x ns (Little: divided by completions = mean latency).
     */
    public double outstandingIntegral(final int group)
    {
        return groups[group].outstandingIntegral;
    }

    /**
     * @param group a group.
     * @return line-fill buffers held by reads and unadmitted writebacks.
     */
    public double buffersHeld(final int group)
    {
        final CoreGroup g = groups[group];
        return g.outstanding + g.writebacksHeld;
    }

    /**
     * @param group {@link #REMOTE} (the other groups' request lines keep no content total).
     * @return reads of the group past their request path: at the home agent, in the memory controller or on their
     * way back to the core (the UPI return included for remote reads), lines.
     * @throws IllegalStateException for another group.
     */
    public double readsAtHome(final int group)
    {
        final CoreGroup g = groups[group];
        final double v = g.outstanding - g.requestRing.content();
        return v > 0.0 ? v : 0.0;
    }

    /**
     * @return reads of the NIC socket's cores (the local group and the protected service) completed since the last
     * call (their LLC fills), lines.
     */
    public double takeLocalFills()
    {
        final double v = lastLocalCompletions;
        lastLocalCompletions = 0.0;
        return v;
    }
}
