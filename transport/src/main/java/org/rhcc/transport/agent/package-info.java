/**
 * Duty-cycle agents of the data path: {@link org.rhcc.transport.agent.AgentThread} runs an
 * {@link org.agrona.concurrent.Agent} on its own thread and turns its first uncaught exception into a crash reported
 * to its owner, whose supervision decides what happens next.
 */
package org.rhcc.transport.agent;
