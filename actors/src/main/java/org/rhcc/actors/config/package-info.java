/**
 * Node configuration: loading the HOCON layers of conf/, the validated {@code rhcc} settings, the journal backend
 * (embedded H2 or PostgreSQL) with its schema, and what a session runs ({@link org.rhcc.actors.config.SessionSpec}:
 * scheme, parameters, platform size), which {@code rhcc.session} configures for a node that opens its own.
 */
package org.rhcc.actors.config;
