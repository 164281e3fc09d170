package org.rhcc.sim;

import org.rhcc.sim.host.IoPath;
import org.rhcc.sim.net.RdmaFabric;
import org.rhcc.sim.net.TcpPort;

/**
 * The receiver NIC's DMA issue, once per step (docs/model.md §4.3, §4.4, §4.10): the CQEs first, then the RDMA and
 * TCP ports' data. The two ports are two functions of one device on one link. Each port's DMA engine forms posted-write
 * TLPs from its waiting data at the link's rate into its own queue of formed TLPs (at most {@code postedQueueTlps});
 * the link takes them out in turns, one TLP from each port that has one (round-robin arbitration between the
 * functions), as the IIO's tokens and the posted credits allow. While both ports have data each gets half the link and
 * either may take what the other leaves; a port whose data comes faster than its share keeps its queue full.
 * <p>
 * A probe record queues behind what its (RDMA) port has formed: a posted write does not pass the posted writes its
 * function issued before it (PCIe ordering), and the two ports' queues meet only in the arbitration. So the record
 * waits for its port's formed lines at the rate the port's turns and the credits take them: about one step when the
 * port keeps up, a full queue at half the link while the other port holds the rest of it, a full queue at the rate
 * credits come back under memory back-pressure. {@link #probePositionLines()} gives that position.
 * <p>
 * <b>Stalled posted writes.</b> A step in which the RDMA port has data waiting and cannot send it all counts, in the
 * share it could not send, as stalled: for lack of posted credits (memory back-pressure, the whole step) or because the
 * other port's turns take the link (PCIe contention). This is what the NIC's outbound stalled-writes counter reports for
 * the RDMA function (mlx5 {@code outbound_pci_stalled_wr}, NEO-Host's PCIe outbound stalled writes: posted writes
 * pending that the function could not perform), the paper's "PCIe back-pressure" under CPU congestion and under TCP
 * alike.
 * <p>
 * <b>Note:</b> single-threaded; allocates nothing.
 */
final class NicDma
{
    private static final double LINE_BYTES = 64.0;
    private static final double LINES_PER_BYTE = 1.0 / LINE_BYTES;
    private static final double EPS = 1e-12;

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
            final long cqeBytes = fabric.takeControlWriteBytes();
            if (0 != cqeBytes)
            {
                cqeLinesPending += cqeBytes * LINES_PER_BYTE;
            }
        }
        final double rdmaPortLines = rdmaLines + cqeLinesPending;
        if (rdmaPortLines + tcpLines <= EPS)
        {
            rdmaFormedLines = 0.0;
            tcpFormedLines = 0.0;
            return;
        }
        form(rdmaPortLines, tcpLines);
        final double creditsFree = io.creditsFree();
        if (!io.canIssue(creditsFree))
        {
            if (rdmaPortLines > EPS)
            {
                total.stallNs += stepNs;
            }
            return;
        }
        final double budget = Math.min(io.tokens(), creditsFree);
        take(budget, rdmaPortLines, rdmaLines, tcpLines, nowNs);
    }

    /**
     * The link takes the ports' formed TLPs within the step's budget, one TLP per port in turn, and counts the RDMA
     * port's stalled share.
     *
     * @param budget        lines the IIO's tokens and the posted credits allow this step.
     * @param rdmaPortLines the RDMA port's waiting lines, CQEs included.
     * @param rdmaLines     of which payload in the RX buffer.
     * @param tcpLines      the TCP port's waiting lines.
     * @param nowNs         the step's start, ns.
     */
    private void take(final double budget, final double rdmaPortLines, final double rdmaLines, final double tcpLines,
        final double nowNs)
    {
        // one TLP per port in turn: each takes half the budget, and what one leaves the other may take
        double rdmaBudget = Math.min(rdmaPortLines, budget);
        double tcpTake = 0.0;
        if (tcpLines > EPS && rdmaPortLines > EPS)
        {
            rdmaBudget = Math.min(rdmaPortLines, budget * 0.5);
            tcpTake = Math.min(tcpLines, budget - rdmaBudget);
            rdmaBudget = Math.min(rdmaPortLines, budget - tcpTake);
        }
        else if (tcpLines > EPS)
        {
            tcpTake = Math.min(tcpLines, budget);
            rdmaBudget = 0.0;
        }
        double rdmaOut = 0.0;
        if (cqeLinesPending > 0.0 && rdmaBudget > 0.0)
        {
            final double x = Math.min(rdmaBudget, cqeLinesPending);
            cqeLinesPending -= x;
            rdmaBudget -= x;
            rdmaOut += x;
        }
        if (rdmaBudget > 0.0 && rdmaLines > 0.0)
        {
            rdmaOut += fabric.takePayload(rdmaBudget * LINE_BYTES, nowNs) * LINES_PER_BYTE;
        }
        if (tcpTake > 0.0)
        {
            tcp.take(tcpTake * LINE_BYTES);
        }
        if (rdmaPortLines > EPS)
        {
            // the share of the step the RDMA port could have used alone but the other port's turns took
            final double alone = Math.min(rdmaPortLines, budget);
            if (rdmaOut < alone - EPS)
            {
                total.stallNs += stepNs * (1.0 - rdmaOut / alone);
            }
        }
        final double issued = rdmaOut + tcpTake;
        if (issued > 0.0)
        {
            io.issue(issued);
            total.issuedLines += issued;
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
     * Each port's DMA engine forms TLPs from its waiting data at the link's rate into its queue of formed TLPs; the
     * link's turns and the credits take them out.
     */
    private void form(final double rdmaLines, final double tcpLines)
    {
        rdmaFormedLines = Math.min(Math.min(postedQueueLines, rdmaFormedLines + formLinesPerStep), rdmaLines);
        if (null != tcp)
        {
            // without a TCP port its queue stays at the 0 its data allows
            tcpFormedLines = Math.min(Math.min(postedQueueLines, tcpFormedLines + formLinesPerStep), tcpLines);
        }
    }
}
