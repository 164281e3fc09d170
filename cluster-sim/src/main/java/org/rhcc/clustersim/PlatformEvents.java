package org.rhcc.clustersim;

import java.util.function.Consumer;

import org.rhcc.actors.counters.ControlPlaneCounters;
import org.rhcc.transport.aeron.NodeActivity;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sim node's runs as its node and its operator see them: a run's session makes the node's driver hot (it rests
 * between runs, {@link NodeActivity}); and what the simulated platform tells its operator and its client when a run
 * loses a controller: the simulated
 * receiver host's fail-safe entered and left, and a role taken over by a standby. Each event is one log line on the sim
 * node, a change of the node's {@link ControlPlaneCounters} (so {@code /metrics} shows it at the next scrape), and the
 * same line to whoever follows the current experiment ({@code rhcc experiment --cluster} prints it).
 * <p>
 * Called on the simulator's thread, off its hot path (only when a controller has been silent).
 */
public final class PlatformEvents
{
    private static final Logger LOGGER = LoggerFactory.getLogger(PlatformEvents.class);
    private static final Consumer<String> NOBODY = (line) -> { };

    private final ControlPlaneCounters counters;
    private final NodeActivity activity;
    private volatile Consumer<String> follower = NOBODY;

    /**
     * @param counters the sim node's control-plane counters.
     * @param activity the sim node's open runs: its driver is hot while a run's session is open.
     */
    public PlatformEvents(final ControlPlaneCounters counters, final NodeActivity activity)
    {
        this.counters = counters;
        this.activity = activity;
    }

    /**
     * A run's session opens: the sim node's driver is hot until {@link #runClosed()}.
     */
    public void runOpened()
    {
        activity.enter();
    }

    /**
     * A run's session closed.
     */
    public void runClosed()
    {
        activity.leave();
    }

    /**
     * @param follower told each event's line while the current experiment runs; null for nobody.
     */
    public void follow(final Consumer<String> follower)
    {
        this.follower = null == follower ? NOBODY : follower;
    }

    /**
     * The simulated receiver host was unthrottled.
     *
     * @param line what happened, for the operator.
     */
    public void failSafeEntered(final String line)
    {
        counters.failSafeEntered();
        tell(line);
    }

    /**
     * The simulated receiver host is controlled again.
     *
     * @param line what happened, or null when nothing needs saying (the run ended).
     */
    public void failSafeLeft(final String line)
    {
        if (0 != counters.inFailSafe())
        {
            counters.failSafeLeft();
            if (null != line)
            {
                tell(line);
            }
        }
    }

    /**
     * A standby took a role's session over.
     *
     * @param role             {@code receiver} or {@code sender}.
     * @param withoutControlNs from the departed controller's last answer to the standby in control, ns.
     * @param line             what happened.
     */
    public void takenOver(final String role, final long withoutControlNs, final String line)
    {
        counters.of(role).takenOverByPlatform(withoutControlNs);
        if (ControlPlaneCounters.RECEIVER.equals(role))
        {
            counters.failSafeLeft();
        }
        tell(line);
    }

    private void tell(final String line)
    {
        LOGGER.warn(line);
        follower.accept(line);
    }
}
