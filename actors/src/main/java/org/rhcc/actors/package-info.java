/**
 * rhcc's distributed controller on Pekko Typed: cluster nodes with the roles {@code receiver}, {@code sender} and
 * {@code sim}, each signal source and actuator an actor owning an Aeron duty-cycle agent, sharded sender entities,
 * journals of decisions, lockstep with the simulator and replay (docs/design.md §2, §6, §7).
 */
package org.rhcc.actors;
