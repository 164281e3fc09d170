/**
 * Aeron plumbing: an embedded media driver (optionally with an archive) whose files live under the run's working
 * directory and are deleted on close, channel and stream-id conventions, and idle strategies parsed from
 * configuration strings.
 */
package org.rhcc.transport.aeron;
