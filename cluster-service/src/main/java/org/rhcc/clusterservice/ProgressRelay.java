package org.rhcc.clusterservice;

import org.apache.pekko.actor.typed.ActorRef;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunListener;

/**
 * Tells a client of the experiment service how its runs go: every start and end, and a run's progress at most every
 * {@link #PROGRESS_PERIOD_NS} (a run reports progress far more often than a terminal redraws); stops the run, by
 * throwing from a report, once its client went away.
 */
final class ProgressRelay implements RunListener
{
    /** Shortest interval between two progress messages, ns. */
    static final long PROGRESS_PERIOD_NS = 500_000_000L;

    private final ActorRef<ExperimentProtocol.Event> client;
    private final ExperimentService.Cancellation cancellation;
    private long lastProgressNs;

    /**
     * @param client       the client.
     * @param cancellation set when the client went away: the run stops at its next start or progress report.
     */
    ProgressRelay(final ActorRef<ExperimentProtocol.Event> client, final ExperimentService.Cancellation cancellation)
    {
        this.client = client;
        this.cancellation = cancellation;
    }

    @Override
    public synchronized void onRunStarted(final int index, final PlannedRun run)
    {
        cancellation.check();
        client.tell(new ExperimentProtocol.RunStarted(index));
        lastProgressNs = System.nanoTime();
    }

    @Override
    public synchronized void onRunProgress(final int index, final double fractionDone)
    {
        cancellation.check();
        final long nowNs = System.nanoTime();
        if (nowNs - lastProgressNs >= PROGRESS_PERIOD_NS)
        {
            lastProgressNs = nowNs;
            client.tell(new ExperimentProtocol.RunProgress(index, fractionDone));
        }
    }

    @Override
    public synchronized void onRunFinished(final int index, final PlannedRun run, final double rnicGbps)
    {
        client.tell(new ExperimentProtocol.RunFinished(index, rnicGbps));
    }
}
