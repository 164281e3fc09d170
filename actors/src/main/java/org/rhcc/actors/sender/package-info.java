/**
 * The sender role: the probe-ACK source (signal source), the rate updater (actuator) and the sharded sender entities,
 * each owning a packed QP state table for a block of QPs that the rate updater's agent runs every ACK against.
 */
package org.rhcc.actors.sender;
