package org.rhcc.actors.node;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.receiver.ReceiverGuardian;
import org.rhcc.actors.sender.QpBlockEntity;
import org.rhcc.actors.sender.SenderGuardian;

/**
 * The root guardian of a node: one guardian per role the node has, and the sender entities' sharding (hosted on the
 * nodes of the {@code sender} role, which own the senders' NICs; other nodes only route to them).
 */
public final class NodeGuardian
{
    private NodeGuardian()
    {
    }

    /**
     * @param node the node's shared resources.
     * @return the root behavior.
     */
    public static Behavior<Void> create(final NodeContext node)
    {
        return Behaviors.setup((context) ->
        {
            final NodeSettings s = node.settings();
            ClusterSharding.get(context.getSystem()).init(Entity.of(QpBlockEntity.TYPE_KEY,
                (entity) -> QpBlockEntity.create(entity.getEntityId(), node.senderAgents(), s.qpsPerEntity(),
                    s.controlIntervalNs(), s.snapshotEvery(), s.keepSnapshots()))
                .withRole(NodeSettings.ROLE_SENDER));
            if (s.hasRole(NodeSettings.ROLE_RECEIVER))
            {
                context.spawn(ReceiverGuardian.create(node), "receiver");
            }
            if (s.hasRole(NodeSettings.ROLE_SENDER))
            {
                context.spawn(SenderGuardian.create(node), "sender");
            }
            return Behaviors.empty();
        });
    }
}
