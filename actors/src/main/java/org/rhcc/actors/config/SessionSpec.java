package org.rhcc.actors.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import org.rhcc.actors.CborSerializable;
import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.Scheme;

/**
 * One controller session: a scheme with its parameter overrides, bound to a platform of {@code qpCount} QPs. In a
 * simulated run the simulator's lockstep hook opens one session per run; on real hosts a node runs one session from
 * its configuration. Journaled as the configuration event of every session journal, so a replay rebuilds the same
 * controller.
 *
 * @param sessionId      unique id of the session, also carried
 *                       by its lockstep frames ({@code ClockAdvance}, {@code ClockDone}).
 * @param scheme         scheme label ({@code dcqcn}, {@code rhcc}, {@code hostcc}, {@code rnic-only},
 *                       {@code cpu-only}, {@code hostcc-5level}, {@code rhcc-gated}, {@code hostcc-emulated}).
 * @param params         parameter overrides in the order given; keys of {@link ControllerConfig#KEYS} apply to the
 *                       controller, other keys (simulator parameters) are carried for the record only.
 * @param qpCount        QPs of the platform, numbered from 0.
 * @param lineRateGbps   sender NICs' line rate, Gbit/s.
 * @param mbaGroups      COS groups of the receiver's MBA actuator.
 * @param receiverHostId id of the receiver host whose IIO samples and MBA commands the session carries.
 * @param senderHostId   id of the sender host whose NIC the session's sender role controls: the session opens on
 *                       the node that owns that NIC ({@code rhcc.node.sender-hosts}), and its QP blocks live there.
 */
public record SessionSpec(
    long sessionId,
    String scheme,
    Map<String, String> params,
    int qpCount,
    double lineRateGbps,
    int mbaGroups,
    int receiverHostId,
    int senderHostId) implements CborSerializable
{
    /** Sender host of a session that names none: the simulator's single sender host. */
    public static final int DEFAULT_SENDER_HOST_ID = 1;

    /**
     * Validates and freezes the arguments.
     */
    @JsonCreator
    public SessionSpec
    {
        Scheme.parse(scheme);
        if (qpCount < 0 || !(lineRateGbps > 0.0) || mbaGroups < 1 || senderHostId < 0)
        {
            throw new IllegalArgumentException("session " + sessionId + ": qpCount " + qpCount + " must be >= 0, " +
                "lineRateGbps " + lineRateGbps + " > 0, mbaGroups " + mbaGroups + " >= 1 and senderHostId " +
                senderHostId + " >= 0");
        }
        params = Collections.unmodifiableMap(new LinkedHashMap<>(null == params ? Map.of() : params));
    }

    /**
     * A session of the default sender host ({@link #DEFAULT_SENDER_HOST_ID}).
     *
     * @param sessionId      unique id of the session.
     * @param scheme         scheme label.
     * @param params         parameter overrides in order.
     * @param qpCount        QPs of the platform.
     * @param lineRateGbps   sender NICs' line rate, Gbit/s.
     * @param mbaGroups      COS groups of the receiver's MBA actuator.
     * @param receiverHostId id of the receiver host.
     */
    public SessionSpec(final long sessionId, final String scheme, final Map<String, String> params, final int qpCount,
        final double lineRateGbps, final int mbaGroups, final int receiverHostId)
    {
        this(sessionId, scheme, params, qpCount, lineRateGbps, mbaGroups, receiverHostId, DEFAULT_SENDER_HOST_ID);
    }

    public Scheme coreScheme()
    {
        return Scheme.parse(scheme);
    }

    /**
     * Builds the controller configuration exactly as an in-process run does: the paper's defaults for the scheme and
     * line rate, then every override whose key is a controller parameter, in order, then the sender parameters bound to
     * the platform's line rate (R_line = line rate, R_min at most the line rate).
     *
     * @throws IllegalArgumentException for a bad controller parameter value.
     */
    public ControllerConfig controllerConfig()
    {
        return ControllerConfig.of(coreScheme(), lineRateGbps, params);
    }
}
