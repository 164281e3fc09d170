package org.rhcc.experiments.evaluation;

import java.util.ArrayList;
import java.util.List;

import org.rhcc.experiments.Columns;
import org.rhcc.experiments.DescribedExperiment;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunLength;
import org.rhcc.experiments.RunPlan;
import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.ChartSpec;
import org.rhcc.experiments.report.MetricBarChartSpec;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.report.TimeSeriesChartSpec;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.Series;

/**
 * Both loops are needed (paper §V, ablation): rhcc against rnic-only (sender loop alone) and cpu-only (receiver loop
 * alone), with dcqcn as the reference, at 3x local congestion, PFC on; with the signals over time like a scope trace.
 */
public final class AblationExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "ablation";

    /**
     * Describes the experiment: by default it runs dcqcn, rhcc, rnic-only, cpu-only, rhcc-gated and the paper's
     * hostCC emulation (hostcc-emulated: both loops, the sender's rises at most once per 300 us), then hpcc and swift
     * alone, under rhcc and under rhcc-gated. Each run is
     * {@link RunLength#SETTLED_3X}: the window of the paper's 2 + 10 ms ran from line rate down to 17 Gbit/s per QP
     * and measured the descent.
     */
    public AblationExperiment()
    {
        super(NAME,
            "rhcc vs rnic-only vs cpu-only at 3x, with IIO occupancy, delay, MBA levels and rates over time",
            "§V ablation",
            EvaluationSchemes.withOtherCcs(
                List.of("dcqcn", "rhcc", "rnic-only", "cpu-only", "rhcc-gated", "hostcc-emulated")),
            RunLength.SETTLED_3X);
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

    @Override
    public List<TableColumn> tableColumns()
    {
        return Columns.CONTROLLER_OUTCOMES;
    }

    @Override
    public List<ChartSpec> charts()
    {
        final List<ChartSpec> charts = new ArrayList<>();
        charts.add(MetricBarChartSpec.of("ablation-bandwidth.png", "Both loops are needed (3x, PFC on)", "scheme",
            "bandwidth (Gbit/s)", (run) -> true, (run) -> run.scheme())
            .with("RDMA goodput", (run) -> run.value(Metric.RNIC_GBPS))
            .with("CPU memory traffic", (run) -> run.value(Metric.CPU_MEM_GBPS)));
        charts.add(TimeSeriesChartSpec.everyRun("ablation-trace-iio.png", "IIO occupancy over time (100 us windows)",
            "IIO occupancy (lines)", Series.IIO_OCCUPANCY));
        charts.add(TimeSeriesChartSpec.everyRun("ablation-trace-delay.png",
            "Receiver processing delay over time (100 us windows)", "receiver processing delay (ns)",
            Series.RX_DELAY_NS));
        charts.add(TimeSeriesChartSpec.everyRun("ablation-trace-mba-local.png",
            "MBA level of local-NUMA cores over time", "MBA level (1 = 100 %, 5 = 20 %)", Series.MBA_LEVEL_LOCAL));
        charts.add(TimeSeriesChartSpec.everyRun("ablation-trace-rate.png", "Mean sender rate over time",
            "sender rate (Gbit/s)", Series.SENDER_RATE_GBPS));
        charts.add(TimeSeriesChartSpec.everyRun("ablation-trace-rnic.png", "RDMA goodput over time",
            "RDMA goodput (Gbit/s)", Series.RNIC_GBPS));
        charts.add(TimeSeriesChartSpec.everyRun("ablation-trace-cpu.png", "CPU memory bandwidth over time",
            "CPU memory traffic (Gbit/s)", Series.CPU_MEM_GBPS));
        return charts;
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        return List.of(new BaselineRow("ablation", "RDMA goodput at 3x: rhcc / rnic-only / cpu-only vs dcqcn",
            "both loops needed: each loop alone falls short of rhcc",
            Outcomes.ratio(result, "rhcc", "dcqcn", (run) -> true, Metric.RNIC_GBPS) + " / " +
            Outcomes.ratio(result, "rnic-only", "dcqcn", (run) -> true, Metric.RNIC_GBPS) + " / " +
            Outcomes.ratio(result, "cpu-only", "dcqcn", (run) -> true, Metric.RNIC_GBPS) + "; CPU memory Gbit/s " +
            Outcomes.value(result, "rhcc", (run) -> true, Metric.CPU_MEM_GBPS, 1.0, 1) + " / " +
            Outcomes.value(result, "rnic-only", (run) -> true, Metric.CPU_MEM_GBPS, 1.0, 1) + " / " +
            Outcomes.value(result, "cpu-only", (run) -> true, Metric.CPU_MEM_GBPS, 1.0, 1)));
    }
}
