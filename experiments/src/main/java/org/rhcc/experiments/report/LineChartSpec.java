package org.rhcc.experiments.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.RunRecord;

/**
 * Lines with markers over a numeric x axis (a sweep such as message size or MBA level): one line per series.
 */
public final class LineChartSpec implements ChartSpec
{
    private final String fileName;
    private final String title;
    private final String xTitle;
    private final String yTitle;
    private final Predicate<RunRecord> filter;
    private final ToDoubleFunction<RunRecord> x;
    private final Function<RunRecord, String> condition;
    private final ToDoubleFunction<RunRecord> y;

    private LineChartSpec(
        final String fileName,
        final String title,
        final String xTitle,
        final String yTitle,
        final Predicate<RunRecord> filter,
        final ToDoubleFunction<RunRecord> x,
        final Function<RunRecord, String> condition,
        final ToDoubleFunction<RunRecord> y)
    {
        this.fileName = fileName;
        this.title = title;
        this.xTitle = xTitle;
        this.yTitle = yTitle;
        this.filter = filter;
        this.x = x;
        this.condition = condition;
        this.y = y;
    }

    /**
     * @param fileName  PNG name.
     * @param title     chart title.
     * @param xTitle    x-axis title with unit.
     * @param yTitle    y-axis title with unit.
     * @param filter    runs shown.
     * @param x         a run's x value.
     * @param condition the legend's condition part (see {@link Legend}), or null for one line per scheme.
     * @param y         a run's y value.
     */
    public static LineChartSpec of(
        final String fileName,
        final String title,
        final String xTitle,
        final String yTitle,
        final Predicate<RunRecord> filter,
        final ToDoubleFunction<RunRecord> x,
        final Function<RunRecord, String> condition,
        final ToDoubleFunction<RunRecord> y)
    {
        return new LineChartSpec(fileName, title, xTitle, yTitle, filter, x, condition, y);
    }

    @Override
    public Optional<ChartData> build(final ExperimentResult result)
    {
        final List<RunRecord> runs = result.select(filter);
        if (runs.isEmpty())
        {
            return Optional.empty();
        }
        final Map<String, List<double[]>> pointsBySeries = new LinkedHashMap<>();
        final Set<String> unsettled = new HashSet<>();
        for (final RunRecord run : runs)
        {
            final String legend = Legend.of(result, run, condition);
            pointsBySeries
                .computeIfAbsent(legend, (name) -> new ArrayList<>())
                .add(new double[]{ x.applyAsDouble(run), y.applyAsDouble(run) });
            if (run.unsettled())
            {
                unsettled.add(legend);
            }
        }
        final List<ChartData.Series> series = new ArrayList<>();
        pointsBySeries.forEach((name, points) ->
        {
            points.sort((a, b) -> Double.compare(a[0], b[0]));
            final double[] xs = new double[points.size()];
            final double[] ys = new double[points.size()];
            for (int i = 0; i < xs.length; i++)
            {
                xs[i] = points.get(i)[0];
                ys[i] = points.get(i)[1];
            }
            series.add(new ChartData.Series(
                unsettled.contains(name) ? name + " " + Unsettled.MARK : name, xs, ys, false));
        });
        return Optional.of(new ChartData(fileName, title, xTitle, yTitle, ChartData.Kind.LINE, List.of(), series)
            .withUnsettledNotes(runs));
    }
}
