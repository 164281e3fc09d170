/**
 * The signals the controllers read and the decisions they send to their actuators, as read-only views that every
 * layer passes on unchanged: the wire's decoders, the simulator's slots and the tests' records implement them, so a
 * field added to a signal is added to its view, to what fills it, and to the one place that reads it
 * (docs/design.md §2.5).
 */
package org.rhcc.core.signal;
