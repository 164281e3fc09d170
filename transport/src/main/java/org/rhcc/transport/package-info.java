/**
 * rhcc's data path over Aeron: message codecs generated from {@code src/main/resources/rhcc/rhcc-messages.xml}
 * ({@link org.rhcc.transport.codec}), adapters and proxies that decode and publish them
 * ({@link org.rhcc.transport.message}), the embedded media driver and channel helpers
 * ({@link org.rhcc.transport.aeron}), the host of duty-cycle agents ({@link org.rhcc.transport.agent}), core ports
 * carried over streams ({@link org.rhcc.transport.port}), and Aeron Archive recording and replay of signal streams
 * ({@link org.rhcc.transport.archive}).
 */
package org.rhcc.transport;
