/**
 * A cluster node: its Aeron driver, archive and actor system, the per-role guardians, and the command-line entry
 * point of {@code rhcc node}.
 */
package org.rhcc.actors.node;
