/**
 * Duty-cycle agents of the data path: a subscription-polling {@link org.agrona.concurrent.Agent} and a runner that
 * drives any agent on its own thread ({@link org.agrona.concurrent.AgentRunner}) or on the caller's
 * ({@link org.agrona.concurrent.AgentInvoker}), counting the errors it survives.
 */
package org.rhcc.transport.agent;
