package org.rhcc.actors.sender;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.sharding.ShardCoordinator;
import org.apache.pekko.dispatch.Futures;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.context.MemberAge;
import scala.collection.immutable.IndexedSeq;
import scala.concurrent.Future;

/**
 * Where a sender host's QP-block shards go: to the shard region of a node that owns the host and is not a standby
 * (the node whose rate updater runs the host's sessions), the oldest if there are several; to a standby's region only
 * when no other is left (the owner left the cluster, and the standby takes its sessions over), again the oldest: the
 * one {@link org.rhcc.actors.session.SessionClient} opens the host's sessions on ({@link MemberAge}).
 * Shards are never rebalanced: a block stays on the node running its session's rate updater until that node leaves.
 */
final class PrimaryFirstAllocation extends ShardCoordinator.AbstractShardAllocationStrategy
{
    private final ActorSystem<?> system;

    /**
     * @param system the node's actor system (its view of the cluster's members).
     */
    PrimaryFirstAllocation(final ActorSystem<?> system)
    {
        this.system = system;
    }

    @Override
    public Future<ActorRef> allocateShard(final ActorRef requester, final String shardId,
        final Map<ActorRef, IndexedSeq<String>> currentShardAllocations)
    {
        final List<ActorRef> primaries = new ArrayList<>();
        final List<ActorRef> standbys = new ArrayList<>();
        for (final ActorRef region : currentShardAllocations.keySet())
        {
            final Member member = MemberAge.memberAt(system, region.path().address());
            if (null != member)
            {
                (member.hasRole(NodeSettings.ROLE_STANDBY) ? standbys : primaries).add(region);
            }
        }
        final ActorRef primary = MemberAge.oldest(system, primaries, (region) -> region.path().address());
        final ActorRef standby = MemberAge.oldest(system, standbys, (region) -> region.path().address());
        return Futures.successful(null != primary ? primary : null != standby ? standby : requester);
    }

    @Override
    public Future<Set<String>> rebalance(final Map<ActorRef, IndexedSeq<String>> currentShardAllocations,
        final Set<String> rebalanceInProgress)
    {
        return Futures.successful(Collections.emptySet());
    }
}
