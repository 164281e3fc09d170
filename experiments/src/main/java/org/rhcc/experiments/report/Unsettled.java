package org.rhcc.experiments.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.rhcc.experiments.result.RunRecord;
import org.rhcc.experiments.result.Stationarity;

/**
 * How tables and charts mark a run that had not settled ({@link RunRecord#unsettled()}): a {@value #MARK} after the
 * run's first cell or legend entry, and a legend line naming each such run and the metric that moved most between
 * the two halves of its measured window.
 */
public final class Unsettled
{
    /** The mark after a run that is not stationary. */
    public static final String MARK = "*";

    private Unsettled()
    {
    }

    /**
     * @param text a cell or legend entry.
     * @param run  its run.
     * @return {@code text} with {@value #MARK} appended if the run is not stationary.
     */
    public static String mark(final String text, final RunRecord run)
    {
        return run.unsettled() ? text + " " + MARK : text;
    }

    /**
     * @param text a cell or legend entry, marked or not.
     * @return {@code text} without the {@value #MARK} {@link #mark} appends.
     */
    public static String unmarked(final String text)
    {
        return text.endsWith(" " + MARK) ? text.substring(0, text.length() - MARK.length() - 1) : text;
    }

    /**
     * @return the legend's heading: what the mark means.
     */
    public static String legend()
    {
        return MARK + " not stationary: a metric differs by more than " +
            String.format(Locale.ROOT, "%.0f", 100.0 * Stationarity.TOLERANCE) +
            " % between the first and the second half of the measured window";
    }

    /**
     * @param runs runs shown.
     * @return one line per run that is not stationary, e.g. {@code "rhcc | 3x, PFC on: rnic_gbps 23.4 %"}, in order;
     * empty when every run settled.
     */
    public static List<String> lines(final List<RunRecord> runs)
    {
        final List<String> lines = new ArrayList<>();
        for (final RunRecord run : runs)
        {
            if (run.unsettled())
            {
                lines.add(run.scheme() + " | " + run.condition() + ": " + run.stationarity().describeWorst());
            }
        }
        return lines;
    }
}
