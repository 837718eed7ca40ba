#!/usr/bin/env bash
# Builds Cascade's libFuzzer targets (Fuzz/<Target>/) with AddressSanitizer and runs them for a
# bounded time against their committed seed corpora (Fuzz/corpus/<target>/).
#
#   scripts/fuzz.sh [TARGET|all] [SECONDS] [-- LIBFUZZER_FLAGS...]
#   scripts/fuzz.sh --coverage TARGET [CORPUS_DIR...]   line coverage of the fuzzed sources
#   scripts/fuzz.sh --list
#
# Targets: json, feed-page, persisted-page, image, script, waterfall (default: all, 10 s each).
# Exits non-zero when a target crashes, traps, leaks, times out or exceeds its memory limit;
# the failing input is kept in $FUZZ_OUT/<target>/ (default .build/fuzz/out) and the command to
# replay it is printed. New corpus entries go to $FUZZ_OUT/<target>/corpus, never into the
# committed seeds. Builds go to .build/fuzz (and .build/fuzz-cov), rebuilt when a source changes.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

targets=(json feed-page persisted-page image script waterfall)

# The fuzz entry file of a target, and any library sources compiled into it (test-support code
# the entry shares).
entry_dir() {
  case "$1" in
    json) echo Fuzz/JSONParser ;;
    feed-page) echo Fuzz/FeedPage ;;
    persisted-page) echo Fuzz/PersistedPage ;;
    image) echo Fuzz/Image ;;
    script) echo Fuzz/Script ;;
    waterfall) echo Fuzz/Waterfall ;;
    *) return 1 ;;
  esac
}
extra_sources() {
  case "$1" in
    feed-page | persisted-page) echo Fuzz/Shared/FeedChecks.swift ;;
    waterfall) echo Sources/CascadeTestSupport/Layout/LayoutChecks.swift ;;
  esac
}
# System modules (a module.modulemap under Sources/) and their pkg-config packages.
pkg_config_of() {
  case "$1" in
    CPixbuf) echo gdk-pixbuf-2.0 ;;
    CGtk) echo gtk4 ;;
  esac
}

# Coverage instrumentation: libFuzzer's default (edges plus comparison tracing) except for the
# layout engine, whose tight loops spend a third of their time in comparison hooks; edges alone
# triple the waterfall target's rate.
coverage_flags() {
  [[ "$mode" == coverage ]] && return 0
  case "$1" in
    CascadeLayout | Fuzz_waterfall) echo "-sanitize-coverage=edge,inline-8bit-counters,pc-table" ;;
  esac
}

usage() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; }

mode=run
if [[ "${1:-}" == "--list" ]]; then
  printf '%s\n' "${targets[@]}"
  exit 0
elif [[ "${1:-}" == "--coverage" ]]; then
  mode=coverage
  shift
