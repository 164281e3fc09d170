/**
 * What a node shares with its roles: the node's context ({@link org.rhcc.actors.context.NodeContext}: settings, Aeron
 * client, recorder, counters, frame authentication, agent threads, and the receiver host's hardware,
 * {@link org.rhcc.actors.context.ReceiverHardware}), whether each role's guardian can take a session
 * ({@link org.rhcc.actors.context.RoleReadiness}), which member of the cluster is in charge
 * ({@link org.rhcc.actors.context.MemberAge}), and why a node stops when its configured session fails to open
 * ({@link org.rhcc.actors.context.AutostartFailed}). The node ({@code org.rhcc.actors.node}) builds the context and
 * wires the roles with it; the roles ({@code receiver}, {@code sender}, {@code session}, {@code agent}) use it. It
 * depends on neither, so that the packages of actors form no cycle ({@code PackageCyclesTest}); what only one role
 * needs and that belongs to it (the sender's registry of rate-updater agents) the node hands that role directly.
 */
package org.rhcc.actors.context;
