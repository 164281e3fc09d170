package org.rhcc.clustersim;

import java.util.Map;

import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.node.RhccNode;
import org.rhcc.actors.session.SessionClient;
import org.rhcc.core.control.Scheme;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.transport.aeron.IdleStrategies;

/**
 * The simulated platform hosted by a node with the {@code sim} role: its Aeron endpoints ({@link LockstepPlatform})
 * and the session client that opens each run's session on the controller nodes. Every run through it is a lockstep
 * run ({@link AeronLockstepHook}), one at a time: the platform's streams are shared by the runs. The experiment
 * harness binds its schemes and runs to these hooks in cluster-service
 * ({@code cluster-service/src/main/java/org/rhcc/clusterservice/ClusterHooks.java}).
 */
public final class SimPlatform implements AutoCloseable
{
    private final RhccNode node;
    private final LockstepPlatform platform;
    private final SessionClient client;
    private final java.time.Duration failSafeAfter;
    private final PlatformEvents events;

    /**
     * Opens the platform's streams on a started node.
     *
     * @param node a node with the {@code sim} role.
     * @throws IllegalArgumentException if the node lacks the role.
     */
    public SimPlatform(final RhccNode node)
    {
        if (!node.settings().hasRole(NodeSettings.ROLE_SIM))
        {
            throw new IllegalArgumentException("the simulated platform runs on a node with the sim role; this one " +
                "has " + node.settings().roles());
        }
        this.node = node;
        this.platform = node.context().activity().whileHot(() -> new LockstepPlatform(node.context().aeron(),
            node.settings(), node.context().frameAuth()));
        this.client = new SessionClient(node.system(), node.settings().askTimeout());
        this.events = new PlatformEvents(node.context().controlPlane(), node.context().activity());
        this.failSafeAfter = node.system().settings().config().getDuration("rhcc.lockstep.failsafe-after");
        if (failSafeAfter.isNegative() || failSafeAfter.isZero() ||
            failSafeAfter.compareTo(node.settings().lockstepTimeout()) >= 0)
        {
            throw new IllegalArgumentException("rhcc.lockstep.failsafe-after = " + failSafeAfter.toMillis() +
                " ms must be > 0 and shorter than rhcc.lockstep.timeout (" +
                node.settings().lockstepTimeout().toMillis() + " ms)");
        }
    }

    /**
     * @param scheme a controller scheme's label ({@code rhcc}, {@code dcqcn}, ...).
     * @param params the run's parameter overrides, in order.
     * @return a lockstep hook for one run.
     */
    public ControllerHook hook(final String scheme, final Map<String, String> params)
    {
        final NodeSettings s = node.settings();
        return new AeronLockstepHook(platform, client, Scheme.parse(scheme), params,
            IdleStrategies.parse(s.idleStrategy()), s.lockstepTimeout(), failSafeAfter, s.receiverHostId(),
            s.senderHostId(), events);
    }

    /**
     * @return the fail-safes and takeovers of the runs, for whoever follows them.
     */
    public PlatformEvents events()
    {
        return events;
    }

    /**
     * @return the node hosting the platform.
     */
    public RhccNode node()
    {
        return node;
    }

    /**
     * Closes the platform's streams (the node stays).
     */
    public void close()
    {
        node.context().activity().whileHot(() ->
        {
            platform.close();
            return null;
        });
    }
}