elif [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
  usage
  exit 0
fi
target_arg=${1:-all}
[[ $# -gt 0 ]] && shift
if [[ "$mode" == run ]]; then
  seconds=${1:-10}
  [[ $# -gt 0 ]] && shift
  [[ "${1:-}" == "--" ]] && shift
fi
extra_args=("$@")

if [[ "$target_arg" == all ]]; then
  selected=("${targets[@]}")
else
  entry_dir "$target_arg" >/dev/null || {
    echo "unknown target '$target_arg' (one of: ${targets[*]})" >&2
    exit 2
  }
  selected=("$target_arg")
fi

if [[ "$mode" == coverage ]]; then
  build=$root/.build/fuzz-cov
  sanitize=(-sanitize=fuzzer -profile-generate -profile-coverage-mapping)
else
  build=$root/.build/fuzz
  sanitize=(-sanitize=fuzzer,address)
fi
out=${FUZZ_OUT:-$root/.build/fuzz/out}
mkdir -p "$build/modules" "$build/bin" "$out"
# One package name for every module, as SwiftPM gives: `package` declarations cross modules.
swift_flags=(-parse-as-library -O -g -package-name cascade "${sanitize[@]}" -I "$build/modules")

# The Cascade modules (Sources/<Name>) that Swift files import.
imports_of() {
  grep -hoE '^(@testable )?import [A-Za-z_][A-Za-z0-9_]*' "$@" 2>/dev/null | awk '{print $NF}' | sort -u |
    while read -r name; do [[ -d "Sources/$name" ]] && echo "$name"; done || true
}

# Flags for the system modules among $@ (compile flags with -c, link flags with -l), and the
# include folder (module map) of C targets.
system_flags() {
  local kind=$1
  shift
  local name pkg flag
  for name in "$@"; do
    if [[ "$kind" == -c && -f "Sources/$name/include/module.modulemap" ]]; then
      echo "-I"
      echo "Sources/$name/include"
    fi
    [[ -f "Sources/$name/module.modulemap" ]] || continue
    pkg=$(pkg_config_of "$name")
    if [[ "$kind" == -c ]]; then
      echo "-I"
      echo "Sources/$name"
      for flag in $(pkg-config --cflags "$pkg"); do
        echo "-Xcc"
        echo "$flag"
      done
    else
      for flag in $(pkg-config --libs "$pkg"); do echo "$flag"; done
    fi
  done
}

# Builds C target $1 (Sources/<Name>/*.c, headers in include/) with the same sanitizer or
# coverage instrumentation; appends its objects to $objects.
build_c_module() {
  local name=$1 source object
  local cflags=(-O1 -g -I "Sources/$name/include" -I "Sources/$name")
  if [[ "$mode" == coverage ]]; then
    cflags+=(-fprofile-instr-generate -fcoverage-mapping)
  else
    cflags+=(-fsanitize=fuzzer-no-link,address)
  fi
  for source in "Sources/$name"/*.c; do
    object=$build/modules/$name-$(basename "$source" .c).o
    if [[ ! -f "$object" || -n "$(find "Sources/$name" \( -name '*.c' -o -name '*.h' \) -newer "$object" | head -1)" ]]; then
      echo "   compiling $source" >&2
      clang "${cflags[@]}" -c "$source" -o "$object" || {
        echo "failed to compile $source" >&2
        return 1
      }
    fi
    objects+=("$object")
  done
}

# Builds module $1 (and, first, the modules it imports) into one object file; prints nothing.
# Appends the object to $objects and the module to $modules, each once.
objects=()
modules=()
build_module() {
  local name=$1 dep
  [[ " ${modules[*]-} " == *" $name "* ]] && return 0
  modules+=("$name")
  [[ -f "Sources/$name/module.modulemap" ]] && return 0
  if compgen -G "Sources/$name/*.c" >/dev/null; then
    build_c_module "$name"
    return
  fi
  local sources
  mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
  local deps
  mapfile -t deps < <(imports_of "${sources[@]}")
  for dep in "${deps[@]}"; do build_module "$dep"; done
  local object=$build/modules/$name.o
  local stale=0
  if [[ ! -f "$object" ]] || [[ -n "$(find "Sources/$name" -name '*.swift' -newer "$object" | head -1)" ]]; then
    stale=1
  fi
  for dep in "${deps[@]}"; do
    [[ -f "$build/modules/$dep.o" && "$build/modules/$dep.o" -nt "$object" ]] && stale=1
  done
  if [[ $stale == 1 ]]; then
    echo "   compiling $name" >&2
    local flags
    mapfile -t flags < <(system_flags -c "${deps[@]}")
    swiftc "${swift_flags[@]}" $(coverage_flags "$name") "${flags[@]}" -enable-testing -wmo -c -module-name "$name" \
      -emit-module -emit-module-path "$build/modules/$name.swiftmodule" -o "$object.tmp" "${sources[@]}" 2>&1 |
      grep -v -e 'Cannot export local symbol' -e '-mfpmath=sse' >&2 || true
    [[ -f "$object.tmp" ]] || {
      echo "failed to compile $name" >&2
      return 1
    }
    mv "$object.tmp" "$object"
  fi
  objects+=("$object")
}

# Builds the fuzzer binary of target $1; prints its path.
build_target() {
  local target=$1 dir
  dir=$(entry_dir "$target")
  local sources
  mapfile -t sources < <(find "$dir" -name '*.swift' | sort; extra_sources "$target")
  local deps dep
  mapfile -t deps < <(imports_of "${sources[@]}")
  objects=()
  modules=()
  for dep in "${deps[@]}"; do build_module "$dep"; done
  local binary=$build/bin/fuzz-$target
  local newest
  newest=$(ls -t "${sources[@]}" "${objects[@]}" "$0" 2>/dev/null | head -1)
  if [[ ! -f "$binary" || "$newest" -nt "$binary" ]]; then
    echo "   linking fuzz-$target" >&2
    local cflags lflags
    mapfile -t cflags < <(system_flags -c "${modules[@]}")
    mapfile -t lflags < <(system_flags -l "${modules[@]}")
    swiftc "${swift_flags[@]}" $(coverage_flags "Fuzz_${target//-/_}") "${cflags[@]}" -module-name "Fuzz_${target//-/_}" \
      -o "$binary.tmp" \
      "${sources[@]}" "${objects[@]}" "${lflags[@]}" 2>&1 |
      grep -v -e 'Cannot export local symbol' -e '-mfpmath=sse' >&2 || true
    [[ -f "$binary.tmp" ]] || {
      echo "failed to link fuzz-$target" >&2
      return 1
    }
    mv "$binary.tmp" "$binary"
  fi
  echo "$binary"
}

# One build at a time (two fuzz runs may start together).
exec 9>"$build/.lock"
flock 9
echo "== fuzz: building ${selected[*]}"
declare -A binaries
for target in "${selected[@]}"; do
  binaries[$target]=$(build_target "$target")
done
flock -u 9

if [[ "$mode" == coverage ]]; then
  # Replays the corpus once through a coverage build and reports line coverage of the sources
  # the target exercises (its own module's, not the libraries').
  target=${selected[0]}
  toolchain=$(dirname "$(command -v swiftc)")
  corpora=("${extra_args[@]}")
  [[ ${#corpora[@]} -gt 0 ]] || corpora=("Fuzz/corpus/$target")
  profile=$out/$target/coverage
  rm -rf "$profile"
  mkdir -p "$profile"
  LLVM_PROFILE_FILE="$profile/%p.profraw" "${binaries[$target]}" -runs=0 "${corpora[@]}" >"$profile/replay.log" 2>&1 || {
    tail -20 "$profile/replay.log"
    exit 1
  }
  "$toolchain/llvm-profdata" merge -sparse "$profile"/*.profraw -o "$profile/merged.profdata"
  case "$target" in
    json) files=(Sources/CascadeFeed/Decoding/JSONParser.swift) ;;
    feed-page) files=(Sources/CascadeFeed/Decoding/FeedPageDecoder.swift Sources/CascadeFeed/Decoding/DurationParser.swift
      Sources/CascadeFeed/Decoding/ChannelListDecoder.swift Sources/CascadeFeed/Decoding/JSONValue.swift) ;;
    persisted-page) files=(Sources/CascadeFeed/Paging/FeedPageCache.swift Sources/CascadeFeed/Models/VideoItem.swift
      Sources/CascadeFeed/Models/VideoItem+Validation.swift Sources/CascadeFeed/Policy/FeedReferencePolicy.swift
      Sources/CascadeFeed/Policy/LocalFileReader.swift) ;;
    image) mapfile -t files < <(find Sources/CascadePixbuf/Decoding -name '*.swift' -o -name '*.c' | sort) ;;
    script) mapfile -t files < <(find Sources/CascadeScript/Language -name '*.swift' | sort) ;;
    waterfall) mapfile -t files < <(find Sources/CascadeLayout/Waterfall Sources/CascadeLayout/Core -name '*.swift' | sort) ;;
  esac
  existing=()
  for file in "${files[@]}"; do [[ -f "$file" ]] && existing+=("$root/$file"); done
  "$toolchain/llvm-cov" report "${binaries[$target]}" -instr-profile="$profile/merged.profdata" "${existing[@]}"
  exit 0
fi

failed=()
for target in "${selected[@]}"; do
  work=$out/$target
  mkdir -p "$work/corpus"
  rm -f "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* "$work"/slow-unit-*
  seeds=$root/Fuzz/corpus/$target
  flags=(-max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout=60 -print_final_stats=1
    -artifact_prefix="$work/")
  [[ -f "$root/Fuzz/dict/$target.dict" ]] && flags+=(-dict="$root/Fuzz/dict/$target.dict")
  log=$work/fuzz.log
  echo "== fuzz $target (${seconds}s)"
  status=0
  # Targets that write files (the persisted page) get a private scratch folder, in memory when
  # possible: a disk round trip per execution would cut the rate tenfold.
  scratch=$(mktemp -d "$([[ -w /dev/shm ]] && echo /dev/shm || echo "$work")/cascade-fuzz.XXXXXX")
  ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=8} SWIFT_BACKTRACE=enable=no TMPDIR=$scratch "${binaries[$target]}" "${flags[@]}" "${extra_args[@]}" "$work/corpus" "$seeds" >"$log" 2>&1 ||
    status=$?
  rm -rf "$scratch"
  runs=$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$log" | awk '{print $2}' | tail -1)
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
  echo "   ${runs:-?} executions, ${cov:-no coverage line}, exit $status"
  if [[ $status != 0 ]]; then
    grep -E 'ERROR|SUMMARY|Fatal error|Test unit written|panic|leak' "$log" | head -20 || true
    echo "   full log: $log"
    for artifact in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
      [[ -f "$artifact" ]] && echo "   replay: ${binaries[$target]} $artifact"
    done
    failed+=("$target")
  fi
done
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzz: FAILED: ${failed[*]}"
  exit 1
fi
echo "fuzz: ${#selected[@]} target(s) ran without a crash or leak"
