package org.rhcc.actors.session;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.context.MemberAge;

/**
 * Where {@link SessionClient} finds the guardians of the controller roles: the receptionist's listing of a role, the
 * one in charge among several (the oldest member's), and whether a guardian's node is still a member. Blocking, on the
 * calling thread.
 */
final class RoleGuardians
{
    private final ActorSystem<?> system;
    private final Duration timeout;

    /**
     * @param system  an actor system of the cluster.
     * @param timeout longest wait for a guardian or an answer.
     */
    RoleGuardians(final ActorSystem<?> system, final Duration timeout)
    {
        this.system = system;
        this.timeout = timeout;
    }

    /**
     * @return the guardian's node and status if it has left the cluster (downed, leaving or removed), else null.
     */
    String departed(final ActorRef<SessionProtocol.Command> guardian)
    {
        final Address address = addressOf(guardian);
        final Member member = MemberAge.memberAt(system, address);
        if (null == member)
        {
            return address + " (removed)";
        }
        final MemberStatus status = member.status();
        return status == MemberStatus.up() || status == MemberStatus.joining() ||
            status == MemberStatus.weaklyUp() ? null : address + " (" + status + ")";
    }

    /**
     * @return of several guardians able to run a role, the one in charge: the oldest member's, the node that
     * {@code PrimaryFirstAllocation} shards a sender host's blocks onto.
     */
    ActorRef<SessionProtocol.Command> oldest(final Set<ActorRef<SessionProtocol.Command>> guardians)
    {
        return MemberAge.oldest(system, guardians, (guardian) -> guardian.path().address());
    }

    Address addressOf(final ActorRef<?> ref)
    {
        final Address address = ref.path().address();
        return address.hasLocalScope() ? Cluster.get(system).selfMember().address() : address;
    }

    /**
     * Fails at once, rather than after the ask timeout, when no member of the cluster owns a sender host's NIC.
     *
     * @param senderHostId the session's sender host.
     * @throws IllegalStateException if no member has the host's role.
     */
    void requireSenderHostOwner(final int senderHostId)
    {
        final String role = NodeSettings.senderHostRole(senderHostId);
        for (final Member member : Cluster.get(system).state().getMembers())
        {
            if (member.hasRole(role))
            {
                return;
            }
        }
        throw new IllegalStateException("no node owns sender host " + senderHostId + "'s NIC; set " +
            "rhcc.node.sender-hosts on the node that runs it");
    }

    /**
     * @param key a role's key.
     * @return the role's guardian, waiting for it to register; a standby's when no node of the role but a standby is
     * left.
     * @throws IllegalStateException if none registers in time.
     */
    ActorRef<SessionProtocol.Command> find(final ServiceKey<SessionProtocol.Command> key)
    {
        final long deadlineNs = System.nanoTime() + timeout.toNanos();
        while (true)
        {
            final Set<ActorRef<SessionProtocol.Command>> instances = listing(key);
            if (!instances.isEmpty())
            {
                return oldest(instances);
            }
            // a standby stands in for a role whose node left (it took over the session that was open then)
            final Set<ActorRef<SessionProtocol.Command>> standbys = listing(SessionProtocol.standbyKey(key));
            if (!standbys.isEmpty())
            {
                return oldest(standbys);
            }
            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new IllegalStateException("no node of the cluster has the role of " + key.id() + " after " +
                    timeout.toSeconds() + " s: start one with 'rhcc node --role ...'");
            }
            try
            {
                TimeUnit.MILLISECONDS.sleep(20);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while finding " + key.id(), ex);
            }
        }
    }

    Set<ActorRef<SessionProtocol.Command>> listing(final ServiceKey<SessionProtocol.Command> key)
    {
        final Receptionist.Listing listing = await(AskPattern.ask(system.receptionist(),
            (ActorRef<Receptionist.Listing> replyTo) -> Receptionist.find(key, replyTo), timeout,
            system.scheduler()), "finding " + key.id());
        return listing.getServiceInstances(key);
    }

    <T> T await(final java.util.concurrent.CompletionStage<T> stage, final String what)
    {
        try
        {
            return stage.toCompletableFuture().get(timeout.toMillis() + 1_000, TimeUnit.MILLISECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + what, ex);
        }
        catch (final ExecutionException | TimeoutException ex)
        {
            throw new IllegalStateException(what + " failed: " + (null == ex.getCause() ? ex : ex.getCause()), ex);
        }
    }
}
