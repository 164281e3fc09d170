package org.rhcc.sim.host;

/**
 * One thread group of the {@link CpuTrafficModel} (docs/model.md §4.8): its line-fill buffers, its request, return
 * and writeback delay lines with their split delays, and its counters. The return and writeback lines, and the request
 * lines of the groups on the NIC's socket, are never asked for their content (untallied).
 * <p>
 * <b>Note:</b> allocation-free after construction; not thread-safe.
 */
final class CoreGroup
{
    final int index;
    final int writebackClass;
    final int threads;
    final double mlpLines;
    final double injectionDelayNs;
    final CalendarRing requestRing;
    final CalendarRing returnRing;
    final CalendarRing writebackRing;
    final int writebackWholeSteps;
    final double writebackLateShare;
    double mbaDelayNs;
    boolean paused;
    double requestSteps;
    int requestWholeSteps;
    double requestLateShare;
    double pacedPerStep;
    double outstanding;
    double writebacksHeld;
    double completedReads;
    double outstandingIntegral;
    double issuedReads;

    CoreGroup(final int index, final int writebackClass, final int threads, final int mlpPerThread,
        final double injectionDelayNs, final int requestMax, final int returnMax, final int writebackMax,
        final double writebackSteps)
    {
        this.index = index;
        this.writebackClass = writebackClass;
        this.threads = threads;
        this.mlpLines = (double)threads * mlpPerThread;
        this.injectionDelayNs = injectionDelayNs;
        // only the remote group's request line is asked for its content (readsAtHome)
        requestRing = CpuTrafficModel.REMOTE == index ? new CalendarRing(requestMax) : CalendarRing.untallied(requestMax);
        returnRing = CalendarRing.untallied(returnMax);
        writebackRing = CalendarRing.untallied(writebackMax);
        writebackWholeSteps = writebackRing.wholeStepsOf(writebackSteps);
        writebackLateShare = writebackRing.lateShareOf(writebackSteps);
    }
}

