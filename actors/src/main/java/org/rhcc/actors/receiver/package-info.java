/**
 * The receiver role: the IIO sample source (signal source) and the MBA actuator (running core's MBA cascade), each an
 * actor owning an Aeron duty-cycle agent, with the session's journal of MBA and ECN decisions and the fail-safe.
 */
package org.rhcc.actors.receiver;
