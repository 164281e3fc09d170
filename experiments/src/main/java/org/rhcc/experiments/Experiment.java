package org.rhcc.experiments;

import java.util.ArrayList;
import java.util.List;

import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.ChartData;
import org.rhcc.experiments.report.ChartSpec;
import org.rhcc.experiments.report.InterHostCcPanels;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.scheme.SchemeRegistry;
import org.rhcc.sim.api.RunObserver;

/**
 * One experiment of {@code rhcc experiment NAME}: which runs to make, and how to present their results (stdout
 * table, PNG charts, and the comparison with the paper's baseline rows). Implementations hold no state; adding one
 * is a new class (usually a {@link DescribedExperiment}) plus one line in {@link ExperimentRegistry#builtIn()}.
 */
public interface Experiment
{
    /**
     * @return the name used on the command line and as the output file stem, lower case.
     */
    String name();

    /**
     * @return one line for {@code rhcc list} and the help.
     */
    String summary();

    /**
     * @return the baseline rows of docs/paper.md §4 this experiment reproduces, e.g. {@code B1-B6}.
     */
    String paperRows();

    /**
     * @return the schemes to run when the command line names none ({@code --scheme}): the baseline experiments
     * measure the paper's testbed without intra-host control, so {@code dcqcn}; an evaluation experiment lists the
     * schemes it compares.
     */
    default List<String> defaultSchemes()
    {
        return List.of(SchemeRegistry.DCQCN);
    }

    /**
     * @return the warm-up and measured time of each run, unless the command line sets them ({@code --warmup-ms},
     * {@code --duration-ms}): long enough that the experiment's headline conditions are stationary (the two halves
     * of the measured window agree within {@link org.rhcc.experiments.result.Stationarity#TOLERANCE}). The paper's 2 + 10 ms
     * by default.
     */
    default RunLength runLength()
    {
        return RunLength.PAPER;
    }

    /**
     * @param settings the command line's settings.
     * @return the runs, in the order their results are reported.
     */
    List<PlannedRun> plan(ExperimentSettings settings);

    /**
     * @param run one of this experiment's planned runs.
     * @return what else watches the run, beside the harness's own observers (e.g. a per-flow trace whose series the
     * run's record then holds, when it is also a {@link SeriesReport}); {@link RunObserver#NONE} by default.
     */
    default RunObserver observer(final PlannedRun run)
    {
        return RunObserver.NONE;
    }

    /**
     * @return true to keep each run's measured time series (100 us and 1 ms windows) in the JSON, for charts over
     * time; false keeps the JSON to the averaged metrics.
     */
    default boolean keepsTimeSeries()
    {
        return false;
    }

    /**
     * @return telemetry windows (100 us each) averaged into one point of the kept time series: 1 keeps every window;
     * a long run keeps its JSON small with more.
     */
    default int timeSeriesStride()
    {
        return 1;
    }

    /**
     * @return the columns of the plain table printed on stdout.
     */
    List<TableColumn> tableColumns();

    /**
     * @return the charts to draw from the result.
     */
    List<ChartSpec> charts();

    /**
     * @param result this experiment's result.
     * @return every chart of {@link #charts()} the result holds runs for, in order, each split into one panel per
     * inter-host CC where its runs span several CCs and it would otherwise repeat a colour ({@link InterHostCcPanels}).
     */
    default List<ChartData> chartData(final ExperimentResult result)
    {
        final List<ChartData> charts = new ArrayList<>();
        for (final ChartSpec spec : charts())
        {
            InterHostCcPanels.of(spec).build(result).ifPresent(charts::add);
        }
        return charts;
    }

    /**
     * @param result this experiment's result.
     * @return paper versus simulated, one row per baseline observation; empty if the result lacks the runs needed.
     */
    List<BaselineRow> compare(ExperimentResult result);
}
