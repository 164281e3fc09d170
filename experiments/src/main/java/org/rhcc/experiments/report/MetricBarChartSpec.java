package org.rhcc.experiments.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.RunRecord;

/**
 * Grouped bars of several quantities of the same unit per condition (for example CPU, NIC and total memory
 * bandwidth per congestion level): one bar colour per quantity, and per scheme when several schemes ran and the groups
 * are not the schemes themselves.
 */
public final class MetricBarChartSpec implements ChartSpec
{
    private final String fileName;
    private final String title;
    private final String xTitle;
    private final String yTitle;
    private final Predicate<RunRecord> filter;
    private final Function<RunRecord, String> category;
    private final List<Quantity> quantities;

    private MetricBarChartSpec(
        final String fileName,
        final String title,
        final String xTitle,
        final String yTitle,
        final Predicate<RunRecord> filter,
        final Function<RunRecord, String> category,
        final List<Quantity> quantities)
    {
        this.fileName = fileName;
        this.title = title;
        this.xTitle = xTitle;
        this.yTitle = yTitle;
        this.filter = filter;
        this.category = category;
        this.quantities = List.copyOf(quantities);
    }

    /**
     * @param fileName PNG name.
     * @param title    chart title.
     * @param xTitle   x-axis title.
     * @param yTitle   y-axis title with the unit all quantities share.
     * @param filter   runs shown.
     * @param category the group a run belongs to on the x axis.
     * @return a spec without quantities yet; add them with {@link #with(String, ToDoubleFunction)}.
     */
    public static MetricBarChartSpec of(
        final String fileName,
        final String title,
        final String xTitle,
        final String yTitle,
        final Predicate<RunRecord> filter,
        final Function<RunRecord, String> category)
    {
        return new MetricBarChartSpec(fileName, title, xTitle, yTitle, filter, category, List.of());
    }

    /**
     * @param label legend text of the quantity.
     * @param value the quantity of a run.
     * @return a copy of this spec with the quantity added.
     */
    public MetricBarChartSpec with(final String label, final ToDoubleFunction<RunRecord> value)
    {
        final List<Quantity> more = new ArrayList<>(quantities);
        more.add(new Quantity(label, value));
        return new MetricBarChartSpec(fileName, title, xTitle, yTitle, filter, category, more);
    }

    @Override
    public Optional<ChartData> build(final ExperimentResult result)
    {
        final List<RunRecord> runs = result.select(filter);
        if (runs.isEmpty() || quantities.isEmpty())
        {
            return Optional.empty();
        }
        // a scheme gets bars of its own colour unless the groups already are the schemes
        final boolean schemeIsGroup = runs.stream().allMatch((run) -> run.scheme().equals(category.apply(run)));
        final boolean perScheme = result.comparesSchemes() && !schemeIsGroup;
        final BarGroups bars = new BarGroups();
        for (final RunRecord run : runs)
        {
            for (final Quantity quantity : quantities)
            {
                final String name = perScheme ? run.scheme() + ", " + quantity.label() : quantity.label();
                bars.put(name, category.apply(run), quantity.value().applyAsDouble(run), run.unsettled());
            }
        }
        return Optional.of(new ChartData(fileName, title, xTitle, yTitle, ChartData.Kind.BAR, bars.categories(),
            bars.series()).withUnsettledNotes(runs));
    }

    private record Quantity(String label, ToDoubleFunction<RunRecord> value)
    {
    }
}
