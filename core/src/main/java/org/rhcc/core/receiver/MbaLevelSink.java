package org.rhcc.core.receiver;

/**
 * Receives MBA level changes decided by a policy ({@link MbaCascade}, {@link HostCcLocalPolicy}); an actuator,
 * a journal or a test.
 */
@FunctionalInterface
public interface MbaLevelSink
{
    /**
     * @param group index of the COS group whose level changed.
     * @param level the new level, 1 (100 %) .. table size.
     * @param nowNs time of the decision, ns.
     */
    void onLevelChange(int group, int level, long nowNs);
}
