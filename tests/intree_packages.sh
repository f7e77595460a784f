#!/bin/sh
# intree_packages.sh - every instance folder of the in-tree schemes compiles
# on its own, as a scheme build takes it: all its .c files with the guide's
# flags and no warning, the objects that define main left out of the
# library; the library links with nothing undefined, defines drng_algorithm
# once, exports only the API, the ICCS helpers and package-prefixed names;
# its KAT program runs, checks itself and writes the response file that
# the package ships.
. "$top_srcdir/tests/lib.sh"

cc=$(sed -n 's/^CC=.\(.*\).$/\1/p' "$top_builddir/config.status" | head -n 1)
cc=${cc:-cc}
flags="-std=c99 -Wpedantic -Wall -Wextra -Werror -O2 -fPIC"
exported='^(sig_|kem_|kex_|wots_|mlwe_|iccs_sm3)|^(sm3hash|pseudohash|pseudoXOF|init_random_number|get_random_number|drng_algorithm)$'

for pkg in sign-wots kem-mlwe kex-mlwe; do
    case $pkg in
    sign-wots) kat=KAT_SIG instances="WOTS-SM3-16 WOTS-SM3-32" ok_line="^verify = 0$" ;;
    kem-mlwe) kat=KAT_KEM instances="MLWE-KEM-512 MLWE-KEM-768" ok_line="^dec = agrees$" ;;
    kex-mlwe) kat=KAT_KEX instances="MLWE-KEX-512 MLWE-KEX-768" ok_line="^derive = agrees$" ;;
    esac
    for inst in $instances; do
        dir="$top_srcdir/schemes/$pkg/Implementations/Reference_Implementation/$inst"
        out="$work/$inst"
        mkdir -p "$out"
        status=0
        for src in "$dir"/*.c; do
            $cc $flags -I"$dir" -c "$src" -o "$out/$(basename "$src" .c).o" 2>>"$out/log" || status=1
        done
        if [ "$status" -eq 0 ] && [ ! -s "$out/log" ]; then
            pass "$inst: every .c compiles with the guide flags, no warning"
        else
            fail "$inst: every .c compiles with the guide flags, no warning" "$(head -c 400 "$out/log")"
            continue
        fi
        mains="" objs=""
        for obj in "$out"/*.o; do
            if nm "$obj" | grep -q ' T main$'; then mains="$mains $(basename "$obj")"; else objs="$objs $obj"; fi
        done
        if [ "$mains" = " $kat.o" ]; then pass "$inst: only $kat.c defines main"; else fail "$inst: only $kat.c defines main" "main in:$mains"; fi
        # shellcheck disable=SC2086
        if $cc -shared -o "$out/lib.so" $objs -Wl,--no-undefined 2>"$out/err"; then
            pass "$inst: the library links with nothing undefined"
        else
            fail "$inst: the library links with nothing undefined" "$(head -c 400 "$out/err")"
            continue
        fi
        # shellcheck disable=SC2086
        nm -g --defined-only $objs | awk 'NF == 3 { print $3 }' >"$out/globals"
        if [ "$(grep -c '^drng_algorithm$' "$out/globals")" -eq 1 ]; then
            pass "$inst: one library object defines drng_algorithm"
        else
            fail "$inst: one library object defines drng_algorithm" "$(grep -c '^drng_algorithm$' "$out/globals") definitions"
        fi
        others=$(grep -Ev "$exported" "$out/globals" | tr '\n' ' ')
        if [ -z "$others" ]; then pass "$inst: no unprefixed global names"; else fail "$inst: no unprefixed global names" "$others"; fi
        if grep -q "^#define ALGORITHM_INSTANCE \"$inst\"$" "$dir"/*.h; then
            pass "$inst: ALGORITHM_INSTANCE names the folder"
        else
            fail "$inst: ALGORITHM_INSTANCE names the folder" "not in $(ls "$dir"/*.h | tr '\n' ' ')"
        fi
        if $cc -o "$out/kat" "$out/$kat.o" "$out/lib.so" -Wl,-rpath,"$out" 2>"$out/err" &&
            "$out/kat" >"$out/kat.txt" 2>"$out/err"; then
            pass "$inst: the KAT program runs"
        else
            fail "$inst: the KAT program runs" "$(head -c 400 "$out/err")"
            continue
        fi
        expect_grep "$inst: the KAT checks itself" "$ok_line" "$out/kat.txt"
        expect_grep "$inst: the KAT names the instance" "^# $inst$" "$out/kat.txt"
        expect_grep "$inst: the KAT seed is 00..2f" "^seed = 000102030405.*2D2E2F$" "$out/kat.txt"
        if cmp -s "$out/kat.txt" "$dir/$inst.rsp"; then
            pass "$inst: the KAT writes the response file the package ships"
        else
            fail "$inst: the KAT writes the response file the package ships" "$(diff "$dir/$inst.rsp" "$out/kat.txt" | head -n 4)"
        fi
    done
    # In a checkout the instance folders share code through relative
    # symlinks; a tarball holds plain copies instead.
    links=$(find "$top_srcdir/schemes/$pkg/Implementations" -type l | wc -l)
    if [ "$links" -eq 0 ]; then
        pass "$pkg: no symlinks (an unpacked tarball)"
    else
        bad=$(find "$top_srcdir/schemes/$pkg/Implementations" -type l | while read -r l; do
            case $(readlink "$l") in /*) echo "$l is absolute" ;; esac
            [ -e "$l" ] || echo "$l dangles"
        done)
        if [ -z "$bad" ]; then pass "$pkg: $links symlinks, relative and resolving"; else fail "$pkg: symlinks relative and resolving" "$bad"; fi
    fi
done
finish
