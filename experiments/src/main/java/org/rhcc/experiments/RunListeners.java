package org.rhcc.experiments;

import java.util.List;

import org.rhcc.experiments.result.RunRecord;

/**
 * Several {@link RunListener}s as one ({@link RunListener#all}): every call goes to each of them in order; telemetry
 * goes to those that want it.
 */
final class RunListeners implements RunListener
{
    private final List<RunListener> listeners;

    RunListeners(final List<RunListener> listeners)
    {
        this.listeners = List.copyOf(listeners);
    }

    @Override
    public void onExperimentPlanned(final Experiment experiment, final ExperimentSettings settings,
        final List<PlannedRun> plan)
    {
        listeners.forEach((listener) -> listener.onExperimentPlanned(experiment, settings, plan));
    }

    @Override
    public void onExperimentStarted(final String experiment, final int runCount, final int threads)
    {
        listeners.forEach((listener) -> listener.onExperimentStarted(experiment, runCount, threads));
    }

    @Override
    public void onRunStarted(final int index, final PlannedRun run)
    {
        listeners.forEach((listener) -> listener.onRunStarted(index, run));
    }

    @Override
    public void onRunProgress(final int index, final double fractionDone)
    {
        listeners.forEach((listener) -> listener.onRunProgress(index, fractionDone));
    }

    @Override
    public boolean wantsTelemetry()
    {
        return listeners.stream().anyMatch(RunListener::wantsTelemetry);
    }

    @Override
    public void onRunTelemetry(final int index, final LiveWindows windows)
    {
        for (final RunListener listener : listeners)
        {
            if (listener.wantsTelemetry())
            {
                listener.onRunTelemetry(index, windows);
            }
        }
    }

    @Override
    public void onRunCopied(final int index, final PlannedRun run, final String original, final RunRecord record)
    {
        listeners.forEach((listener) -> listener.onRunCopied(index, run, original, record));
    }

    @Override
    public void onRunRecorded(final int index, final RunRecord record)
    {
        listeners.forEach((listener) -> listener.onRunRecorded(index, record));
    }

    @Override
    public void onRunFinished(final int index, final PlannedRun run, final double rnicGbps)
    {
        listeners.forEach((listener) -> listener.onRunFinished(index, run, rnicGbps));
    }

    @Override
    public void onExperimentFinished(final String experiment)
    {
        listeners.forEach((listener) -> listener.onExperimentFinished(experiment));
    }
}
