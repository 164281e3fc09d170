package org.rhcc.actors.context;

import java.util.Collection;
import java.util.function.Function;

import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;

/**
 * Which of several nodes able to run a role is the one in charge: the oldest member of the cluster (the one that
 * came Up first), as Pekko's own singletons and shard coordinators are placed. Session placement and shard
 * allocation use this one rule, so a sender host's QP blocks are sharded onto the node whose rate updater runs the
 * host's session even when several standbys of the host are up (docs/design.md §7, "Runs survive a node"): a standby
 * started after another is younger and is chosen only once the older one has left.
 */
public final class MemberAge
{
    private MemberAge()
    {
    }

    /**
     * @param system     the local actor system (its view of the cluster's members).
     * @param candidates the candidates.
     * @param addressOf  a candidate's node address; a local-scope address stands for the local node.
     * @param <T>        the candidates' type.
     * @return the candidate on the oldest member that is up and reachable, or null if there is none; a candidate whose
     * node is not (downed, leaving, unreachable, no longer a member) is chosen only when no other is left.
     */
    public static <T> T oldest(final ActorSystem<?> system, final Collection<T> candidates,
        final Function<T, Address> addressOf)
    {
        T oldest = null;
        Member oldestMember = null;
        for (final T candidate : candidates)
        {
            final Member member = inCharge(system, memberAt(system, addressOf.apply(candidate)));
            if (null == oldest || (null != member && (null == oldestMember || member.isOlderThan(oldestMember))))
            {
                oldest = candidate;
                oldestMember = member;
            }
        }
        return oldest;
    }

    private static Member inCharge(final ActorSystem<?> system, final Member member)
    {
        if (null == member || Cluster.get(system).state().getUnreachable().contains(member))
        {
            return null;
        }
        final MemberStatus status = member.status();
        return status == MemberStatus.up() || status == MemberStatus.weaklyUp() ? member : null;
    }

    /**
     * @param system  the local actor system.
     * @param address a node address; a local-scope address stands for the local node.
     * @return the member at that address, or null if it is not (or no longer) a member.
     */
    public static Member memberAt(final ActorSystem<?> system, final Address address)
    {
        final Cluster cluster = Cluster.get(system);
        final Address resolved = address.hasLocalScope() ? cluster.selfMember().address() : address;
        for (final Member member : cluster.state().getMembers())
        {
            if (member.address().equals(resolved))
            {
                return member;
            }
        }
        return null;
    }
}
