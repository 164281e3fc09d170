/**
 * Controller sessions: what a session runs (scheme, parameters, platform size) and the control-plane protocol that
 * opens and closes it on the controller nodes.
 */
package org.rhcc.actors.session;
