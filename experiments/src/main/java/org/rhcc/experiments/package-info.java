/**
 * Experiments against the simulator: what to run (plans of scenarios x schemes x parameter overrides), how to run
 * it (a small thread pool, results in plan order) and the registry {@code rhcc experiment} looks names up in.
 */
package org.rhcc.experiments;
