/**
 * The simulator's contract with controllers and the command line: scenarios, metrics, the controller hook (and what
 * an interruptible one reports about its run) and the simulated actuators.
 */
package org.rhcc.sim.api;
