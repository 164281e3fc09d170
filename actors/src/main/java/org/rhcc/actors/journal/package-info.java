/**
 * Event-sourced journals of decisions: per session, the configuration and the receiver's MBA and ECN decisions
 * (the sender's coalesced QP rate changes are journaled by the sharded sender entities).
 */
package org.rhcc.actors.journal;
