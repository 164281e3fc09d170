package org.rhcc.actors.node;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.context.NodeContext;
import org.rhcc.actors.receiver.ReceiverRole;
import org.rhcc.actors.sender.QpBlockSharding;
import org.rhcc.actors.sender.SenderAgents;
import org.rhcc.actors.sender.SenderRole;
import org.rhcc.actors.session.RoleGuardian;

/**
 * The root guardian of a node: one guardian per role the node has, and, on a sender node, the sharding of the sender
 * entities of every sender host whose NIC it owns ({@link QpBlockSharding}: one entity type per sender host, hosted
 * only by the nodes that own the host). The roles get the node's context; the sender role and its sharding also get
 * the node's registry of rate-updater agents ({@link SenderAgents}), through which its entities reach the agent.
 */
public final class NodeGuardian
{
    private NodeGuardian()
    {
    }

    /**
     * @param node         the node's shared resources.
     * @param senderAgents the node's rate-updater agents by session.
     */
    public static Behavior<Void> create(final NodeContext node, final SenderAgents senderAgents)
    {
        return Behaviors.setup((context) ->
        {
            final NodeSettings s = node.settings();
            if (s.hasRole(NodeSettings.ROLE_SENDER))
            {
                for (final int senderHostId : s.senderHosts())
                {
                    QpBlockSharding.init(context.getSystem(), node, senderAgents, senderHostId);
                }
            }
            if (s.hasRole(NodeSettings.ROLE_RECEIVER))
            {
                context.spawn(RoleGuardian.create(ReceiverRole.ROLE, node), "receiver");
            }
            if (s.hasRole(NodeSettings.ROLE_SENDER))
            {
                context.spawn(RoleGuardian.create(new SenderRole(senderAgents), node), "sender");
            }
            return Behaviors.empty();
        });
    }
}
