/**
 * Controller sessions: the control-plane protocol that opens and closes a session on the controller nodes, the role
 * guardians and the session actors that run it. What a session runs (scheme, parameters, platform size) is
 * {@link org.rhcc.actors.config.SessionSpec}.
 */
package org.rhcc.actors.session;
