package org.rhcc.actors.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import com.typesafe.config.Config;

/**
 * The {@code rhcc} block of a node's configuration (documented key by key in {@code conf/reference.conf}), read once
 * at start and validated, so that a bad value fails the start with a message naming the key.
 *
 * @param roles                 cluster roles of this node ({@code receiver}, {@code sender}, {@code sim}).
 * @param workDir               the run's work area: Aeron directories, archive, H2 journal.
 * @param termLengthBytes       term length of rhcc's Aeron publications.
 * @param idleStrategy          idle strategy of the data-path agents.
 * @param driverIdleStrategy    idle strategy of the embedded media driver's threads while a session is open.
 * @param restIdleStrategy      idle strategy of the driver's threads while no session is open.
 * @param archiveEnabled        true to record the signal streams with Aeron Archive.
 * @param archiveDir            archive root; each node records into {@code archiveDir/archiveName}.
 * @param archiveName           this node's archive directory name.
 * @param platformIioChannel    channel of the platform's IIO samples (simulator to receiver).
 * @param platformAckChannel    channel of the platform's probe ACKs (simulator or NIC to sender).
 * @param platformCommandChannel channel of commands and lockstep answers (controllers to simulator).
 * @param internalChannel       channel of the node-internal streams (source agent to actuator agent).
 * @param platformIioStream     stream id of the platform's IIO samples.
 * @param platformAckStream     stream id of the platform's probe ACKs.
 * @param platformCommandStream stream id of commands to the platform.
 * @param iioStream             stream id of the internal, recorded IIO sample stream.
 * @param ackStream             stream id of the internal, recorded probe-ACK stream.
 * @param fragmentLimit         most frames an agent handles per duty cycle.
 * @param offerRetries          retries of a back-pressured offer before it counts as failed.
 * @param receiverHostId        id of the receiver host this node's receiver role controls.
 * @param senderHosts           ids of the sender hosts whose NICs this node's sender role owns: the QP blocks of
 *                              those hosts' sessions live on this node (and on no node that does not own them).
 * @param senderHostId          sender host whose NIC a session controls when this node opens it (the simulator's
 *                              sender host, or the autostart session's).
 * @param qpsPerEntity          QPs per sharded sender entity (a power of two).
 * @param controlIntervalNs     window over which QP rate changes are coalesced into one journal event, ns.
 * @param flushInterval         how often actors drain their agents' decision queues into the journal.
 * @param snapshotEvery         events between snapshots of a journal.
 * @param keepSnapshots         snapshots kept per journal.
 * @param lockstepTimeout       longest a lockstep callback waits for its controller's answer.
 * @param askTimeout            longest a control-plane request (session start/end) waits.
 * @param sourceMinBackoff      first restart delay of a crashed signal source.
 * @param sourceMaxBackoff      largest restart delay of a crashed signal source.
 * @param actuatorMaxRestarts   restarts of a crashed sender actuator agent (the rate updater) in one session before
 *                              its host goes to the fail-safe.
 * @param actuatorMinBackoff    first restart delay of a crashed rate-updater agent.
 * @param actuatorMaxBackoff    largest restart delay of a crashed rate-updater agent.
 * @param receiverOnHost        true when the receiver controls this host's hardware ({@code rhcc.receiver.hardware =
 *                              host}: the {@code rhcc node} command opens it), false for the simulated platform over
 *                              Aeron ({@code simulated}).
 * @param sensorIntervalNs      sampling interval of the sensor, ns.
 * @param autostart             the session a node opens by itself at start (a real host, where no simulator opens
 *                              sessions), or null.
 * @param joinTimeout           longest a node waits to be {@code Up} in its cluster before it gives up and stops.
 * @param standby               true for a standby node: its roles take over the sessions of a node of the same roles
 *                              that left the cluster, and open none of their own.
 * @param sendHost              the address the node's UDP publications send from (its Artery hostname), so that a
 *                              node bound to loopback has no socket on any other interface; empty for any.
 */
