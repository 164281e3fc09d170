/**
 * A cluster node: its Aeron driver, archive and actor system, the per-role guardians, and the command-line entry
 * point of {@code rhcc node}. The node builds its context ({@code org.rhcc.actors.context}) and wires the roles with
 * it; no role imports this package.
 */
package org.rhcc.actors.node;
