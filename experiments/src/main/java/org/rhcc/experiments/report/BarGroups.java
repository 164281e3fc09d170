package org.rhcc.experiments.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The bars of a grouped bar chart, collected run by run: the categories on the x axis in the order first seen, and
 * per series (one legend entry) the value of each category; a series with a run that had not settled is marked with
 * {@link Unsettled#MARK}. Shared by {@link BarChartSpec} and {@link MetricBarChartSpec}.
 */
final class BarGroups
{
    private final List<String> categories = new ArrayList<>();
    private final Map<String, Map<String, Double>> valuesBySeries = new LinkedHashMap<>();
    private final Set<String> unsettled = new HashSet<>();

    /**
     * Sets one bar; a later value of the same series and category replaces it.
     *
     * @param series       legend text.
     * @param category     the group on the x axis.
     * @param value        the bar height.
     * @param unsettledRun true if the run the value comes from had not settled.
     */
    void put(final String series, final String category, final double value, final boolean unsettledRun)
    {
        if (!categories.contains(category))
        {
            categories.add(category);
        }
        valuesBySeries.computeIfAbsent(series, (name) -> new LinkedHashMap<>()).put(category, value);
        if (unsettledRun)
        {
            unsettled.add(series);
        }
    }

    /**
     * @return the categories in the order first seen.
     */
    List<String> categories()
    {
        return categories;
    }

    /**
     * @return the series in the order first seen, each aligned with {@link #categories()} (NaN where it has no bar).
     */
    List<ChartData.Series> series()
    {
        final List<ChartData.Series> series = new ArrayList<>();
        valuesBySeries.forEach((name, values) -> series.add(new ChartData.Series(
            unsettled.contains(name) ? name + " " + Unsettled.MARK : name, null, align(values), false)));
        return series;
    }

    /**
     * @param name             legend text.
     * @param valuesByCategory a value per category; categories without one are left empty.
     * @return a reference series (drawn apart from the simulated ones) aligned with {@link #categories()}.
     */
    ChartData.Series reference(final String name, final Map<String, Double> valuesByCategory)
    {
        return new ChartData.Series(name, null, align(valuesByCategory), true);
    }

    private double[] align(final Map<String, Double> values)
    {
        final double[] aligned = new double[categories.size()];
        for (int i = 0; i < aligned.length; i++)
        {
            final Double v = values.get(categories.get(i));
            aligned[i] = null == v ? Double.NaN : v;
        }
        return aligned;
    }
}
