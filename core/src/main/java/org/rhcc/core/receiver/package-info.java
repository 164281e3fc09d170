/**
 * RHCC's receiver loop: IIO occupancy EWMA and threshold (Eq. (1)), the MBA cascade over COS groups, and hostCC's local
 * response as an alternative policy.
 */
package org.rhcc.core.receiver;
