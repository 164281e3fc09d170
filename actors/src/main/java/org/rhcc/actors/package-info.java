/**
 * rhcc's distributed controller on Pekko Typed: cluster nodes with the roles {@code receiver}, {@code sender} and
 * {@code sim}, each signal source and actuator an actor owning an Aeron duty-cycle agent, sharded sender entities,
 * journals of decisions, the controllers' side of lockstep with a simulated platform, and replay (docs/design.md §2,
 * §6, §7). Nothing here imports the simulator: the platform's side of lockstep and the local cluster for simulated
 * experiments are in cluster-sim/ ({@code org.rhcc.clustersim}).
 */
package org.rhcc.actors;
