/**
 * CPU capability probe through the Linux cpuid driver, {@code /dev/cpu/N/cpuid} (16-byte read at offset
 * {@code leaf | subleaf << 32} returns EAX, EBX, ECX, EDX little-endian): vendor, family/model/stepping, brand
 * string, RDT allocation and Intel/AMD MBA enumeration (Intel SDM Vol. 2 CPUID; intel-cmt-cat {@code lib/hw_cap.c}).
 */
package org.rhcc.nativeio.cpu;
