/**
 * Node configuration: loading the HOCON layers of conf/, the validated {@code rhcc} settings, and the journal
 * backend (embedded H2 or PostgreSQL) with its schema.
 */
package org.rhcc.actors.config;
