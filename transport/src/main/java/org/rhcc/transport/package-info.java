/**
 * rhcc's data path over Aeron: fixed-layout message codecs ({@link org.rhcc.transport.codec}), adapters and proxies
 * that decode and publish them ({@link org.rhcc.transport.message}), the embedded media driver and channel helpers
 * ({@link org.rhcc.transport.aeron}), duty-cycle agents ({@link org.rhcc.transport.agent}), core ports carried over
 * streams ({@link org.rhcc.transport.port}), simulator lockstep ({@link org.rhcc.transport.lockstep}), Aeron Archive
 * recording and replay of signal streams ({@link org.rhcc.transport.archive}) and transport measurements
 * ({@link org.rhcc.transport.bench}).
 */
package org.rhcc.transport;
