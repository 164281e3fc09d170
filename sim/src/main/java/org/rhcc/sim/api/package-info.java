/**
 * The simulator's contract with controllers and the command line: scenarios, metrics, the controller hook and the
 * simulated actuators.
 */
package org.rhcc.sim.api;
