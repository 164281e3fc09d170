package org.rhcc.experiments.report;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.rhcc.core.control.InterHostCc;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.experiments.scheme.SchemeRegistry;

/**
 * Draws a crowded chart as one panel per inter-host CC, so that it stays readable as schemes multiply: the runs over
 * DCQCN (dcqcn alone, rhcc, rhcc-gated and the baselines that run over DCQCN), over HPCC (hpcc, rhcc+hpcc,
 * rhcc-gated+hpcc) and over Swift each get a plot of their own, stacked in one PNG under the chart's title, with a
 * common y axis.
 * <p>
 * A chart is split when its runs span more than one inter-host CC and, drawn as one plot, it would show more simulated
 * series than {@link ChartStyles#COLOURS} (there would be two of one colour); otherwise it is drawn as before. Each
 * panel is the wrapped chart built from that CC's runs alone, with the result's full scheme list, so that legends keep
 * naming the schemes; the notes (runs that had not settled) are the whole chart's, printed once.
 */
public final class InterHostCcPanels implements ChartSpec
{
    private static final SchemeRegistry SCHEMES = SchemeRegistry.builtIn();

    private final ChartSpec chart;

    private InterHostCcPanels(final ChartSpec chart)
    {
        this.chart = chart;
    }

    /**
     * @param chart a chart.
     * @return the chart, split into one panel per inter-host CC where it is crowded.
     */
    public static ChartSpec of(final ChartSpec chart)
    {
        return chart instanceof InterHostCcPanels ? chart : new InterHostCcPanels(chart);
    }

    @Override
    public Optional<ChartData> build(final ExperimentResult result)
    {
        final Optional<ChartData> whole = chart.build(result);
        if (whole.isEmpty() || simulatedSeries(whole.get()) <= ChartStyles.COLOURS)
        {
            return whole;
        }
        final Map<InterHostCc, List<RunRecord>> runsByCc = new EnumMap<>(InterHostCc.class);
        for (final RunRecord run : result.runs())
        {
            runsByCc.computeIfAbsent(interHostCc(run.scheme()), (cc) -> new ArrayList<>()).add(run);
        }
        if (runsByCc.size() < 2)
        {
            return whole;
        }
        final List<ChartData> panels = new ArrayList<>();
        runsByCc.forEach((cc, runs) -> chart.build(new ExperimentResult(result.experiment(), result.paperRows(),
            result.seed(), result.durationMs(), result.warmupMs(), result.schemes(), result.simParameters(), runs))
            .ifPresent((panel) -> panels.add(panel.withTitle("over " + name(cc)))));
        if (panels.size() < 2)
        {
            return whole;
        }
        return Optional.of(whole.get().withPanels(whole.get().title(), panels, whole.get().notes()));
    }

    /**
     * @param scheme a scheme's name as results record it.
     * @return the inter-host CC it runs over: its registry entry's; for a name the registry does not know (a JSON of
     * another version, a test's scheme), the CC after its {@code +}, or the CC it is named after, else DCQCN.
     */
    public static InterHostCc interHostCc(final String scheme)
    {
        for (final SchemeEntry entry : SCHEMES.all())
        {
            if (entry.name().equals(scheme))
            {
                return entry.interHost();
            }
        }
        final String cc = scheme.substring(scheme.indexOf('+') + 1);
        for (final InterHostCc candidate : InterHostCc.values())
        {
            if (candidate.label().equals(cc))
            {
                return candidate;
            }
        }
        return InterHostCc.DCQCN;
    }

    /**
     * @param cc an inter-host CC.
     * @return its name as papers write it: DCQCN, HPCC, Swift.
     */
    static String name(final InterHostCc cc)
    {
        return InterHostCc.SWIFT == cc ? "Swift" : cc.name();
    }

    private static int simulatedSeries(final ChartData data)
    {
        int count = 0;
        for (final ChartData plot : data.plots())
        {
            count += (int)plot.series().stream().filter((series) -> !series.reference()).count();
        }
        return count;
    }
}
