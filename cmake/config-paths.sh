#!/bin/sh
# SPDX-License-Identifier: MIT
# Write ccdbench-config.cmake from its template (stdin to stdout), replacing the
# line @CCD_CMAKE_PATHS@ by where the headers and the library are:
#   config-paths.sh install PREFIX LIBDIR INCLUDEDIR   the installed package: paths
#       relative to the file's own directory, LIBDIR/cmake/ccdbench, when LIBDIR
#       and INCLUDEDIR are under PREFIX (so a staged or moved install works),
#       absolute otherwise
#   config-paths.sh build BUILDDIR SRCDIR              the build tree: the library
#       in BUILDDIR/.libs, the headers in SRCDIR/include
set -eu
mode=$1
case $mode in
  install)
    prefix=$2 libdir=$3 includedir=$4
    paths=""
    case $libdir/ in
      "$prefix"/*)
        rel=${libdir#"$prefix"}
        rel=${rel#/}
        # From LIBDIR/cmake/ccdbench up to PREFIX: two levels, then one per
        # component of LIBDIR below PREFIX.
        up=../..
        for c in $(printf '%s\n' "$rel" | tr / ' '); do up=$up/..; done
        paths="get_filename_component(_ccdbench_prefix \"\${CMAKE_CURRENT_LIST_DIR}/$up\" ABSOLUTE)"
        lib="\${_ccdbench_prefix}${rel:+/$rel}" ;;
      *) lib=$libdir ;;
    esac
    case $includedir in
      "$prefix"/*)
        if [ -n "$paths" ]; then
          inc="\${_ccdbench_prefix}/${includedir#"$prefix"/}"
        else
          inc=$includedir
        fi ;;
      *) inc=$includedir ;;
    esac ;;
  build)
    paths="" lib=$2/.libs inc=$3/include ;;
  *)
    echo "usage: $0 install PREFIX LIBDIR INCLUDEDIR | build BUILDDIR SRCDIR" >&2
    exit 2 ;;
esac
while IFS= read -r line; do
  if [ "$line" = "@CCD_CMAKE_PATHS@" ]; then
    [ -z "$paths" ] || printf '%s\n' "$paths"
    printf 'set(_ccdbench_library_dir "%s")\n' "$lib"
    printf 'set(_ccdbench_include_dir "%s")\n' "$inc"
  else
    printf '%s\n' "$line"
  fi
done
