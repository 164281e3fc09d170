package org.rhcc.clustersim;

import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.node.RhccNode;
import org.rhcc.actors.session.SessionClient;
import org.rhcc.core.control.Scheme;
import org.rhcc.experiments.RunHookFactory;
import org.rhcc.experiments.UserInputException;
import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.transport.aeron.IdleStrategies;

/**
 * The simulated platform hosted by a node with the {@code sim} role: its Aeron endpoints ({@link LockstepPlatform})
 * and the session client that opens each run's session on the controller nodes. Every run through it is a lockstep
 * run ({@link AeronLockstepHook}), one at a time: the platform's streams are shared by the runs.
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
        this.platform = new LockstepPlatform(node.context().aeron(), node.settings(), node.context().frameAuth());
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
     * @param schemes schemes a command wants to run through the cluster.
     * @throws UserInputException naming the first scheme the controller nodes cannot run (one registered without its
     *                            intra-host and inter-host parts, e.g. a test's scheme).
     */
    public static void requireClusterSchemes(final Collection<SchemeEntry> schemes)
    {
        for (final SchemeEntry entry : schemes)
        {
            if (!entry.hasParts())
            {
                throw new UserInputException("scheme '" + entry.name() + "' cannot run through the cluster: it is " +
                    "not made of a controller scheme the nodes know and an inter-host CC; run it with --via inproc");
            }
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
     * @param scheme a scheme with its parts ({@link SchemeEntry#hasParts()}).
     * @param params the run's parameter overrides, in order.
     * @return the scheme for one run: its controllers in lockstep on the nodes, its inter-host CC on the platform.
     */
    public ControllerHook hook(final SchemeEntry scheme, final Map<String, String> params)
    {
        requireClusterSchemes(List.of(scheme));
        return scheme.onPlatform(hook(scheme.intraHost().label(), params), params);
    }

    /**
     * @return each run's lockstep hook, for an {@link org.rhcc.experiments.ExperimentRunner} with one thread.
     */
    public RunHookFactory hookFactory()
    {
        return (run) -> hook(run.schemeEntry(), run.params());
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
        platform.close();
    }
}
