package org.rhcc.dashboard;

import java.util.ArrayList;
import java.util.List;

import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.LiveWindows;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunListener;
import org.rhcc.experiments.result.RunRecord;

/**
 * Shows an experiment's runs on a {@link DashboardFeed} as the runner simulates them: the plan, each run's start,
 * progress, new points (at each progress tick, {@link RunListener#onRunTelemetry}) and record. Experiments follow
 * one another ({@code rhcc experiment all}); the runs of one run in parallel.
 */
final class LiveRunListener implements RunListener
{
    private final DashboardFeed feed;
    private volatile String experiment = "";

    LiveRunListener(final DashboardFeed feed)
    {
        this.feed = feed;
    }

    @Override
    public void onExperimentPlanned(final Experiment experiment, final ExperimentSettings settings,
        final List<PlannedRun> plan)
    {
        final List<RunView> runs = new ArrayList<>(plan.size());
        for (int i = 0; i < plan.size(); i++)
        {
            final PlannedRun run = plan.get(i);
            runs.add(new RunView(i, run.schemeEntry().name(), run.condition(), run.params()));
        }
        feed.planned(new ExperimentView(experiment.name(), experiment.paperRows(), settings.seed(),
            settings.warmupNs() / 1e6, settings.durationNs() / 1e6, runs));
        this.experiment = experiment.name();
    }

    @Override
    public void onRunStarted(final int index, final PlannedRun run)
    {
        feed.runChanged(experiment, index, RunView::started);
    }

    @Override
    public void onRunProgress(final int index, final double fractionDone)
    {
        feed.runChanged(experiment, index, (run) -> run.progress(fractionDone));
    }

    @Override
    public boolean wantsTelemetry()
    {
        return true;
    }

    @Override
    public void onRunTelemetry(final int index, final LiveWindows windows)
    {
        feed.windows(experiment, index, windows);
    }

    @Override
    public void onRunRecorded(final int index, final RunRecord record)
    {
        feed.runChanged(experiment, index, (run) -> run.recorded(record));
    }

    @Override
    public void onExperimentFinished(final String experiment)
    {
        feed.experimentFinished(experiment);
    }
}
