/**
 * RHCC's sender loop: probe cadence, receiver-processing-delay EWMA (Eq. (2)), the PID receivable rate (Eq. (3)),
 * {@code min(R_rev, R_cc)} (Eq. (4)) and the packed 16-byte per-QP state table.
 */
package org.rhcc.core.sender;