public record NodeSettings(
    List<String> roles,
    Path workDir,
    int termLengthBytes,
    String idleStrategy,
    String driverIdleStrategy,
    String restIdleStrategy,
    boolean archiveEnabled,
    Path archiveDir,
    String archiveName,
    String platformIioChannel,
    String platformAckChannel,
    String platformCommandChannel,
    String internalChannel,
    int platformIioStream,
    int platformAckStream,
    int platformCommandStream,
    int iioStream,
    int ackStream,
    int fragmentLimit,
    int offerRetries,
    int receiverHostId,
    List<Integer> senderHosts,
    int senderHostId,
    int qpsPerEntity,
    long controlIntervalNs,
    Duration flushInterval,
    int snapshotEvery,
    int keepSnapshots,
    Duration lockstepTimeout,
    Duration askTimeout,
    Duration sourceMinBackoff,
    Duration sourceMaxBackoff,
    int actuatorMaxRestarts,
    Duration actuatorMinBackoff,
    Duration actuatorMaxBackoff,
    boolean receiverOnHost,
    long sensorIntervalNs,
    SessionSpec autostart,
    Duration joinTimeout,
    boolean standby,
    String sendHost)
{
    /** Role of a node that runs the receiver host's IIO sample source and MBA actuator. */
    public static final String ROLE_RECEIVER = "receiver";
    /** Role of a node that runs the probe-ACK source, the rate updater and the sender entities. */
    public static final String ROLE_SENDER = "sender";
    /** Role of a node that hosts the simulated platform. */
    public static final String ROLE_SIM = "sim";
    /** Prefix of the cluster role a sender node has for every sender host it owns ({@link #senderHostRole}). */
    public static final String SENDER_HOST_ROLE_PREFIX = "sender-host-";
    /** Cluster role of a standby node ({@code rhcc.node.standby = on}). */
    public static final String ROLE_STANDBY = "standby";

    /**
     * Reads and validates the settings.
     *
     * @param config the node's resolved configuration (with {@code pekko} and {@code rhcc} blocks).
     * @throws IllegalArgumentException naming the key whose value is wrong and what it must be.
     */
    public static NodeSettings from(final Config config)
    {
        return NodeSettingsReader.read(config);
    }

    /**
     * @param channel a channel this node publishes on.
     * @return the channel sending from {@link #sendHost()} when it is UDP.
     */
    public String sending(final String channel)
    {
        return org.rhcc.transport.aeron.Channels.sendingFrom(channel, sendHost);
    }

    /**
     * @param role a role name.
     * @return true if this node has the role.
     */
    public boolean hasRole(final String role)
    {
        return roles.contains(role);
    }

    /**
     * @param senderHostId a sender host.
     * @return true if this node has the sender role and owns the host's NIC.
     */
    public boolean ownsSenderHost(final int senderHostId)
    {
        return hasRole(ROLE_SENDER) && senderHosts.contains(senderHostId);
    }

    /**
     * @param senderHostId a sender host.
     * @return the cluster role of the nodes that own the host's NIC, e.g. {@code sender-host-1}.
     */
    public static String senderHostRole(final int senderHostId)
    {
        return SENDER_HOST_ROLE_PREFIX + senderHostId;
    }

    /**
     * @return the cluster roles of this node: its configured roles, plus {@link #senderHostRole} of every sender host
     * it owns when it has the sender role.
     */
    public List<String> clusterRoles()
    {
        final List<String> all = new java.util.ArrayList<>();
        for (final String role : roles)
        {
            if (!role.startsWith(SENDER_HOST_ROLE_PREFIX) && !ROLE_STANDBY.equals(role))
            {
                all.add(role);
            }
        }
        if (standby)
        {
            all.add(ROLE_STANDBY);
        }
        if (hasRole(ROLE_SENDER))
        {
            for (final int host : senderHosts)
            {
                all.add(senderHostRole(host));
            }
        }
        return List.copyOf(all);
    }

    /**
     * @return this node's archive directory.
     */
    public Path nodeArchiveDir()
    {
        return archiveDir.resolve(archiveName);
    }
}
