package org.rhcc.sim.host;

import org.rhcc.sim.SimParameters;

/**
 * CPU memory traffic of the receiver host (model.md §4.8, §4.9): two groups of MLC-like threads, group 0 on the NIC's
 * socket (local) and group 1 on the other socket (cross-NUMA), each issuing a 1:1 read/write stream.
 * <p>
 * Per group g with {@code n_g} threads, MLP {@code m} and {@code M_g = n_g m} line-fill buffers:
 * <ul>
 *   <li>issue per step {@code min(n_g dt / tau_g, M_g - X_g - H_g)} with {@code tau_g = tau_inj + d_mba}: pacing by
 *   MLC's injection delay plus the MBA delay, bounded by free line-fill buffers ({@code X_g} reads outstanding,
 *   {@code H_g} writebacks not yet admitted by the CHA);</li>
 *   <li>a read holds its buffer for the MBA delay ([MBA]: the throttle sits between L2 and the mesh), the request
 *   path ({@code L0_r / 2}, plus half the UPI round trip when remote), the RPQ wait and service, and the return
 *   path ({@code tCL + tTrans + p_rm (tRCD + tRP) + L0_r / 2}, plus the UPI half trip and the UPI data queue when
 *   remote), plus the memory controller's burst-queueing wait ({@link MemoryController#burstWaitNs()});</li>
 *   <li>every completed read creates {@code w / (1 - w)} writebacks (1 for MLC's 1:1 mix) that reach the CHA after
 *   the C2M-Write latency (plus half a UPI trip when remote) and hold a line-fill buffer until admitted;</li>
 *   <li>a fraction {@code kappa_dir} of remote reads also writes the memory directory ([DIR]).</li>
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
    /** Number of groups. */
    public static final int GROUPS = 2;

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

    private final int[] threads;
    private final double[] mlpLines;
    private final double[] injectionDelayNs;
    private final double[] mbaDelayNs;
    private final double[] outstanding;
    private final double[] writebacksHeld;
    private final CalendarRing[] requestRing;
    private final CalendarRing[] returnRing;
    private final CalendarRing[] writebackRing;
    private double upiQueue;
    private double rowMissProbability;
    private final double[] requestSteps = new double[GROUPS];
    private final double[] pacedPerStep = new double[GROUPS];
    private final double[] writebackSteps = new double[GROUPS];
    private final int[] requestWholeSteps = new int[GROUPS];
    private final double[] requestLateShare = new double[GROUPS];
    private final int[] writebackWholeSteps = new int[GROUPS];
    private final double[] writebackLateShare = new double[GROUPS];
    private final int[] activeGroups;
    private final boolean remoteActive;
    private double localReturnSteps;
    private double remoteReturnSteps;

    private final double[] completedReads;
    private final double[] outstandingIntegral;
    private final double[] issuedReads;
    private double lastLocalCompletions;

    /**
     * @param dram           DRAM parameters (latency constants, channels).
     * @param cpu            CPU parameters (MLP, UPI, directory).
     * @param mba            MBA parameters (largest delay, to size the delay lines).
     * @param stepNs         host step, ns.
     * @param localThreads   threads of group 0.
     * @param localDelayNs   injection delay of group 0, ns.
     * @param remoteThreads  threads of group 1.
     * @param remoteDelayNs  injection delay of group 1, ns.
     * @param writesPerRead  writebacks per read, {@code w / (1 - w)}: 1 for MLC's 1:1 mix, 0 for read-only.
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
        final double writesPerRead)
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
        threads = new int[]{ localThreads, remoteThreads };
        mlpLines = new double[]{
            (double)localThreads * cpu.mlpPerThread(), (double)remoteThreads * cpu.mlpPerThread() };
        injectionDelayNs = new double[]{ localDelayNs, remoteDelayNs };
        mbaDelayNs = new double[GROUPS];
        outstanding = new double[GROUPS];
        writebacksHeld = new double[GROUPS];
        completedReads = new double[GROUPS];
        outstandingIntegral = new double[GROUPS];
        issuedReads = new double[GROUPS];
        final double maxMbaNs = mba.delayNsOf(mba.levelCount());
        final int requestMax = (int)steps(maxMbaNs + coreReadPathNs + upiHalfNs) + 3;
        final int returnMax = (int)steps(returnFixedNs + rowMissCostNs + coreReadPathNs + upiHalfNs +
            MemoryController.readWaitMaxNs(dram)) + 3;
        final int writebackMax = (int)steps(writebackDelayNs + upiHalfNs) + 3;
        requestRing = new CalendarRing[]{ new CalendarRing(requestMax), new CalendarRing(requestMax) };
        returnRing = new CalendarRing[]{ CalendarRing.untallied(returnMax), CalendarRing.untallied(returnMax) };
        writebackRing = new CalendarRing[]{
            CalendarRing.untallied(writebackMax), CalendarRing.untallied(writebackMax) };
        final int streams = localThreads + remoteThreads;
        setStreams(streams, dram);
        writebackSteps[LOCAL] = steps(writebackDelayNs);
        writebackSteps[REMOTE] = steps(writebackDelayNs + upiHalfNs);
        for (int g = 0; g < GROUPS; g++)
        {
            writebackWholeSteps[g] = writebackRing[g].wholeStepsOf(writebackSteps[g]);
            writebackLateShare[g] = writebackRing[g].lateShareOf(writebackSteps[g]);
        }
        activeGroups = 0 == localThreads ? (0 == remoteThreads ? new int[0] : new int[]{ REMOTE }) :
            (0 == remoteThreads ? new int[]{ LOCAL } : new int[]{ LOCAL, REMOTE });
        remoteActive = remoteThreads > 0;
        mbaDelayNs(LOCAL, 0.0);
        mbaDelayNs(REMOTE, 0.0);
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
     * Sets the row-miss probability from the number of concurrent access streams (cores plus NIC), model.md §4.7.
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
     * @param group   {@link #LOCAL} or {@link #REMOTE}.
     * @param delayNs added request delay, ns.
     */
    public void mbaDelayNs(final int group, final double delayNs)
    {
        mbaDelayNs[group] = delayNs;
        requestSteps[group] = steps(delayNs + coreReadPathNs / 2.0 + (REMOTE == group ? upiHalfNs : 0.0));
        requestWholeSteps[group] = requestRing[group].wholeStepsOf(requestSteps[group]);
        requestLateShare[group] = requestRing[group].lateShareOf(requestSteps[group]);
        final double tau = injectionDelayNs[group] + delayNs;
        pacedPerStep[group] = tau > 0.0 ? threads[group] * stepNs / tau : Double.MAX_VALUE;
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
        final int[] active = activeGroups;
        for (int k = 0; k < active.length; k++)
        {
            final int g = active[k];
            final double done = returnRing[g].advance();
            if (done > 0.0)
            {
                outstanding[g] = flush(outstanding[g] - done);
                completedReads[g] += done;
                final double wb = done * writesPerRead;
                writebacksHeld[g] += wb;
                writebackRing[g].addSplit(writebackWholeSteps[g], writebackLateShare[g], wb);
                if (LOCAL == g)
                {
                    lastLocalCompletions += done;
                }
            }
            final double wbArrived = writebackRing[g].advance();
            if (wbArrived > 0.0)
            {
                backlog.offer(LOCAL == g ? WriteBacklog.CPU_LOCAL : WriteBacklog.CPU_REMOTE, wbArrived);
            }
            final double arrived = requestRing[g].advance();
            if (arrived > 0.0)
            {
                mc.enqueueReadInterleaved(g, arrived);
            }
            final double paced = pacedPerStep[g];
            final double free = mlpLines[g] - outstanding[g] - writebacksHeld[g];
            final double n = Math.min(paced, free);
            if (n > 0.0)
            {
                outstanding[g] += n;
                issuedReads[g] += n;
                requestRing[g].addSplit(requestWholeSteps[g], requestLateShare[g], n);
            }
            outstandingIntegral[g] += outstanding[g] * stepNs;
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
        writebacksHeld[LOCAL] = flush(writebacksHeld[LOCAL] - backlog.admitted(WriteBacklog.CPU_LOCAL));
        if (remoteActive)
        {
            writebacksHeld[REMOTE] = flush(writebacksHeld[REMOTE] - backlog.admitted(WriteBacklog.CPU_REMOTE));
        }
        final double local = mc.lastServedReads(LOCAL);
        final double remote = mc.lastServedReads(REMOTE);
        final double burstSteps = mc.burstWaitNs() * stepsPerNs;
        if (local > 0.0)
        {
            returnRing[LOCAL].add(localReturnSteps + burstSteps, local);
        }
        if (remote > 0.0 || upiQueue > 0.0)
        {
            upiQueue += remote;
            final double sent = Math.min(upiQueue, upiLinesPerStep);
            upiQueue = flush(upiQueue - sent);
            if (sent > 0.0)
            {
                returnRing[REMOTE].add(remoteReturnSteps + burstSteps, sent);
            }
            if (remote > 0.0 && directoryWriteFraction > 0.0)
            {
                backlog.offer(WriteBacklog.DIRECTORY, remote * directoryWriteFraction);
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
        return threads[group];
    }

    /**
     * @param group a group.
     * @return reads completed so far, lines.
     */
    public double completedReads(final int group)
    {
        return completedReads[group];
    }

    /**
     * @param group a group.
     * @return integral of outstanding reads over time, line x ns (Little: divided by completions = mean latency).
     */
    public double outstandingIntegral(final int group)
    {
        return outstandingIntegral[group];
    }

    /**
     * @param group a group.
     * @return line-fill buffers held by reads and unadmitted writebacks.
     */
    public double buffersHeld(final int group)
    {
        return outstanding[group] + writebacksHeld[group];
    }

    /**
     * @param group a group.
     * @return reads of the group past their request path: at the home agent, in the memory controller or on their
     * way back to the core (the UPI return included for remote reads), lines.
     */
    public double readsAtHome(final int group)
    {
        final double v = outstanding[group] - requestRing[group].content();
        return v > 0.0 ? v : 0.0;
    }

    /**
     * @return local reads completed since the last call (LLC fills of the NIC socket's cores), lines.
     */
    public double takeLocalFills()
    {
        final double v = lastLocalCompletions;
        lastLocalCompletions = 0.0;
        return v;
    }
}
