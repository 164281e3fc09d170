/**
 * DCQCN (Zhu et al., SIGCOMM 2015): reaction point, notification-point CNP pacing and RED/ECN marking; the inter-host
 * congestion control that provides R_cc in RHCC's Eq. (4).
 */
package org.rhcc.core.dcqcn;
