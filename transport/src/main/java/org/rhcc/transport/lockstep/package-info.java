/**
 * Lockstep between the simulator and the controller nodes (docs/design.md §6): the simulator does not pass a time
 * until every node has answered every signal up to it.
 */
package org.rhcc.transport.lockstep;
