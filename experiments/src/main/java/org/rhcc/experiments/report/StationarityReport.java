package org.rhcc.experiments.report;

import java.util.List;
import java.util.Locale;

import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.experiments.result.Stationarity;

/**
 * The runs of a result directory that had not settled ({@code rhcc report --from DIR --stationarity}): per
 * experiment, its run length, how many runs were checked, and each run whose measured window's two halves differ by
 * more than {@link Stationarity#TOLERANCE} in some metric, with that metric's halves.
 */
public final class StationarityReport
{
    private StationarityReport()
    {
    }

    /**
     * @param results the experiments' results, in report order.
     * @return plain text, every line ending with "\n", closing with the total.
     */
    public static String render(final List<ExperimentResult> results)
    {
        final StringBuilder text = new StringBuilder();
        text.append("runs whose first and second half of the measured window differ by more than ")
            .append(Fmt.num(100.0 * Stationarity.TOLERANCE, 0)).append(" % (").append(Unsettled.MARK)
            .append(" in the tables and charts):\n");
        int total = 0;
        int unsettled = 0;
        int unchecked = 0;
        for (final ExperimentResult result : results)
        {
            int checked = 0;
            final StringBuilder lines = new StringBuilder();
            int count = 0;
            for (final RunRecord run : result.runs())
            {
                total++;
                if (null == run.stationarity())
                {
                    unchecked++;
                    continue;
                }
                checked++;
                if (run.unsettled())
                {
                    count++;
                    final Stationarity stationarity = run.stationarity();
                    final Stationarity.Halves worst = stationarity.metrics().get(stationarity.worstMetric());
                    lines.append("    ").append(run.scheme()).append(" | ").append(run.condition()).append(": ")
                        .append(stationarity.describeWorst());
                    if (null != worst)
                    {
                        lines.append(String.format(Locale.ROOT, " (first half %s, second half %s)",
                            Fmt.num(worst.first(), 3), Fmt.num(worst.second(), 3)));
                    }
                    lines.append('\n');
                }
            }
            unsettled += count;
            text.append(String.format(Locale.ROOT, "  %-14s %s+%s ms, %d of %d runs checked: %s%n",
                result.experiment(), Fmt.num(result.warmupMs(), 0), Fmt.num(result.durationMs(), 0), checked,
                result.runs().size(), 0 == count ? "all stationary" : count + " not stationary"));
            text.append(lines);
        }
        text.append(String.format(Locale.ROOT, "%d of %d runs not stationary", unsettled, total));
        if (unchecked > 0)
        {
            text.append(String.format(Locale.ROOT, "; %d runs without a stationarity record (written before it " +
                "was recorded: run the experiment again)", unchecked));
        }
        text.append('\n');
        return text.toString();
    }
}
