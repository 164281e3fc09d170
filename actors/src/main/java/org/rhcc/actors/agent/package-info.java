/**
 * Duty-cycle agents owned by actors: a host that runs an agent on its own thread and reports its crash to the
 * owning actor for supervision.
 */
package org.rhcc.actors.agent;
