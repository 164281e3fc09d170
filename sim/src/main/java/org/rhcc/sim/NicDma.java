package org.rhcc.sim;

import org.rhcc.sim.host.IoPath;
import org.rhcc.sim.net.RdmaFabric;
import org.rhcc.sim.net.TcpPort;

/**
 * The receiver NIC's DMA issue, once per step (docs/model.md §4.3, §4.4, §4.10): the CQEs first, then the RDMA and
 * TCP ports' data, each port's posted-write TLPs formed at the link's rate into its posted queue and taken out as
 * the IIO's tokens and the posted credits allow. Tracks how far the RDMA port has issued, which places a probe
 * record behind the data formed before it.
 * <p>
 * <b>Note:</b> single-threaded; allocates nothing.
 */
final class NicDma
{
    private static final double LINE_BYTES = 64.0;
    private static final double LINES_PER_BYTE = 1.0 / LINE_BYTES;

    private final IoPath io;
    private final ProbeTracker probes;
    private final RdmaFabric fabric;
    private final TcpPort tcp;
    private final Counters total;
    private final double stepNs;
    private final double postedQueueLines;
    private final double formLinesPerStep;
    private double rdmaFormedLines;
    private double tcpFormedLines;
    private double rdmaPortIssuedLines;
    private double cqeLinesPending;

    /**
     * @param pcie   the PCIe parameters.
     * @param io     the IIO and PCIe path.
     * @param probes the probe tracker.
     * @param fabric the RDMA fabric, or null.
     * @param tcp    the TCP port, or null.
     * @param total  the run's totals, to which it adds issued lines and stall time.
     * @param stepNs the step, ns.
     */
    NicDma(final SimParameters.Pcie pcie, final IoPath io, final ProbeTracker probes, final RdmaFabric fabric,
        final TcpPort tcp, final Counters total, final double stepNs)
    {
        this.io = io;
        this.probes = probes;
        this.fabric = fabric;
        this.tcp = tcp;
        this.total = total;
        this.stepNs = stepNs;
        this.postedQueueLines = pcie.postedQueueLines();
        this.formLinesPerStep = pcie.usableGbps() * stepNs / 512.0;
    }

    /**
     * Issues one step's DMA writes.
     *
     * @param step  the step now running.
     * @param nowNs its start, ns.
     */
    void issue(final long step, final double nowNs)
    {
        if (probes.hasPending())
        {
            probes.grantCredits(io, step, rdmaPortIssuedLines);
        }
        final double rdmaLines = null == fabric ? 0.0 : fabric.pendingPayloadBytes() * LINES_PER_BYTE;
        final double tcpLines = null == tcp ? 0.0 : tcp.pendingBytes() * LINES_PER_BYTE;
        if (null != fabric)
        {
            cqeLinesPending += fabric.takeCqeBytes() * LINES_PER_BYTE;
        }
        if (rdmaLines + tcpLines + cqeLinesPending <= 1e-12)
        {
            rdmaFormedLines = 0.0;
            tcpFormedLines = 0.0;
            return;
        }
        form(rdmaLines + cqeLinesPending, tcpLines);
        final double creditsFree = io.creditsFree();
        if (!io.canIssue(creditsFree))
        {
            total.stallNs += stepNs;
            return;
        }
        double budget = Math.min(io.tokens(), creditsFree);
        double issued = 0.0;
        if (cqeLinesPending > 0.0)
        {
            final double x = Math.min(budget, cqeLinesPending);
            cqeLinesPending -= x;
            budget -= x;
            issued += x;
        }
        double rdma = 0.0;
        double tcpTake = 0.0;
        if (rdmaLines > 0.0 && tcpLines > 0.0)
        {
            rdma = Math.min(rdmaLines, budget * 0.5);
            tcpTake = Math.min(tcpLines, budget - rdma);
            rdma = Math.min(rdmaLines, budget - tcpTake);
        }
        else if (rdmaLines > 0.0)
        {
            rdma = Math.min(rdmaLines, budget);
        }
        else
        {
            tcpTake = Math.min(tcpLines, budget);
        }
        if (rdma > 0.0)
        {
            issued += fabric.takePayload(rdma * LINE_BYTES, nowNs) * LINES_PER_BYTE;
        }
        if (tcpTake > 0.0)
        {
            tcp.take(tcpTake * LINE_BYTES);
            issued += tcpTake;
        }
        if (issued > 0.0)
        {
            io.issue(issued);
            total.issuedLines += issued;
            final double rdmaOut = issued - tcpTake;
            rdmaPortIssuedLines += rdmaOut;
            rdmaFormedLines = rdmaFormedLines > rdmaOut ? rdmaFormedLines - rdmaOut : 0.0;
            tcpFormedLines = tcpFormedLines > tcpTake ? tcpFormedLines - tcpTake : 0.0;
        }
    }

    /**
     * @return the RDMA port's position a probe arriving now queues behind: the lines it has issued plus those it has
     * formed and not yet issued, lines.
     */
    double probePositionLines()
    {
        final double rdmaLines = fabric.pendingPayloadBytes() * LINES_PER_BYTE + cqeLinesPending;
        return rdmaPortIssuedLines + Math.min(rdmaFormedLines, rdmaLines);
    }

    /**
     * Each port's DMA engine forms posted-write TLPs from its waiting data at the link's rate into its posted queue
     * (at most {@code postedQueueTlps}); the link and the credits take them out. The queue so holds about one step's
     * worth while the link keeps up, and fills when the link is shared with the other port beyond its rate or the
     * posted credits run short. A probe record queues behind what its own (RDMA) port has formed: posted writes of
     * one function keep their order, the two ports' queues meet only in the per-TLP arbitration of the link
     * (docs/model.md §4.10).
     */
    private void form(final double rdmaLines, final double tcpLines)
    {
        rdmaFormedLines = Math.min(Math.min(postedQueueLines, rdmaFormedLines + formLinesPerStep), rdmaLines);
        tcpFormedLines = Math.min(Math.min(postedQueueLines, tcpFormedLines + formLinesPerStep), tcpLines);
    }
}
