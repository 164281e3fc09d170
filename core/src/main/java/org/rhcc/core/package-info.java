/**
 * rhcc's pure control algorithms: no I/O, no clock (time comes in as {@code nowNs}), no logging, no actors.
 */
package org.rhcc.core;
