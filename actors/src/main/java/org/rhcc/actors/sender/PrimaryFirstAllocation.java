package org.rhcc.actors.sender;

import java.util.Collections;
import java.util.Map;
import java.util.Set;

import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.sharding.ShardCoordinator;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.dispatch.Futures;
import org.rhcc.actors.config.NodeSettings;
import scala.collection.immutable.IndexedSeq;
import scala.concurrent.Future;

/**
 * Where a sender host's QP-block shards go: to the shard region of a node that owns the host and is not a standby
 * (the node whose rate updater runs the host's sessions), the one with the lowest address if there are several; to a
 * standby's region only when no other is left (the owner left the cluster, and the standby takes its sessions over).
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
        ActorRef primary = null;
        ActorRef standby = null;
        for (final ActorRef region : currentShardAllocations.keySet())
        {
            if (isStandby(addressOf(region)))
            {
                standby = null == standby || lower(region, standby) ? region : standby;
            }
            else
            {
                primary = null == primary || lower(region, primary) ? region : primary;
            }
        }
        return Futures.successful(null != primary ? primary : null != standby ? standby : requester);
    }

    @Override
    public Future<Set<String>> rebalance(final Map<ActorRef, IndexedSeq<String>> currentShardAllocations,
        final Set<String> rebalanceInProgress)
    {
        return Futures.successful(Collections.emptySet());
    }

    private boolean lower(final ActorRef a, final ActorRef b)
    {
        return addressOf(a).toString().compareTo(addressOf(b).toString()) < 0;
    }

    private Address addressOf(final ActorRef region)
    {
        final Address address = region.path().address();
        return address.hasLocalScope() ? Cluster.get(system).selfMember().address() : address;
    }

    private boolean isStandby(final Address address)
    {
        for (final Member member : Cluster.get(system).state().getMembers())
        {
            if (member.address().equals(address))
            {
                return member.hasRole(NodeSettings.ROLE_STANDBY);
            }
        }
        return false;
    }
}
