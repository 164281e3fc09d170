package org.rhcc.sim;

import org.rhcc.sim.host.CpuTrafficModel;
import org.rhcc.sim.host.DdioHitModel;
import org.rhcc.sim.host.IoPath;

/**
 * Keeps the DDIO hit probabilities of the NIC's writes and of the probe records current (docs/model.md §4.5, §4.10):
 * primed from the line rate at the start, then refreshed every hit window from the I/O arrivals and the cores' LLC
 * fills of that window.
 * <p>
 * <b>Note:</b> single-threaded; allocates nothing.
 */
final class DdioHitRefresh
{
    private final SimParameters.Io ioParams;
    private final IoPath io;
    private final ProbeTracker probes;
    private final CpuTrafficModel cpu;
    private final double workingSetLines;
    private final double probeRecordLines;
    private final int probeIntervalBytes;
    private final Counters atHitWindow = new Counters();

    /**
     * @param params          the run's parameters.
     * @param io              the IIO path whose hit probability it sets.
     * @param probes          the probe tracker whose record hit probability it sets.
     * @param cpu             the CPU traffic model, source of the cores' LLC fills.
     * @param workingSetLines the I/O working set, 64-byte lines.
     */
    DdioHitRefresh(final SimParameters params, final IoPath io, final ProbeTracker probes, final CpuTrafficModel cpu,
        final double workingSetLines)
    {
        this.ioParams = params.io();
        this.io = io;
        this.probes = probes;
        this.cpu = cpu;
        this.workingSetLines = workingSetLines;
        this.probeRecordLines = params.rnic().probeRecordSlots();
        this.probeIntervalBytes = params.rnic().probeIntervalBytes();
    }

    /**
     * Sets the hit probabilities for I/O arriving at a rate and no core fills.
     *
     * @param ioLinesPerNs I/O arrival rate, lines per ns.
     * @param lineBytes    bytes per line.
     */
    void prime(final double ioLinesPerNs, final double lineBytes)
    {
        io.hitProbability(DdioHitModel.hitProbability(ioLinesPerNs, 0.0,
            ioParams.coreDdioShare(), workingSetLines, ioParams.ddioLines(), 1.0));
        updateRecordHitProbability(ioLinesPerNs, 0.0, ioLinesPerNs * lineBytes / probeIntervalBytes);
    }

    /**
     * Refreshes the hit probabilities from the window since the previous refresh.
     *
     * @param total the run's totals, just snapshot.
     */
    void refresh(final Counters total)
    {
        final double elapsed = total.timeNs - atHitWindow.timeNs;
        final double ioRate = (total.arrivedLines - atHitWindow.arrivedLines) / elapsed;
        final double coreFills = cpu.takeLocalFills() / elapsed;
        io.hitProbability(DdioHitModel.hitProbability(ioRate, coreFills, ioParams.coreDdioShare(),
            workingSetLines, ioParams.ddioLines(), io.hitProbability()));
        updateRecordHitProbability(ioRate, coreFills,
            (total.rdmaBytes - atHitWindow.rdmaBytes) / elapsed / probeIntervalBytes);
        atHitWindow.copy(total);
    }

    /**
     * The probe records' ring slots are rewritten once per ring cycle ({@code slots / probe rate}); a slot survives
     * in the DDIO ways if the allocations of that cycle did not evict it (docs/model.md §4.5, §4.10). The probe rate is
     * the RDMA payload rate over the probe interval (one probe per 32 KB per QP), not a count of the few probes of a
     * 10 us window: the QPs' probes come in bursts.
     */
    private void updateRecordHitProbability(final double ioLinesPerNs, final double coreFills,
        final double probesPerNs)
    {
        if (probesPerNs > 0.0)
        {
            final double allocations = DdioHitModel.allocationsPerNs(ioLinesPerNs, io.hitProbability(), coreFills,
                ioParams.coreDdioShare());
            probes.recordHitProbability(DdioHitModel.survival(allocations, probeRecordLines / probesPerNs,
                ioParams.ddioLines()));
        }
    }
}
