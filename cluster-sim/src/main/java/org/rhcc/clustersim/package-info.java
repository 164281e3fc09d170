/**
 * The simulator as a platform of the cluster (docs/design.md §6): the sim node's Aeron endpoints
 * ({@link org.rhcc.clustersim.LockstepPlatform}), the simulator's hook that runs the controllers in the cluster in
 * lockstep ({@link org.rhcc.clustersim.AeronLockstepHook}), and a local cluster for simulated experiments
 * ({@link org.rhcc.clustersim.ClusterControllers}: the sim node in this JVM and the controller roles in it or in child
 * JVMs on loopback). The one module that joins actors and sim; actors itself never imports the simulator. It does not
 * import the experiment harness either: cluster-service binds the harness's schemes and runs to these hooks
 * ({@code cluster-service/src/main/java/org/rhcc/clusterservice/ClusterHooks.java}) and runs the sim node's
 * experiment service.
 */
package org.rhcc.clustersim;
