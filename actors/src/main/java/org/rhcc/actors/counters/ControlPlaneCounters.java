package org.rhcc.actors.counters;

import org.agrona.concurrent.status.AtomicCounter;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.counters.CounterKey;

import static org.rhcc.actors.counters.ControlPlaneCounterDescriptor.PLATFORM_FAILSAFE;
import static org.rhcc.actors.counters.ControlPlaneCounterDescriptor.PLATFORM_FAILSAFES;
import static org.rhcc.actors.counters.ControlPlaneCounterDescriptor.PLATFORM_TAKEOVERS;
import static org.rhcc.actors.counters.ControlPlaneCounterDescriptor.PLATFORM_TAKEOVER_GAP;
import static org.rhcc.actors.counters.ControlPlaneCounterDescriptor.SESSIONS_CLOSED;
import static org.rhcc.actors.counters.ControlPlaneCounterDescriptor.SESSIONS_OPENED;
import static org.rhcc.actors.counters.ControlPlaneCounterDescriptor.SESSIONS_ORPHANED;
import static org.rhcc.actors.counters.ControlPlaneCounterDescriptor.SESSIONS_TAKEN_OVER;

/**
 * What an operator must see of the control plane, one set per node for its lifetime (session {@link CounterKey#NODE},
 * scope = the role, {@code receiver} or {@code sender}): the sessions a controller node opened, closed and found
 * orphaned (their platform's node downed or gone, docs/design.md §7), and those a standby opened for a departed node
 * (a takeover); and, on the node hosting the simulated platform, the simulated receiver host's fail-safe (entered
 * count, and a gauge that is 1 while the host runs unthrottled because its controller is silent) and the takeovers
 * it arranged (count, and the last one's time without control, ns). They change on the event itself, so a
 * scrape a second later shows it (README, "Operating rhcc").
 * <p>
 * Written by actors and the simulator's thread on control-plane events only: never on a data-plane hot path.
 */
public final class ControlPlaneCounters
{
    /** The receiver role's scope. */
    public static final String RECEIVER = "receiver";
    /** The sender role's scope. */
    public static final String SENDER = "sender";

    private final Role receiver;
    private final Role sender;
    private final AtomicCounter failSafes;
    private final AtomicCounter failSafe;

    private ControlPlaneCounters(final CounterAllocator allocator)
    {
        receiver = new Role(allocator, RECEIVER);
        sender = new Role(allocator, SENDER);
        failSafes = allocate(allocator, PLATFORM_FAILSAFES, CounterKey.node(0, RECEIVER), "platform " + RECEIVER);
        failSafe = allocate(allocator, PLATFORM_FAILSAFE, CounterKey.node(0, RECEIVER), "platform " + RECEIVER);
    }

    /**
     * @param allocator where the counters come from (the node's).
     * @return the node's control-plane counters.
     */
    public static ControlPlaneCounters allocate(final CounterAllocator allocator)
    {
        return new ControlPlaneCounters(allocator);
    }

    /**
     * @param role {@code receiver} or {@code sender}.
     * @return that role's counters.
     */
    public Role of(final String role)
    {
        return RECEIVER.equals(role) ? receiver : sender;
    }

    /**
     * The simulated receiver host was unthrottled: its controller has been silent for the fail-safe's time.
     */
    public void failSafeEntered()
    {
        failSafes.increment();
        failSafe.setOrdered(1);
    }

    /**
     * The simulated receiver host is controlled again (its controller answered, or a standby took over), or the run
     * ended.
     */
    public void failSafeLeft()
    {
        failSafe.setOrdered(0);
    }

    /**
     * @return 1 while the simulated receiver host is in its fail-safe.
     */
    public long inFailSafe()
    {
        return failSafe.get();
    }

    private static AtomicCounter allocate(final CounterAllocator allocator,
        final ControlPlaneCounterDescriptor descriptor, final CounterKey key, final String owner)
    {
        return allocator.allocate(descriptor.typeId(), key, "rhcc " + owner + " " + descriptor.label());
    }

    /**
     * One role's counters.
     */
    public static final class Role
    {
        private final AtomicCounter opened;
        private final AtomicCounter closed;
        private final AtomicCounter orphaned;
        private final AtomicCounter takenOver;
        private final AtomicCounter platformTakeovers;
        private final AtomicCounter platformGapNs;

        Role(final CounterAllocator allocator, final String role)
        {
            final CounterKey key = CounterKey.node(0, role);
            final String sessions = role + " sessions";
            opened = allocate(allocator, SESSIONS_OPENED, key, sessions);
            closed = allocate(allocator, SESSIONS_CLOSED, key, sessions);
            orphaned = allocate(allocator, SESSIONS_ORPHANED, key, sessions);
            takenOver = allocate(allocator, SESSIONS_TAKEN_OVER, key, sessions);
            platformTakeovers = allocate(allocator, PLATFORM_TAKEOVERS, key, "platform " + role);
            platformGapNs = allocate(allocator, PLATFORM_TAKEOVER_GAP, key, "platform " + role);
        }

        /**
         * @param standby true if a standby opened it (it takes over a departed node's session).
         */
        public void opened(final boolean standby)
        {
            opened.increment();
            if (standby)
            {
                takenOver.increment();
            }
        }

        /**
         * A session ended.
         */
        public void closed()
        {
            closed.increment();
        }

        /**
         * A session was found orphaned (and is being ended).
         */
        public void orphaned()
        {
            orphaned.increment();
        }

        /**
         * The platform moved this role's session to a standby.
         *
         * @param withoutControlNs from the departed controller's last answer to the standby in control, ns.
         */
        public void takenOverByPlatform(final long withoutControlNs)
        {
            platformTakeovers.increment();
            platformGapNs.setOrdered(withoutControlNs);
        }

        /**
         * @return sessions opened.
         */
        public long opened()
        {
            return opened.get();
        }

        /**
         * @return sessions closed.
         */
        public long closedCount()
        {
            return closed.get();
        }

        /**
         * @return sessions orphaned.
         */
        public long orphanedCount()
        {
            return orphaned.get();
        }

        /**
         * @return takeovers the platform arranged for this role.
         */
        public long platformTakeovers()
        {
            return platformTakeovers.get();
        }
    }
}
