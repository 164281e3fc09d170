package org.rhcc.experiments.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Everything one {@code rhcc experiment NAME} run produced, in plan order: the input to the JSON, CSV, table, charts
 * and the markdown report, and what {@link ResultJson#read} rebuilds from a JSON file.
 *
 * @param experiment     experiment name.
 * @param paperRows      the baseline rows of docs/paper.md §4 it reproduces, e.g. {@code B1-B6}.
 * @param seed           seed of every run.
 * @param durationMs     measured simulated time per run, ms.
 * @param warmupMs       simulated warm-up per run discarded from the metrics, ms.
 * @param schemes        schemes run, in order.
 * @param simParameters  the simulator parameters every run started from (before per-run overrides), ordered.
 * @param runs           one record per run, in plan order.
 */
public record ExperimentResult(
    String experiment,
    String paperRows,
    long seed,
    double durationMs,
    double warmupMs,
    List<String> schemes,
    Map<String, Object> simParameters,
    List<RunRecord> runs)
{
    /**
     * Freezes the collections in their given order.
     */
    public ExperimentResult
    {
        Objects.requireNonNull(experiment, "experiment");
        Objects.requireNonNull(paperRows, "paperRows");
        schemes = List.copyOf(schemes);
        simParameters = Collections.unmodifiableMap(new LinkedHashMap<>(simParameters));
        runs = List.copyOf(runs);
    }

    /**
     * @param filter which runs.
     * @return the matching runs in plan order.
     */
    public List<RunRecord> select(final Predicate<RunRecord> filter)
    {
        return runs.stream().filter(filter).toList();
    }

    /**
     * @param filter which run.
     * @return the first matching run in plan order, or null if none matches.
     */
    public RunRecord first(final Predicate<RunRecord> filter)
    {
        for (final RunRecord run : runs)
        {
            if (filter.test(run))
            {
                return run;
            }
        }
        return null;
    }

    /**
     * @return true when more than one scheme was run, so that legends must name the scheme.
     */
    public boolean comparesSchemes()
    {
        return schemes.size() > 1;
    }
}
