package org.rhcc.bench.actors;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.rhcc.actors.config.SessionSpec;
import org.rhcc.actors.session.SessionClient;
import org.rhcc.actors.session.SessionProtocol;
import org.rhcc.clustersim.ClusterControllers;

/**
 * Heap of sharded sender state: a one-node cluster opens a session of {@code qps} QPs, so the sender role opens one
 * entity per block of 1024 QPs through sharding, each journaling its {@code BlockOpened} (H2) and handing its table
 * to the rate-updater agent. Heap after a full GC, before and after, divided by the QPs.
 */
final class ShardedStateBench
{
    private ShardedStateBench()
    {
    }

    /**
     * @param qps QPs of the session.
     * @return {bytes of heap per QP, seconds to open all entities}.
     */
    static double[] run(final int qps)
    {
        final Path work = Fixtures.workDir("state");
        try (ClusterControllers cluster = ClusterControllers.start(1, work, Map.of("rhcc.control.ask-timeout", "120s")))
        {
            final SessionClient client = new SessionClient(cluster.node().system(), java.time.Duration.ofSeconds(120));
            final long before = usedHeap();
            final SessionSpec spec = new SessionSpec(SessionClient.newSessionId(), "rhcc", Map.of(), qps, 100.0, 2, 0);
            final long startNs = System.nanoTime();
            client.start(spec, List.of(SessionProtocol.SENDER_KEY));
            final double seconds = (System.nanoTime() - startNs) / 1e9;
            final long after = usedHeap();
            client.end(spec.sessionId(), List.of(SessionProtocol.SENDER_KEY));
            return new double[]{ (double)(after - before) / qps, seconds };
        }
        finally
        {
            Fixtures.delete(work);
        }
    }

    private static long usedHeap()
    {
        final Runtime rt = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++)
        {
            System.gc();
            Fixtures.sleep(200);
            used = Math.min(used, rt.totalMemory() - rt.freeMemory());
        }
        return used;
    }
}
