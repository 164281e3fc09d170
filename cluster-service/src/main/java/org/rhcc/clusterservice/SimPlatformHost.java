package org.rhcc.clusterservice;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.apache.pekko.actor.typed.Props;
import org.rhcc.actors.node.RhccNode;
import org.rhcc.clustersim.SimPlatform;

/**
 * What a node started with {@code rhcc node --role sim} hosts once it has joined its cluster: the simulated
 * platform's streams and the experiment service that clients ({@code rhcc experiment NAME --cluster}) run
 * experiments through, one at a time on the node's experiment thread.
 */
public final class SimPlatformHost implements AutoCloseable
{
    private final SimPlatform platform;
    private final ExecutorService worker;

    private SimPlatformHost(final SimPlatform platform, final ExecutorService worker)
    {
        this.platform = platform;
        this.worker = worker;
    }

    /**
     * @param node a started node with the {@code sim} role.
     * @return the platform and its service, serving.
     */
    public static SimPlatformHost start(final RhccNode node)
    {
        final SimPlatform platform = new SimPlatform(node);
        final ExecutorService worker = Executors.newSingleThreadExecutor((task) ->
        {
            final Thread thread = new Thread(task, "rhcc-sim-experiments");
            thread.setDaemon(true);
            return thread;
        });
        node.system().systemActorOf(ExperimentService.create(platform, worker), ExperimentService.NAME, Props.empty());
        return new SimPlatformHost(platform, worker);
    }

    /**
     * Stops the experiment thread (a run in flight fails) and closes the platform's streams.
     */
    public void close()
    {
        worker.shutdownNow();
        try
        {
            worker.awaitTermination(10, TimeUnit.SECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        platform.close();
    }
}
