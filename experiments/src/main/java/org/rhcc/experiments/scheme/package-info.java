/**
 * Congestion-control schemes by name: each a factory of the controller that runs against the simulator.
 */
package org.rhcc.experiments.scheme;
