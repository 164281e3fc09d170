package org.rhcc.actors.node;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;

/**
 * Waiting for a node's cluster to form: the node {@code Up}, and an {@code Up} member of each role the caller needs.
 * {@link RhccNode#awaitUp} and {@link RhccNode#awaitJoined} block their caller on it, polling the cluster state every
 * 50 ms.
 */
final class ClusterMembership
{
    private ClusterMembership()
    {
    }

    /**
     * Waits until the system's node is {@code Up} and the cluster has an {@code Up} member of each given role.
     *
     * @param system  the node's actor system.
     * @param timeout how long to wait.
     * @param roles   roles that must be present.
     * @throws IllegalStateException if they are not in time, or the node stops first.
     */
    static void awaitUp(final ActorSystem<Void> system, final Duration timeout, final String... roles)
    {
        final Cluster cluster = Cluster.get(system);
        final long deadlineNs = System.nanoTime() + timeout.toNanos();
        while (true)
        {
            boolean up = cluster.selfMember().status() == MemberStatus.up();
            for (final String role : roles)
            {
                boolean found = false;
                for (final Member member : cluster.state().getMembers())
                {
                    found |= member.status() == MemberStatus.up() && member.hasRole(role);
                }
                up &= found;
            }
            if (up)
            {
                return;
            }
            if (system.getWhenTerminated().toCompletableFuture().isDone())
            {
                throw new IllegalStateException("the node stopped before the cluster formed");
            }
            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new IllegalStateException("the cluster did not form within " + timeout.toSeconds() +
                    " s: members " + cluster.state().getMembers() + ", roles needed " + String.join(", ", roles));
            }
            try
            {
                TimeUnit.MILLISECONDS.sleep(50);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the cluster", ex);
            }
        }
    }
}
