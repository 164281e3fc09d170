#!/bin/sh
# rhcc — the harness must reject vectors that the C program does not reproduce. Each mutation below changes one
# value of a copy of the vectors by a little more than the harness's tolerance allows there; the harness must exit 1
# and report that very row as the first mismatch.
#
# usage: harness_selftest.sh HARNESS VECTORS_DIR WORK_DIR
set -eu

harness=$1
vectors=$2
work=$3

mutate() {
	# $1 name, $2 file, $3 data-row number (1-based, comments and header excluded), $4 column name, $5 awk expression
	# of the old value v giving the new value
	name=$1 file=$2 row=$3 column=$4 expr=$5
	dir="$work/$name"
	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$vectors"/probe_ack.csv "$vectors"/probe_ack_gated.csv "$vectors"/probe_ack_hostcc_emulated.csv \
		"$vectors"/dcqcn.csv "$vectors"/dcqcn_paper.csv "$dir"/
	awk -F, -v OFS=, -v row="$row" -v column="$column" '
		/^#/ { print; next }
		!header { for (i = 1; i <= NF; i++) if ($i == column) c = i; header = 1; print; next }
		{ n++; if (n == row) { v = $c; $c = '"$expr"'; line = NR } print }
		END { if (!c || !line) { print "no row " row " / column " column > "/dev/stderr"; exit 3 }
		      print line > "'"$dir"'/mutated_line" }
	' "$vectors/$file" > "$dir/$file"
	line=$(cat "$dir/mutated_line")
	if "$harness" "$dir" > "$dir/out.txt" 2> "$dir/err.txt"; then
		echo "harness self-test '$name': the harness accepted a mutated $file (line $line, $column)" >&2
		exit 1
	fi
	if ! grep -q "^FIRST MISMATCH .*/$file:$line\$" "$dir/err.txt"; then
		echo "harness self-test '$name': expected the first mismatch at $file:$line, got:" >&2
		cat "$dir/err.txt" >&2
		exit 1
	fi
	echo "harness self-test '$name': rejected $file line $line ($column)"
}

mutate_param() {
	# $1 name, $2 file, $3 '# param' key, $4 new value, $5 the first row (a fixed-string prefix) that must mismatch
	mutate_line "$1" "$2" "# param $3=" "# param $3=$4" "$5"
}

mutate_line() {
	# $1 name, $2 file, $3 the prefix of the '#' line to replace, $4 its replacement, $5 the first row (a fixed-string
	# prefix) that must mismatch
	name=$1 file=$2 prefix=$3 replacement=$4 first=$5
	dir="$work/$name"
	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$vectors"/probe_ack.csv "$vectors"/probe_ack_gated.csv "$vectors"/probe_ack_hostcc_emulated.csv \
		"$vectors"/dcqcn.csv "$vectors"/dcqcn_paper.csv "$dir"/
	awk -v prefix="$prefix" -v replacement="$replacement" '
		index($0, prefix) == 1 { $0 = replacement; found = 1 }
		{ print }
		END { if (!found) { print "no line " prefix > "/dev/stderr"; exit 3 } }
	' "$vectors/$file" > "$dir/$file"
	line=$(awk -v first="$first" 'index($0, first) == 1 { print NR; exit }' "$dir/$file")
	if [ -z "$line" ]; then
		echo "harness self-test '$name': no row starting with '$first' in $file" >&2
		exit 1
	fi
	if "$harness" "$dir" > "$dir/out.txt" 2> "$dir/err.txt"; then
		echo "harness self-test '$name': the harness accepted $file with '$replacement'" >&2
		exit 1
	fi
	if ! grep -q "^FIRST MISMATCH .*/$file:$line\$" "$dir/err.txt"; then
		echo "harness self-test '$name': expected the first mismatch at $file:$line, got:" >&2
		cat "$dir/err.txt" >&2
		exit 1
	fi
	echo "harness self-test '$name': rejected $file with '$replacement' at line $line"
}

