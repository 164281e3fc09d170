/**
 * Decoding and publishing of rhcc messages on Aeron streams: {@link org.rhcc.transport.message.MessageAdapter}
 * validates frames and dispatches them to {@link org.rhcc.transport.message.MessageListener} methods with primitive
 * arguments; {@link org.rhcc.transport.message.MessageProxy} encodes and offers them with back-pressure handling
 * that returns codes instead of throwing.
 */
package org.rhcc.transport.message;
