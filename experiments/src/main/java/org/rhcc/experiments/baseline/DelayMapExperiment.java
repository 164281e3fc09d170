package org.rhcc.experiments.baseline;

import java.util.List;
import java.util.Map;

import org.rhcc.experiments.Columns;
import org.rhcc.experiments.DescribedExperiment;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunLength;
import org.rhcc.experiments.RunPlan;
import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.ChartSpec;
import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.report.LineChartSpec;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.experiments.scheme.SchemeRegistry;
import org.rhcc.sim.DelayMap;
import org.rhcc.sim.Scenarios;
import org.rhcc.sim.api.Scenario;
import org.rhcc.experiments.result.Series;

/**
 * The receiver processing delay D against the NIC's own rate, with MBA forced to each level at 3x (docs/model.md §9,
 * rows C1 and C2): the NIC's rate is an input here, held by the sender NIC's per-QP rate limit
 * ({@code rnic.rateLimitGbps}, perftest's {@code --rate_limit}), not an outcome of a controller. The sender loop of
 * RHCC settles where D = D_thr, so this map is where its fixed points lie; the paper's RNIC-only loop settles at
 * 18 Gbit/s at 3x (its Fig. 21), so at level 1 D must cross 200 ns near there (row C1), and D must rise with the
 * NIC's own traffic at every level, without a cliff below the path's capacity (row C2). Each run also reads the IIO
 * sensor as RHCC's cascade would ({@code iio_excursion_share}): where the share of step-up intervals with an excursion
 * of the smoothed occupancy above I_thr is high, the cascade would step down from that level at that rate, and
 * where it is zero, relax; with D this says where the two loops can meet (docs/model.md §10).
 */
public final class DelayMapExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "delay-map";

    /** The congestion preset of the map. */
    static final int CONGESTION = 3;

    /**
     * Describes the experiment.
     */
    public DelayMapExperiment()
    {
        super(NAME,
            "3x, MBA forced to level 1..5, the NIC's rate held at 5..100 Gbit/s: D, IIO occupancy and goodput (rows" +
                " C1, C2)",
            "C1-C2", List.of(SchemeRegistry.DCQCN), new RunLength(DelayMap.WARMUP_NS / 1e6, DelayMap.DURATION_NS / 1e6));
    }

    /**
     * {@inheritDoc}: the per-window D gives each run's standard error (row C2).
     */
    @Override
    public boolean keepsTimeSeries()
    {
        return true;
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final RunPlan plan = new RunPlan(settings);
        final Scenario base = settings.scenario().build();
        final int qps = base.senders() * base.qpsPerSender();
        for (int level = 1; level <= DelayMap.LEVELS; level++)
        {
            for (final double rateGbps : DelayMap.RATES_GBPS)
            {
                final Scenario scenario = settings.scenario().congestion(CONGESTION).mbaLevel(level).build();
                plan.add(condition(level, rateGbps), Scenarios.withDurations(scenario,
                        DelayMap.durationNs(rateGbps, scenario.durationNs()), scenario.warmupNs()),
                    Map.of(DelayMap.RATE_LIMIT_PARAMETER, Fmt.num(DelayMap.perQpLimitGbps(rateGbps, qps), 6)), true);
            }
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
            Columns.CPU_MEM_GBPS,
            Columns.PCIE_STALL,
            Columns.PFC_PAUSE,
            Columns.IIO_OCCUPANCY,
            Columns.IIO_RESIDENCY_NS,
            Columns.RX_DELAY_NS,
            Columns.IIO_EXCURSIONS);
    }

    @Override
    public List<ChartSpec> charts()
    {
        return List.of(
            line("delay-map-delay.png", "Receiver processing delay D vs the NIC's held rate, 3x, MBA forced",
                "D (ns)", Metric.RX_DELAY_NS),
            line("delay-map-iio.png", "IIO occupancy vs the NIC's held rate, 3x, MBA forced", "IIO occupancy (lines)",
                Metric.IIO_OCCUPANCY),
            line("delay-map-goodput.png", "RDMA goodput vs the NIC's held rate, 3x, MBA forced",
                "RDMA goodput (Gbit/s)", Metric.RNIC_GBPS));
    }

    private static LineChartSpec line(final String file, final String title, final String yTitle, final Metric metric)
    {
        return LineChartSpec.of(file, title, "NIC rate held (Gbit/s on the wire)", yTitle, (run) -> true,
            DelayMapExperiment::heldRateGbps, (run) -> "MBA level " + run.mbaLevel(), (run) -> run.value(metric));
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        final DelayMap map = new DelayMap();
        for (final RunRecord run : result.select((run) -> null != run.mbaLevel()))
        {
            map.add(run.mbaLevel(), heldRateGbps(run), run.value(Metric.RNIC_GBPS),
                run.seriesValues(Series.RX_DELAY_NS));
        }
        return List.of(
            new BaselineRow("cal. C1", "3x, MBA level 1: D (ns) at the held rates; where D crosses D_thr = 200 ns",
                "below 200 at 5 Gbit/s, crosses 200 between 14 and 23 Gbit/s (Fig. 21 RNIC-only: 18), B2's 3x" +
                    " value at DCQCN's operating point",
                map.describeLevel(1) + "; crosses at " + Fmt.num(map.crossingGbps(1, DelayMap.D_THR_NS), 1) +
                    " Gbit/s; " + map.checkC1()),
            new BaselineRow("cal. C2", "3x, MBA level 1..5: D non-decreasing in the NIC's rate, no jump over 150 ns" +
                " per 5 Gbit/s below the path's capacity",
                "as stated", map.checkC2()));
    }

    private static String condition(final int level, final double rateGbps)
    {
        return "level " + level + ", " + Fmt.num(rateGbps, 0) + " Gbit/s";
    }

    /**
     * @param run a run of this experiment.
     * @return the NIC's total held rate, Gbit/s on the wire (the per-QP limit times the QPs; the line rate for the
     * run without a limit).
     */
    static double heldRateGbps(final RunRecord run)
    {
        final String perQp = run.params().get(DelayMap.RATE_LIMIT_PARAMETER);
        return null == perQp ? Double.NaN : DelayMap.heldGbps(Double.parseDouble(perQp), run.qps() * run.senders());
    }
}
