/**
 * {@code rhcc replay}: recorded signal streams fed to fresh controllers, checked against the journal of decisions.
 */
package org.rhcc.actors.replay;
