package org.rhcc.experiments.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.RunRecord;

/**
 * Grouped bars: one group per category (a condition such as {@code 3x}), one bar per series (a condition or a
 * scheme), optionally with the paper's numbers as a reference series.
 */
public final class BarChartSpec implements ChartSpec
{
    private final String fileName;
    private final String title;
    private final String xTitle;
    private final String yTitle;
    private final Predicate<RunRecord> filter;
    private final Function<RunRecord, String> category;
    private final Function<RunRecord, String> condition;
    private final ToDoubleFunction<RunRecord> value;
    private final List<Reference> references;

    private BarChartSpec(
        final String fileName,
        final String title,
        final String xTitle,
        final String yTitle,
        final Predicate<RunRecord> filter,
        final Function<RunRecord, String> category,
        final Function<RunRecord, String> condition,
        final ToDoubleFunction<RunRecord> value,
        final List<Reference> references)
    {
        this.fileName = fileName;
        this.title = title;
        this.xTitle = xTitle;
        this.yTitle = yTitle;
        this.filter = filter;
        this.category = category;
        this.condition = condition;
        this.value = value;
        this.references = List.copyOf(references);
    }

    /**
     * @param fileName  PNG name.
     * @param title     chart title.
     * @param xTitle    x-axis title (with unit if any).
     * @param yTitle    y-axis title with unit.
     * @param filter    runs shown.
     * @param category  the group a run belongs to on the x axis.
     * @param condition the legend's condition part (see {@link Legend}), or null for one series per scheme.
     * @param value     the bar height of a run.
     */
    public static BarChartSpec of(
        final String fileName,
        final String title,
        final String xTitle,
        final String yTitle,
        final Predicate<RunRecord> filter,
        final Function<RunRecord, String> category,
        final Function<RunRecord, String> condition,
        final ToDoubleFunction<RunRecord> value)
    {
        return new BarChartSpec(fileName, title, xTitle, yTitle, filter, category, condition, value, List.of());
    }

    /**
     * @param name             legend text, e.g. {@code paper (testbed)}.
     * @param valuesByCategory the paper's number per category; categories without one are left empty.
     * @return a copy of this spec with the reference series added.
     */
    public BarChartSpec withReference(final String name, final Map<String, Double> valuesByCategory)
    {
        final List<Reference> more = new ArrayList<>(references);
        more.add(new Reference(name, new LinkedHashMap<>(valuesByCategory)));
        return new BarChartSpec(fileName, title, xTitle, yTitle, filter, category, condition, value, more);
    }

    @Override
    public Optional<ChartData> build(final ExperimentResult result)
    {
        final List<RunRecord> runs = result.select(filter);
        if (runs.isEmpty())
        {
            return Optional.empty();
        }
        final BarGroups bars = new BarGroups();
        for (final RunRecord run : runs)
        {
            bars.put(Legend.of(result, run, condition), category.apply(run), value.applyAsDouble(run),
                run.unsettled());
        }
        final List<ChartData.Series> series = bars.series();
        for (final Reference reference : references)
        {
            series.add(bars.reference(reference.name(), reference.values()));
        }
        return Optional.of(new ChartData(fileName, title, xTitle, yTitle, ChartData.Kind.BAR, bars.categories(), series)
            .withUnsettledNotes(runs));
    }

    private record Reference(String name, Map<String, Double> values)
    {
    }
}
