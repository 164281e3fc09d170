/**
 * Aeron Archive recording of rhcc's signal streams (IIO samples, probe ACKs) and replay of a recording as the same
 * frames, which a {@link org.rhcc.transport.message.MessageAdapter} decodes back into messages ({@code rhcc replay}).
 */
package org.rhcc.transport.archive;
