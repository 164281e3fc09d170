package org.rhcc.experiments.evaluation;

import java.util.ArrayList;
import java.util.List;

import org.rhcc.experiments.Columns;
import org.rhcc.experiments.DescribedExperiment;
import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunLength;
import org.rhcc.experiments.RunPlan;
import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.ChartSpec;
import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.report.TimeSeriesChartSpec;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.experiments.scheme.SchemeRegistry;
import org.rhcc.experiments.result.Series;

/**
 * Where each loop settles: the headline condition (3x local congestion, PFC on) run for 200 ms with every scheme,
 * its signals over time in 1 ms points (RDMA goodput, CPU memory bandwidth, IIO occupancy, receiver processing
 * delay D, the mean receivable rate R_rev of the sender loop, the MBA levels of both groups). The other experiments
 * measure a window after a warm-up chosen from these traces ({@link Experiment#runLength()}); this one shows the
 * whole run after 1 ms, so that a reader sees the descent and the level each loop reaches.
 */
public final class SettlingExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "settling";

    /**
     * 1 ms of warm-up (the simulator's start-up transient: queues filling), then 200 ms measured: several times the
     * ~60 ms rhcc's sender loop takes to settle at 3x.
     */
    static final RunLength RUN_LENGTH = new RunLength(1.0, 200.0);

    /** Telemetry windows of 100 us per point of the traces: 1 ms points. */
    private static final int STRIDE = 10;

    /**
     * Describes the experiment: by default it runs every registered scheme.
     */
    public SettlingExperiment()
    {
        super(NAME,
            "3x, PFC on, 200 ms per scheme: goodput, CPU memory bandwidth, IIO occupancy, D, R_rev and MBA levels " +
                "over time",
            "§V settling",
            SchemeRegistry.builtIn().all().stream().map(SchemeEntry::name).toList(),
            RUN_LENGTH);
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        return new RunPlan(settings).add("3x, PFC on", settings.scenario().congestion(3).build()).runs();
    }

    @Override
    public boolean keepsTimeSeries()
    {
        return true;
    }

    /**
     * @return 10: 1 ms points.
     */
    @Override
    public int timeSeriesStride()
    {
        return STRIDE;
    }

    @Override
    public List<TableColumn> tableColumns()
    {
        return Columns.CONTROLLER_OUTCOMES;
    }

    @Override
    public List<ChartSpec> charts()
    {
        final List<ChartSpec> charts = new ArrayList<>();
        charts.add(TimeSeriesChartSpec.everyRun("settling-rnic.png",
            "RDMA goodput over 200 ms (3x, PFC on, 1 ms means)", "RDMA goodput (Gbit/s)", Series.RNIC_GBPS));
        charts.add(TimeSeriesChartSpec.everyRun("settling-cpu.png", "CPU memory bandwidth over 200 ms (3x, PFC on)",
            "CPU memory traffic (Gbit/s)", Series.CPU_MEM_GBPS));
        charts.add(TimeSeriesChartSpec.everyRun("settling-iio.png", "IIO occupancy over 200 ms (3x, PFC on)",
            "IIO occupancy (lines)", Series.IIO_OCCUPANCY));
        charts.add(TimeSeriesChartSpec.everyRun("settling-delay.png",
            "Receiver processing delay D over 200 ms (3x, PFC on)", "receiver processing delay (ns)",
            Series.RX_DELAY_NS));
        charts.add(TimeSeriesChartSpec.everyRun("settling-rrev.png",
            "Mean receivable rate R_rev per QP over 200 ms (3x, PFC on)", "R_rev (Gbit/s)", Series.R_REV_GBPS));
        charts.add(TimeSeriesChartSpec.everyRun("settling-mba-local.png",
            "MBA level of local-NUMA cores over 200 ms (1 ms means)", "MBA level (1 = 100 %, 5 = 20 %)",
            Series.MBA_LEVEL_LOCAL));
        charts.add(TimeSeriesChartSpec.everyRun("settling-mba-cross.png",
            "MBA level of cross-NUMA cores over 200 ms (1 ms means)", "MBA level (1 = 100 %, 5 = 20 %)",
            Series.MBA_LEVEL_CROSS));
        return charts;
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        final StringBuilder settled = new StringBuilder();
        for (final RunRecord run : result.runs())
        {
            final double[] rnic = run.seriesValues(Series.RNIC_GBPS);
            if (rnic.length < 2)
            {
                continue;
            }
            if (settled.length() > 0)
            {
                settled.append("; ");
            }
            settled.append(run.scheme()).append(' ').append(Fmt.num(rnic[0], 1)).append(" -> ")
                .append(Fmt.num(rnic[rnic.length - 1], 1));
        }
        return List.of(new BaselineRow(NAME, "RDMA goodput at 3x, PFC on: first -> last 1 ms of 200 ms, Gbit/s",
            "not reported (the paper gives each scheme's outcome, not its transient)", settled.toString()));
    }
}
