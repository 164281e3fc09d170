package org.rhcc.actors.agent;

import java.util.function.Supplier;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.PreRestart;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.IdleStrategy;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.context.NodeContext;
import org.rhcc.transport.agent.AgentThread;
import org.rhcc.transport.agent.AgentThreads;

/**
 * A signal source (the receiver's IIO sample source, the sender's probe-ACK source): an actor that starts its
 * duty-cycle agent, and fails when the agent crashes, so that its supervisor restarts it, and with it a fresh agent,
 * after an exponential backoff ({@code rhcc.supervision.source-*-backoff}). The agent is stopped (its thread joined)
 * before a restart and when the actor stops.
 */
public final class SourceActor extends AbstractBehavior<SourceActor.Command>
{
    /**
     * Commands of a source.
     */
    public interface Command
    {
    }

    /**
     * The agent crashed: the actor fails with the cause, and supervision restarts it.
     *
     * @param cause what the agent threw.
     */
    public record AgentCrashed(Throwable cause) implements Command
    {
    }

    /**
     * Thrown by a source whose agent crashed, for its supervisor.
     */
    public static final class SourceCrashedException extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        /**
         * @param role  the agent's role.
         * @param cause what the agent threw.
         */
        public SourceCrashedException(final String role, final Throwable cause)
        {
            super("signal source " + role + " crashed: " + cause, cause);
        }
    }

    private final AgentThread agentThread;
    private final String role;

    private SourceActor(final ActorContext<Command> context, final AgentThreads agentThreads, final Agent agent,
        final IdleStrategy idleStrategy)
    {
        super(context);
        this.role = agent.roleName();
        this.agentThread = agentThreads.start(agent, idleStrategy,
            (cause) -> context.getSelf().tell(new AgentCrashed(cause)));
        context.getLog().debug("signal source {} started", role);
    }

    /**
     * @param agents       creates a fresh agent at every (re)start.
     * @param idleStrategy creates the agent's idle strategy.
     * @param node         the node: its supervision backoff, and the group its agent threads run in.
     */
    public static Behavior<Command> create(final Supplier<Agent> agents, final Supplier<IdleStrategy> idleStrategy,
        final NodeContext node)
    {
        final NodeSettings settings = node.settings();
        return Behaviors.supervise(Behaviors.<Command>setup((context) ->
            new SourceActor(context, node.agentThreads(), agents.get(), idleStrategy.get())))
            .onFailure(SourceCrashedException.class, SupervisorStrategy.restartWithBackoff(
                settings.sourceMinBackoff(), settings.sourceMaxBackoff(), 0.2).withLoggingEnabled(false));
    }

    @Override
    public Receive<Command> createReceive()
    {
        return newReceiveBuilder()
            .onMessage(AgentCrashed.class, this::onAgentCrashed)
            .onSignal(PreRestart.class, (signal) -> stopAgent())
            .onSignal(PostStop.class, (signal) -> stopAgent())
            .build();
    }

    private Behavior<Command> onAgentCrashed(final AgentCrashed crashed)
    {
        getContext().getLog().warn("signal source {} crashed; restarting it with backoff: {}", role,
            String.valueOf(crashed.cause()));
        throw new SourceCrashedException(role, crashed.cause());
    }

    private Behavior<Command> stopAgent()
    {
        agentThread.close();
        return this;
    }
}