# R_rev accumulates float32 drift in Java (~3e-4 Gbit/s at most here): 1e-3 Gbit/s off must be caught
mutate r_rev probe_ack.csv 320 r_rev_gbps 'sprintf("%.17g", v + 0.001)'
# R_send: one fxp20 unit of line rate is ~1e-4 Gbit/s; 5e-4 off must be caught
mutate r_send probe_ack.csv 100 r_send_gbps 'sprintf("%.17g", v - 0.0005)'
# D_cur: 0.01 ns off at ~150 ns (C rounds to 1/256 ns, float32 to ~1e-5 ns)
mutate d_cur probe_ack.csv 16 d_cur_ns 'sprintf("%.17g", v + 0.01)'
# the delivered-rate ceiling: a vector without it (R_rev and R_send left at line after a 52 us probe gap, where
# Java caps them at 2 x 32 KB / 52455 ns = 9.995 Gbit/s) must be rejected at that row
mutate no_ceiling probe_ack.csv 1141 r_rev_gbps '"100.0"'
# at the ceiling both sides round the same quotient (C to 2^-30 of line, Java to float32 ~ 5e-7 Gbit/s at 10 Gbit/s):
# 2e-6 Gbit/s off must be caught
mutate r_rev_ceiling probe_ack.csv 1150 r_rev_gbps 'sprintf("%.17g", v + 2e-6)'
# rhcc-gated: the gated vectors read as the paper's loop (receiver_gated=0) fail at the first row whose receiver
# reports no congestion while the delay is above target and the rate below line, and a row that ignores the report
# (R_rev cut where the receiver said it was not congested) is caught there too
mutate_param gate_off probe_ack_gated.csv receiver_gated 0 'step,0,2144768,1,'
mutate gate_ignored probe_ack_gated.csv 266 r_rev_gbps '"94.0"'
# the probe cadence is exact
mutate probes probe_ack.csv 50 probes_due 'v + 1'
# a negative-delay row that claims the state moved
mutate rejected probe_ack.csv 1021 r_rev_gbps 'sprintf("%.17g", v - 0.01)'
# DCQCN alpha at a first cut (the initial alpha on both sides), 1e-7 off (C is within ~1e-9)
mutate alpha dcqcn.csv 9 alpha 'sprintf("%.17g", v * (1 + 1e-7))'
# DCQCN R_C after a timer increase, 1e-5 Gbit/s off
mutate rc dcqcn_paper.csv 198 rc_gbps 'sprintf("%.17g", v + 1e-5)'
# the DCQCN target clamp is passed to the C program and decides R_T at a cut: the NVIDIA vectors with the clamp on
# fail at the first cut that follows another without an increase (cnp_burst's CNPs carried over the hold-off cut
# at 5 us: R_T 50.05 instead of 100 Gbit/s), the paper vectors with the clamp off at their first such cut whose
# R_C was below line (cnp_burst's carried cut at 51 us, seen by the bytes row at that time)
mutate_param clamp_on dcqcn.csv clamp_target_rate 1 'cnp_burst,0,5000,cnp,'
mutate_param clamp_off dcqcn_paper.csv clamp_target_rate 0 'cnp_burst,0,51000,bytes,'
# a vector that keeps the always-clamp rule (R_T <- R_C on every cut) at that NVIDIA row
mutate rt_old_rule dcqcn.csv 206 rt_gbps '"50.048828125"'
# a vector that drops a CNP inside the hold-off (cnp_in_hold_off: the carried cut at 5 us left out)
mutate hold_off_drop dcqcn.csv 739 rc_gbps '"50.048828125"'
# a vector whose first CNP cuts with an alpha that decayed during 1 ms of calm (0.4 % instead of ~50 %)
mutate calm_alpha dcqcn.csv 727 rc_gbps '"99.61"'
# a vector whose target ignores a byte-counter increase (byte_increase_then_cut: R_T kept at line)
mutate byte_clamp dcqcn.csv 765 rt_gbps '"100.0"'
# hostcc-emulated: the vectors read as rhcc's loop (no increase interval) fail at the first rise Java held (step's
# first probe below target after its cuts, 2.5 us after the previous rise); a row that lets that rise through and a
# row whose increase clock (the context's byte 15) is one tick off are caught at their rows
mutate_line interval_off probe_ack_hostcc_emulated.csv "# param increase_interval_ns=" "# param receiver_gated=0" \
	'step,0,6580992,1,'
mutate rise_not_held probe_ack_hostcc_emulated.csv 402 r_rev_gbps '"47.563755"'
mutate increase_tick probe_ack_hostcc_emulated.csv 1687 increase_tick '(v + 1) % 256'
