package org.rhcc.actors.session;

import com.fasterxml.jackson.annotation.JsonCreator;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.rhcc.actors.CborSerializable;
import org.rhcc.actors.config.SessionSpec;

/**
 * The control-plane protocol between the platform (the simulator's lockstep hook) and the controller nodes: open a
 * session on every role it needs, close it when the run ends. Guardians of the {@code receiver} and {@code sender}
 * roles register under {@link #RECEIVER_KEY} and {@link #SENDER_KEY} with the receptionist, a sender guardian also
 * under the {@link #senderHostKey} of every sender host its node owns.
 */
public final class SessionProtocol
{
    /** Controller id of the receiver role in lockstep answers. */
    public static final int RECEIVER_CONTROLLER_ID = 1;
    /** Controller id of the sender role in lockstep answers. */
    public static final int SENDER_CONTROLLER_ID = 2;

    /** Receptionist key of the receiver role's guardian. */
    public static final ServiceKey<Command> RECEIVER_KEY = ServiceKey.create(Command.class, "rhcc-receiver");
    /**
     * Receptionist key of the sender role's guardians. A platform that opens or closes a session with it reaches the
     * guardian of a node that owns the session's sender host ({@link #senderHostKey}).
     */
    public static final ServiceKey<Command> SENDER_KEY = ServiceKey.create(Command.class, "rhcc-sender");

    private SessionProtocol()
    {
    }

    /**
     * @param senderHostId a sender host.
     * @return the receptionist key of the sender guardians of the nodes that own the host's NIC.
     */
    public static ServiceKey<Command> senderHostKey(final int senderHostId)
    {
        return ServiceKey.create(Command.class, "rhcc-sender-host-" + senderHostId);
    }

    /**
     * @param key a role's key ({@link #RECEIVER_KEY}, a {@link #senderHostKey}).
     * @return the key under which the same role's guardians on standby nodes register: a platform opens a session
     * there only to take it over from a node that left the cluster.
     */
    public static ServiceKey<Command> standbyKey(final ServiceKey<Command> key)
    {
        return ServiceKey.create(Command.class, key.id() + "-standby");
    }

    /**
     * Commands to a role's guardian.
     */
    public interface Command extends CborSerializable
    {
    }

    /**
     * Opens a session; answered with {@link Ready} once the role's agents run, its entities are open and its streams
     * are connected, or with {@link Failed}.
     *
     * @param spec    the session.
     * @param replyTo to answer.
     */
    public record Start(SessionSpec spec, ActorRef<Reply> replyTo) implements Command
    {
    }

    /**
     * Closes a session: agents stop, the remaining decisions are journaled and the recording is complete; answered
     * with {@link Ended}.
     *
     * @param sessionId the session.
     * @param replyTo   to answer.
     */
    public record End(long sessionId, ActorRef<Reply> replyTo) implements Command
    {
    }

    /**
     * Answers of a role.
     */
    public interface Reply extends CborSerializable
    {
    }

    /**
     * The role is ready for the session's first signal.
     *
     * @param sessionId       the session.
     * @param role            the role.
     * @param controllerId    id of its lockstep answers.
     * @param platformChannel the platform channel the session subscribed to for its signal (a standby's own
     *                        endpoint, where the platform sends the stream after a takeover); empty when the node
     *                        reads its host's hardware.
     */
    public record Ready(long sessionId, String role, int controllerId, String platformChannel) implements Reply
    {
    }

    /**
     * The role closed the session.
     *
     * @param sessionId   the session.
     * @param role        the role.
     * @param inputFrames frames the role's actuator agent consumed.
     * @param decisions   decisions journaled (QP rate batches for the sender).
     * @param failure     why the session failed, empty if it did not.
     */
    public record Ended(long sessionId, String role, long inputFrames, long decisions, String failure)
        implements Reply
    {
    }

    /**
     * The role could not open or run the session.
     *
     * @param sessionId the session.
     * @param role      the role.
     * @param reason    why.
     */
    public record Failed(long sessionId, String role, String reason) implements Reply
    {
        /**
         * @param sessionId the session.
         * @param role      the role.
         * @param reason    why.
         */
        @JsonCreator
        public Failed
        {
        }
    }
}
