/**
 * Small helpers for reading Linux pseudo files ({@code /proc}, {@code /sys}) and classifying errno-carrying
 * {@link java.io.IOException}s. Control plane only: these allocate.
 */
package org.rhcc.nativeio.sys;
