package org.rhcc.experiments.baseline;

import java.util.ArrayList;
import java.util.List;

import org.rhcc.experiments.Columns;
import org.rhcc.experiments.DescribedExperiment;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunLength;
import org.rhcc.experiments.RunPlan;
import org.rhcc.experiments.evaluation.EvaluationSchemes;
import org.rhcc.experiments.evaluation.Outcomes;
import org.rhcc.experiments.report.BarChartSpec;
import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.ChartSpec;
import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.report.MetricBarChartSpec;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;

/**
 * Pure PCIe congestion (docs/paper.md §4 B15): no CPU memory traffic; TCP (iPerf-like) from two other hosts into the
 * receiver NIC's second port at 37, 71 and 95 Gbit/s offered, while RDMA WRITEs arrive on the first port; plus a run
 * without TCP as reference. RDMA and TCP then contend only for the shared PCIe link, and the IIO occupancy does not
 * rise, which is why an IIO-only signal (hostCC) misses this congestion.
 */
public final class PcieExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "pcie";

    /** TCP flows making up the offered load: one iPerf stream from each of the two other servers. */
    static final int TCP_FLOWS = 2;

    /**
     * Each run: 150 ms of warm-up, then the paper's 10 ms measured. Under TCP contention the probes' delay sits only
     * 20-55 ns above D_thr, and rhcc's sender loop, whose QPs open at line rate and come down through Eq. (3) alone
     * while D_cur > D_thr (docs/design.md §4), takes about 140 ms to bind; DCQCN alone settles within 2 ms.
     */
    static final RunLength RUN_LENGTH = new RunLength(150.0, 10.0);

    /**
     * Describes the experiment: by default it runs every scheme; the baseline rows read the dcqcn runs, the evaluation
     * compares the others with them.
     */
    public PcieExperiment()
    {
        super(NAME,
            "pure PCIe congestion: TCP 37/71/95 Gbit/s offered on the NIC's second port, no CPU traffic",
            "B15",
            EvaluationSchemes.WITH_INTER_HOST_CCS,
            RUN_LENGTH);
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final RunPlan plan = new RunPlan(settings);
        plan.add("no TCP (reference)", settings.scenario().congestion(0).build());
        for (final double offeredGbps : PaperBaseline.TCP_OFFERED_GBPS)
        {
            plan.add("TCP " + Fmt.num(offeredGbps, 0) + " Gbit/s offered",
                settings.scenario().congestion(0).tcp(offeredGbps, TCP_FLOWS).build());
        }
        return plan.runs();
    }

    @Override
    public List<TableColumn> tableColumns()
    {
        return List.of(
            Columns.SCHEME,
            Columns.CONDITION,
            Columns.RNIC_GBPS,
            Columns.TCP_GBPS,
            Columns.TCP_DROP,
            Columns.PCIE_STALL,
            Columns.PFC_PAUSE,
            Columns.IIO_OCCUPANCY,
            Columns.IIO_RESIDENCY_NS,
            Columns.RX_DELAY_NS,
            Columns.LATENCY_AVG_US);
    }

    @Override
    public List<ChartSpec> charts()
    {
        return List.of(
            BarChartSpec.of("pcie-schemes.png", "RDMA goodput under pure PCIe congestion, by scheme",
                "TCP load offered on the second port", "RDMA goodput (Gbit/s)", (run) -> true,
                PcieExperiment::offeredLabel, null, (run) -> run.value(Metric.RNIC_GBPS)),
            BarChartSpec.of("pcie-tcp.png", "TCP goodput beside RDMA under pure PCIe congestion, by scheme",
                "TCP load offered on the second port", "TCP goodput (Gbit/s)", PcieExperiment::withTcp,
                PcieExperiment::offeredLabel, null, (run) -> run.value(Metric.TCP_GBPS)),
            BarChartSpec.of("pcie-tcp-drops.png", "TCP bytes dropped at the receiver NIC, by scheme",
                "TCP load offered on the second port", "TCP bytes dropped (%)", PcieExperiment::withTcp,
                PcieExperiment::offeredLabel, null, (run) -> 100.0 * run.value(Metric.TCP_DROP_RATE)),
            MetricBarChartSpec.of("pcie-throughput.png",
                "RDMA and TCP sharing the NIC's PCIe link (dcqcn, no CPU traffic)",
                "TCP load offered on the second port", "goodput (Gbit/s)", PcieExperiment::baseline,
                PcieExperiment::offeredLabel)
                .with("RDMA goodput", (run) -> run.value(Metric.RNIC_GBPS))
                .with("TCP goodput", (run) -> run.value(Metric.TCP_GBPS))
                .with("RDMA + TCP", (run) -> run.value(Metric.RNIC_GBPS) + run.value(Metric.TCP_GBPS)),
            MetricBarChartSpec.of("pcie-signals.png",
                "IIO occupancy and PCIe stalls under pure PCIe congestion (dcqcn)",
                "TCP load offered on the second port", "lines / percent", PcieExperiment::baseline,
                PcieExperiment::offeredLabel)
                .with("IIO occupancy (lines)", (run) -> run.value(Metric.IIO_OCCUPANCY))
                .with("PCIe stalled writes (time %)", (run) -> 100.0 * run.value(Metric.PCIE_STALL_FRACTION))
                .with("PFC pause (time %)", (run) -> 100.0 * run.value(Metric.PFC_PAUSE_FRACTION)),
            MetricBarChartSpec.of("pcie-delay.png",
                "The probes' D and the mean IIO residency under pure PCIe congestion (dcqcn)",
                "TCP load offered on the second port", "ns", PcieExperiment::baseline, PcieExperiment::offeredLabel)
                .with("rx delay D (ns)", (run) -> run.value(Metric.RX_DELAY_NS))
                .with("IIO residency (ns)", (run) -> run.value(Metric.IIO_RESIDENCY_NS)));
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        return List.of(
            Outcomes.headline(result, "pcie 95", "pure PCIe congestion, TCP 95 Gbit/s offered",
                (run) -> null != run.tcpOfferedGbps() && run.tcpOfferedGbps() > 90.0,
                "a smaller but real gain (hostCC would see no congestion and raise the NIC rate)"),
            new BaselineRow("B15", "no TCP / TCP 37 / 71 / 95 Gbit/s offered: RDMA Gbit/s; TCP Gbit/s; TCP drop %; " +
                "IIO occupancy; D ns",
                "RDMA and TCP contend only on PCIe; IIO occupancy does not rise",
                Compare.list(result, (run) -> true, (run) -> run.value(Metric.RNIC_GBPS), 1) + "; " +
                Compare.list(result, (run) -> true, (run) -> run.value(Metric.TCP_GBPS), 1) + "; " +
                Compare.list(result, (run) -> true, (run) -> 100.0 * run.value(Metric.TCP_DROP_RATE), 2) + "; " +
                Compare.list(result, (run) -> true, (run) -> run.value(Metric.IIO_OCCUPANCY), 0) + "; " +
                Compare.list(result, PcieExperiment::baseline, (run) -> run.value(Metric.RX_DELAY_NS), 0)),
            tcpPerScheme(result));
    }

    /**
     * @param result the result.
     * @return TCP's goodput and drop rate at 71 and 95 Gbit/s offered under each scheme over DCQCN that ran: what a
     * scheme that slows RDMA leaves to TCP, which no receiver-side scheme can throttle.
     */
    static BaselineRow tcpPerScheme(final ExperimentResult result)
    {
        final StringBuilder text = new StringBuilder();
        for (final String scheme : EvaluationSchemes.ALL)
        {
            if (result.schemes().contains(scheme))
            {
                text.append(text.length() > 0 ? "; " : "").append(scheme).append(' ')
                    .append(atHighLoads(result, scheme, Metric.TCP_GBPS, 1.0, 1)).append(" Gbit/s, ")
                    .append(atHighLoads(result, scheme, Metric.TCP_DROP_RATE, 100.0, 2)).append(" %");
            }
        }
        return new BaselineRow("pcie TCP", "TCP 71 / 95 Gbit/s offered, per scheme over DCQCN: TCP goodput; TCP " +
            "bytes dropped at the receiver NIC", "not reported (the receiver cannot throttle TCP sent by other hosts)",
            text.length() > 0 ? text.toString() : "n/a");
    }

    /**
     * @return the scheme's metric at TCP 71 and 95 Gbit/s offered, e.g. {@code "51.9 / 51.9"}.
     */
    private static String atHighLoads(final ExperimentResult result, final String scheme, final Metric metric,
        final double scale, final int decimals)
    {
        final List<String> values = new ArrayList<>();
        for (final double offeredGbps : new double[]{ PaperBaseline.TCP_OFFERED_GBPS[1],
            PaperBaseline.TCP_OFFERED_GBPS[2] })
        {
            values.add(Outcomes.value(result, scheme,
                (run) -> null != run.tcpOfferedGbps() && run.tcpOfferedGbps() == offeredGbps, metric, scale,
                decimals));
        }
        return String.join(" / ", values);
    }

    private static boolean withTcp(final RunRecord run)
    {
        return null != run.tcpOfferedGbps();
    }

    private static boolean baseline(final RunRecord run)
    {
        return "dcqcn".equals(run.scheme());
    }

    private static String offeredLabel(final RunRecord run)
    {
        return null == run.tcpOfferedGbps() ? "none" : Fmt.num(run.tcpOfferedGbps(), 0) + " Gbit/s";
    }
}
