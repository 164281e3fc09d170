package org.rhcc.sim;

/**
 * Cumulative counters of a run; windows and the measured interval are differences of two snapshots
 * (docs/model.md §5). Owned by {@link RunTelemetry}; the step loop's parts add to the running total.
 * <p>
 * <b>Note:</b> mutable and single-threaded.
 */
final class Counters
{
    double timeNs;
    double occupancyNs;
    double issuedLines;
    double stallNs;
    double localReads;
    double remoteReads;
    double dramWrites;
    double localWritebacks;
    double remoteWritebacks;
    double protectedReads;
    double protectedWritebacks;
    double protectedCompletedReads;
    double protectedOutstandingNs;
    double directoryWrites;
    double ioWrites;
    double releasedLines;
    double missLines;
    double llcExitLines;
    double arrivedLines;
    double rdmaBytes;
    double pauseNs;
    long pfcFrames;
    long cnps;
    long qpContextLookups;
    long qpContextMisses;
    double tcpBytes;
    double tcpArrived;
    double tcpDropped;
    double messages;
    double probesArrived;
    double probesAnswered;
    double probeDelayNs;

    /**
     * Makes this a snapshot of another.
     *
     * @param o the counters to copy.
     */
    void copy(final Counters o)
    {
        messages = o.messages;
        timeNs = o.timeNs;
        occupancyNs = o.occupancyNs;
        issuedLines = o.issuedLines;
        stallNs = o.stallNs;
        localReads = o.localReads;
        remoteReads = o.remoteReads;
        dramWrites = o.dramWrites;
        localWritebacks = o.localWritebacks;
        remoteWritebacks = o.remoteWritebacks;
        protectedReads = o.protectedReads;
        protectedWritebacks = o.protectedWritebacks;
        protectedCompletedReads = o.protectedCompletedReads;
        protectedOutstandingNs = o.protectedOutstandingNs;
        directoryWrites = o.directoryWrites;
        ioWrites = o.ioWrites;
        releasedLines = o.releasedLines;
        missLines = o.missLines;
        llcExitLines = o.llcExitLines;
        arrivedLines = o.arrivedLines;
        rdmaBytes = o.rdmaBytes;
        pauseNs = o.pauseNs;
        pfcFrames = o.pfcFrames;
        cnps = o.cnps;
        qpContextLookups = o.qpContextLookups;
        qpContextMisses = o.qpContextMisses;
        tcpBytes = o.tcpBytes;
        tcpArrived = o.tcpArrived;
        tcpDropped = o.tcpDropped;
        probesArrived = o.probesArrived;
        probesAnswered = o.probesAnswered;
        probeDelayNs = o.probeDelayNs;
    }
}
