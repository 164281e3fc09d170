package org.rhcc.core.signal;

/**
 * A decision of RHCC's receiver loop (paper §III-B): one COS group of a receiver host moved to an MBA level, as the
 * {@link org.rhcc.core.port.MbaActuator} port is handed it. On the command stream the host and the per-host sequence
 * number travel beside it, as a sample's do.
 * <p>
 * A read-only view in the flyweight style of Agrona and SBE, like the signals of this package: an implementation may
 * be backed by a frame that is reused for the next command, so a reader never holds it past the call that handed it
 * over.
 */
public interface MbaLevelCommand
{
    /**
     * @return index of the COS group, in the order of {@link org.rhcc.core.receiver.MbaCascadeConfig}.
     */
    int group();

    /**
     * @return MBA level, 1 (100 %, unthrottled) .. the table's size, or one of hostCC's two levels
     * ({@link org.rhcc.core.receiver.MbaLevelTable}).
     */
    int level();

    /**
     * @return why the level changed, the wire's {@code MbaReason} code (congestion onset, a step down or up, the
     * fail-safe's reset; transport/src/main/resources/rhcc/rhcc-messages.xml).
     */
    int reasonCode();

    /**
     * @return time of the decision, ns of the controller's clock.
     */
    long nowNs();
}
