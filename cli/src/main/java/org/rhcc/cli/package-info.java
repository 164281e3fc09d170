/**
 * The {@code rhcc} command line: picocli commands, output files and progress display.
 */
package org.rhcc.cli;
