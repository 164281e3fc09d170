/**
 * The agents' counters, published in the media driver's counters file so that AeronStat and any other reader of the
 * CnC file see them.
 */
package org.rhcc.actors.counters;
