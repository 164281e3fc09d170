/**
 * The rhcc wire schema: an SBE-compatible 8-byte message header and one fixed-length, little-endian flyweight per
 * message, each documented with its layout, plus the frame validation every decoder runs first.
 */
package org.rhcc.transport.codec;
