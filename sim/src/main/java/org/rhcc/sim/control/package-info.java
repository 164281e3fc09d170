/**
 * The controller run inside the simulator: core's receiver and sender controllers called by the simulator in its
 * own thread, the in-process reference that a cluster run is held to (docs/design.md §6).
 */
package org.rhcc.sim.control;
