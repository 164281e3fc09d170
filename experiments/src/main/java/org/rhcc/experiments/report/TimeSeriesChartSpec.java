package org.rhcc.experiments.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.experiments.result.Series;

/**
 * A signal over simulated time: one line per run, from the run's recorded time series.
 */
public final class TimeSeriesChartSpec implements ChartSpec
{
    private final String fileName;
    private final String title;
    private final String yTitle;
    private final Predicate<RunRecord> filter;
    private final String timeSeriesMs;
    private final String valueSeries;
    private final Function<RunRecord, String> condition;

    /**
     * @param fileName     PNG name.
     * @param title        chart title.
     * @param yTitle       y-axis title with unit.
     * @param filter       runs shown.
     * @param timeSeriesMs name of the series holding each window's end time, ms.
     * @param valueSeries  name of the series holding the values.
     * @param condition    the legend's condition part (see {@link Legend}).
     */
    public TimeSeriesChartSpec(
        final String fileName,
        final String title,
        final String yTitle,
        final Predicate<RunRecord> filter,
        final String timeSeriesMs,
        final String valueSeries,
        final Function<RunRecord, String> condition)
    {
        this.fileName = fileName;
        this.title = title;
        this.yTitle = yTitle;
        this.filter = filter;
        this.timeSeriesMs = timeSeriesMs;
        this.valueSeries = valueSeries;
        this.condition = condition;
    }

    /**
     * @param fileName    PNG name.
     * @param title       chart title.
     * @param yTitle      y-axis title with unit.
     * @param valueSeries the series holding the values.
     * @return every run's series over its windows' end times ({@link Series#T_MS}), one line per scheme.
     */
    public static TimeSeriesChartSpec everyRun(
        final String fileName, final String title, final String yTitle, final Series valueSeries)
    {
        return new TimeSeriesChartSpec(fileName, title, yTitle, (run) -> true, Series.T_MS.jsonName(),
            valueSeries.jsonName(), null);
    }

    @Override
    public Optional<ChartData> build(final ExperimentResult result)
    {
        final List<ChartData.Series> series = new ArrayList<>();
        final List<RunRecord> shown = new ArrayList<>();
        for (final RunRecord run : result.select(filter))
        {
            final double[] xs = run.seriesValues(timeSeriesMs);
            final double[] ys = run.seriesValues(valueSeries);
            if (xs.length > 0 && xs.length == ys.length)
            {
                series.add(new ChartData.Series(Unsettled.mark(Legend.of(result, run, condition), run), xs, ys, false));
                shown.add(run);
            }
        }
        if (series.isEmpty())
        {
            return Optional.empty();
        }
        return Optional.of(new ChartData(
            fileName, title, "simulated time (ms)", yTitle, ChartData.Kind.LINE, List.of(), series)
            .withUnsettledNotes(shown));
    }
}
