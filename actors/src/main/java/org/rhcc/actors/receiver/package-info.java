/**
 * The receiver role: the MSR poller (signal source) and the MBA cascade (actuator), each an actor owning an Aeron
 * duty-cycle agent, with the session's journal of MBA and ECN decisions and the fail-safe.
 */
package org.rhcc.actors.receiver;
