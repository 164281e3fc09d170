/**
 * Lockstep with the simulator (docs/design.md §6): the simulator's hook that runs the controller in the cluster over
 * Aeron, and the in-process reference it is held to.
 */
package org.rhcc.actors.lockstep;
