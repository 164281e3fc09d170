#!/bin/sh
# rhcc — fails if any given object file contains a floating-point instruction or register.
# The DPA has no floating point; the device code is integer/fixed-point only. This check disassembles the host build
# of the device objects and looks for FP register operands and FP arithmetic/conversion mnemonics.
#
# usage: check_no_fp.sh OBJECT...        (exit 0: no FP found; 1: FP found; 2: usage or unsupported architecture)
set -eu

OBJDUMP=${OBJDUMP:-objdump}
if [ "$#" -eq 0 ]; then
	echo "usage: $0 OBJECT..." >&2
	exit 2
fi

found=0
for obj in "$@"; do
	arch=$($OBJDUMP -f "$obj" | sed -n 's/^architecture: \([^,]*\).*/\1/p')
	case "$arch" in
	i386:x86-64*)
		# SSE/AVX/x87 registers, or scalar/packed FP arithmetic, conversion and comparison mnemonics
		pattern='%[xyz]mm[0-9]|%st(\(|\b)|\b(v?(add|sub|mul|div|sqrt|max|min|cmp|rcp|rsqrt|round|andn?|xor|or)(ss|sd|ps|pd)|v?u?comis[sd]|v?cvt[a-z0-9]*|vfn?m(add|sub)[0-9a-z]*|f(ld|st|stp|add|sub|subr|mul|div|divr|ild|ist|istp|com|comp|ucom|ucomi|comi|chs|abs|sqrt)[a-z]?)\b'
		;;
	aarch64*)
		# FP/SIMD registers and FP instructions
		pattern='\b(f[a-z0-9]+|scvtf|ucvtf)\b|\b[bhsdqv][0-9]+\b'
		;;
	*)
		echo "check_no_fp.sh: no FP patterns for architecture '$arch' ($obj); add them here" >&2
		exit 2
		;;
	esac
	# disassembly lines only (address: bytes <tab> mnemonic operands), symbol names stripped
	hits=$($OBJDUMP -d --no-show-raw-insn "$obj" | grep -E '^[[:space:]]+[0-9a-f]+:' | sed 's/<[^>]*>//g' |
		grep -E "$pattern" || true)
	if [ -n "$hits" ]; then
		echo "floating point in $obj:" >&2
		echo "$hits" | head -20 >&2
		found=1
	fi
done
if [ "$found" -ne 0 ]; then
	exit 1
fi
echo "no floating point in: $*"
