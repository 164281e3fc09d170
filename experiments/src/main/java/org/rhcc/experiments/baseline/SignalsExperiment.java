package org.rhcc.experiments.baseline;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rhcc.experiments.Columns;
import org.rhcc.experiments.DescribedExperiment;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunPlan;
import org.rhcc.experiments.report.BarChartSpec;
import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.ChartSpec;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.report.TimeSeriesChartSpec;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.experiments.result.Series;

/**
 * The two congestion signals RHCC reads, without any controller (docs/paper.md §4 B10-B12): the cost of one MSR read of
 * the IIO occupancy counter, the IIO occupancy in 1 ms windows and the receiver processing delay in 100 us windows,
 * at 0x..3x intra-host congestion with PFC on.
 * <p>
 * The IIO sensor is read back to back through the simulator's sensor port during these runs, so that the read cost
 * is measured as the interval between completed reads (B10); reading it does not touch the data path.
 */
public final class SignalsExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "signals";

    private static final String SIMULATED = "simulated";
    private static final String PAPER = "paper (testbed)";

    /**
     * Describes the experiment.
     */
    public SignalsExperiment()
    {
        super(NAME,
            "MSR read latency, IIO occupancy and receiver processing delay at 0x..3x congestion",
            "B10-B12");
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final RunPlan plan = new RunPlan(settings);
        for (int congestion = 0; congestion <= 3; congestion++)
        {
            plan.add(congestion + "x", settings.scenario().congestion(congestion).build(), Map.of(), true);
        }
        return plan.runs();
    }

    @Override
    public boolean keepsTimeSeries()
    {
        return true;
    }

    @Override
    public List<TableColumn> tableColumns()
    {
        return List.of(
            Columns.SCHEME,
            Columns.CONDITION,
            TableColumn.metric("MSR read ns", Metric.MSR_READ_LATENCY_NS, 0),
            Columns.IIO_OCCUPANCY,
            new TableColumn("paper IIO", (run) -> paperValue(PaperBaseline.IIO_OCCUPANCY, run), true),
            Columns.IIO_RESIDENCY_NS,
            Columns.RX_DELAY_NS,
            new TableColumn("paper rx delay", (run) -> paperValue(PaperBaseline.RX_DELAY_NS, run), true),
            Columns.RNIC_GBPS,
            Columns.CPU_MEM_GBPS);
    }

    @Override
    public List<ChartSpec> charts()
    {
        return List.of(
            BarChartSpec.of("signals-iio-occupancy.png", "IIO write-buffer occupancy (mean of 1 ms windows)",
                "intra-host congestion (MLC preset)", "IIO occupancy (64-byte lines)",
                (run) -> true, RunRecord::congestionLabel, (run) -> SIMULATED, (run) -> run.value(Metric.IIO_OCCUPANCY))
                .withReference(PAPER, byCongestion(PaperBaseline.IIO_OCCUPANCY)),
            BarChartSpec.of("signals-iio-residency.png",
                "Mean IIO residency of a NIC line (Little's law with the occupancy; not what the probes see)",
                "intra-host congestion (MLC preset)", "IIO residency (ns)",
                (run) -> true, RunRecord::congestionLabel, (run) -> SIMULATED,
                (run) -> run.value(Metric.IIO_RESIDENCY_NS))
                .withReference(PAPER + " (D)", byCongestion(PaperBaseline.RX_DELAY_NS)),
            BarChartSpec.of("signals-rx-delay.png",
                "Receiver processing delay, as the probes measure it (mean of 100 us windows)",
                "intra-host congestion (MLC preset)", "receiver processing delay (ns)",
                (run) -> true, RunRecord::congestionLabel, (run) -> SIMULATED, (run) -> run.value(Metric.RX_DELAY_NS))
                .withReference(PAPER, byCongestion(PaperBaseline.RX_DELAY_NS)),
            BarChartSpec.of("signals-msr-latency.png", "Cost of one IIO occupancy (MSR) read",
                "intra-host congestion (MLC preset)", "MSR read latency (ns)",
                (run) -> true, RunRecord::congestionLabel, (run) -> SIMULATED,
                (run) -> run.value(Metric.MSR_READ_LATENCY_NS))
                .withReference(PAPER, constant(PaperBaseline.MSR_READ_LATENCY_NS)),
            new TimeSeriesChartSpec("signals-iio-timeseries.png", "IIO occupancy over time (100 us windows)",
                "IIO occupancy (64-byte lines)", (run) -> true, Series.T_MS.jsonName(), Series.IIO_OCCUPANCY.jsonName(),
                RunRecord::congestionLabel),
            new TimeSeriesChartSpec("signals-rx-delay-timeseries.png",
                "Receiver processing delay over time (100 us windows)", "receiver processing delay (ns)",
                (run) -> true, Series.T_MS.jsonName(), Series.RX_DELAY_NS.jsonName(),
                RunRecord::congestionLabel));
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        return List.of(
            new BaselineRow("B10", "MSR read latency, 0x / 1x / 2x / 3x (ns)",
                "~400, with or without congestion",
                Compare.list(result, (run) -> true, (run) -> run.value(Metric.MSR_READ_LATENCY_NS), 0)),
            new BaselineRow("B11", "IIO occupancy, 1 ms windows, 0x / 1x / 2x / 3x (lines)",
                Compare.list(PaperBaseline.IIO_OCCUPANCY, 0),
                Compare.list(result, (run) -> true, (run) -> run.value(Metric.IIO_OCCUPANCY), 0)),
            new BaselineRow("B12", "receiver processing delay, 100 us windows, 0x / 1x / 2x / 3x (ns)",
                Compare.list(PaperBaseline.RX_DELAY_NS, 0),
                Compare.list(result, (run) -> true, (run) -> run.value(Metric.RX_DELAY_NS), 0)));
    }

    private static String paperValue(final double[] values, final RunRecord run)
    {
        return run.congestion() < values.length ? org.rhcc.experiments.report.Fmt.num(values[run.congestion()], 0) : "";
    }

    private static Map<String, Double> byCongestion(final double[] values)
    {
        final Map<String, Double> map = new LinkedHashMap<>();
        for (int congestion = 0; congestion < values.length; congestion++)
        {
            map.put(congestion + "x", values[congestion]);
        }
        return map;
    }

    private static Map<String, Double> constant(final double value)
    {
        final Map<String, Double> map = new LinkedHashMap<>();
        for (int congestion = 0; congestion <= 3; congestion++)
        {
            map.put(congestion + "x", value);
        }
        return map;
    }
}
