/**
 * JMH benchmarks of rhcc's hot paths: per probe ACK, per IIO sample, per DCQCN event.
 */
package org.rhcc.bench;
