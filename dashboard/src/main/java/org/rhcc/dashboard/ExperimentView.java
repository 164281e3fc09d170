package org.rhcc.dashboard;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rhcc.experiments.result.ExperimentResult;

/**
 * One experiment as the dashboard shows it: its name, run lengths and runs in plan order. Not thread-safe:
 * {@link DashboardFeed} guards it.
 */
final class ExperimentView
{
    private final String name;
    private final String paperRows;
    private final long seed;
    private final double warmupMs;
    private final double durationMs;
    private final List<RunView> runs;
    private boolean finished;

    ExperimentView(final String name, final String paperRows, final long seed, final double warmupMs,
        final double durationMs, final List<RunView> runs)
    {
        this.name = name;
        this.paperRows = paperRows;
        this.seed = seed;
        this.warmupMs = warmupMs;
        this.durationMs = durationMs;
        this.runs = new ArrayList<>(runs);
    }

    /**
     * @param result a finished experiment, read from its JSON.
     * @return it, every run finished.
     */
    static ExperimentView of(final ExperimentResult result)
    {
        final List<RunView> runs = new ArrayList<>();
        for (int i = 0; i < result.runs().size(); i++)
        {
            runs.add(RunView.of(i, result.runs().get(i)));
        }
        final ExperimentView experiment = new ExperimentView(result.experiment(), result.paperRows(), result.seed(),
            result.warmupMs(), result.durationMs(), runs);
        experiment.finished = true;
        return experiment;
    }

    String name()
    {
        return name;
    }

    /**
     * @param index position of a run in the plan.
     * @throws IllegalArgumentException if the plan has no such run.
     */
    RunView run(final int index)
    {
        if (index < 0 || index >= runs.size())
        {
            throw new IllegalArgumentException("run " + index + " is outside the plan of " + name + " (" +
                runs.size() + " runs)");
        }
        return runs.get(index);
    }

    void finished()
    {
        finished = true;
    }

    /**
     * @return the experiment and its runs as the page reads them.
     */
    ObjectNode json()
    {
        final ObjectNode node = Json.object();
        node.put("name", name);
        node.put("paper_rows", paperRows);
        node.put("seed", seed);
        Json.put(node, "warmup_ms", warmupMs);
        Json.put(node, "duration_ms", durationMs);
        node.put("state", finished ? RunView.FINISHED : RunView.RUNNING);
        final ArrayNode runsNode = node.putArray("runs");
        runs.forEach((run) -> runsNode.add(run.json()));
        return node;
    }
}
