package org.rhcc.sim;

import org.rhcc.sim.host.CpuTrafficModel;
import org.rhcc.sim.host.DdioHitModel;
import org.rhcc.sim.host.IoPath;

/**
 * Sets the DDIO hit probabilities of the NIC's writes and of the probe records (docs/model.md §4.5, §4.10): the NIC's
 * writes primed from the line rate at the start, then refreshed every hit window from the I/O arrivals and the cores'
 * LLC fills of that window; the probe records' once, a constant of the record ring.
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
     * Sets the NIC writes' hit probability for I/O arriving at a rate and no core fills, and the records' for good.
     *
     * @param ioLinesPerNs I/O arrival rate, lines per ns.
     * @param lineBytes    bytes per line.
     */
    void prime(final double ioLinesPerNs, final double lineBytes)
    {
        io.hitProbability(DdioHitModel.hitProbability(ioLinesPerNs, 0.0,
            ioParams.coreDdioShare(), workingSetLines, ioParams.ddioLines(), 1.0));
        updateRecordHitProbability(lineBytes);
    }

    /**
     * Refreshes the NIC writes' hit probability from the window since the previous refresh.
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
        atHitWindow.copy(total);
    }

    /**
     * The probe records' ring slots are rewritten once per ring cycle, every {@code slots} probes; a slot still in the
     * DDIO ways when it is rewritten is a hit (docs/model.md §4.5, §4.10). The reuse distance is counted in the NIC's
     * own write stream: between two writes of a slot the NIC writes {@code slots} probe intervals of data,
     * {@code slots x probeIntervalBytes / 64} lines, each of which allocates into the DDIO ways when it misses (82 %
     * of them with no CPU traffic, nearly all under congestion, §4.5); counting every one as an allocation, the
     * record's hit probability {@code exp(-slots x probeIntervalBytes / 64 / N_ddio)} is a constant of the ring. It does
     * not depend on how fast the NIC sends, nor on the cores: cutting the NIC's rate never raises its own delay
     * signal. (A ring cycle measured in time, with the cores' fills evicting slots too, did: the record's miss rate
     * rose as the NIC slowed and put a floor above D_thr under D at 3x, trapping a sender loop at R_min, against the
     * paper's RNIC-only fixed point of row C1.)
     */
    private void updateRecordHitProbability(final double lineBytes)
    {
        final double linesPerCycle = probeRecordLines * probeIntervalBytes / lineBytes;
        probes.recordHitProbability(DdioHitModel.survivalAfter(linesPerCycle, ioParams.ddioLines()));
    }
}
