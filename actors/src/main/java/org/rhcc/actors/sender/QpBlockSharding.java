package org.rhcc.actors.sender;

import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.context.NodeContext;

/**
 * Places the sender entities on the node that owns their sender host's NIC (docs/design.md §2, "shards are placed on the
 * node of the host that owns the NIC"): one sharding entity type per sender host, {@code QpBlock-host-<id>}, whose
 * regions run only on the nodes with the cluster role {@code sender-host-<id>}, i.e. those that list the host in
 * {@code rhcc.node.sender-hosts}. Any other node that initialises the type gets a proxy: it can route to the
 * entities, never host them. Persistence ids stay {@code QpBlock|<sessionId>-<block>} whatever the host.
 */
public final class QpBlockSharding
{
    /** Prefix of the per-host entity type names. */
    public static final String TYPE_PREFIX = "QpBlock-host-";

    private QpBlockSharding()
    {
    }

    /**
     * @param senderHostId a sender host.
     * @return the entity type of its QP blocks.
     */
    public static EntityTypeKey<QpBlockEntity.Command> typeKey(final int senderHostId)
    {
        return EntityTypeKey.create(QpBlockEntity.Command.class, TYPE_PREFIX + senderHostId);
    }

    /**
     * Starts the sharding of a sender host's QP blocks on this node: a shard region if the node owns the host (its
     * role {@code sender-host-<id>}), a proxy otherwise. Idempotent.
     *
     * @param system       the node's actor system.
     * @param node         the node's shared resources.
     * @param senderAgents the node's rate-updater agents, to which the entities hand their tables.
     * @param senderHostId the sender host.
     */
    public static void init(final ActorSystem<?> system, final NodeContext node, final SenderAgents senderAgents,
        final int senderHostId)
    {
        final NodeSettings s = node.settings();
        ClusterSharding.get(system).init(Entity.of(typeKey(senderHostId),
            (entity) -> QpBlockEntity.create(entity.getEntityId(), senderAgents, s.qpsPerEntity(),
                s.controlIntervalNs(), s.snapshotEvery(), s.keepSnapshots(), node.journalCounters().sender()))
            .withRole(NodeSettings.senderHostRole(senderHostId))
            .withAllocationStrategy(new PrimaryFirstAllocation(system)));
    }

    /**
     * @param system       an actor system on which the host's sharding is initialised ({@link #init}).
     * @param senderHostId the sender host.
     * @param sessionId    the session.
     * @param block        block index.
     */
    public static EntityRef<QpBlockEntity.Command> entityRef(final ActorSystem<?> system, final int senderHostId,
        final long sessionId, final int block)
    {
        return ClusterSharding.get(system).entityRefFor(typeKey(senderHostId),
            QpBlockEntity.entityId(sessionId, block));
    }
}
