#!/usr/bin/env bash
# Renders every example; run from anywhere. Output goes to examples/out/.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
csir="$here/../csir"
mkdir -p "$here/out"
"$csir" render "$here/lit.vert" "$here/lit.frag" --mesh cube -o "$here/out/lit-cube.png" "$@"
"$csir" render "$here/lit.vert" "$here/blinn.frag" --mesh cube --uniform time=0.7 -o "$here/out/blinn-cube.png" "$@"
"$csir" render "$here/textured.vert" "$here/textured.frag" --mesh quad -o "$here/out/textured-quad.png" "$@"
"$csir" render "$here/fullscreen.vert" "$here/rings.frag" --mesh quad --uniform resolution=256,256 \
    -o "$here/out/rings.png" "$@"
"$csir" render "$here/fullscreen.vert" "$here/cutout.frag" --mesh quad --clear 0.2,0.2,0.2,1 \
    -o "$here/out/cutout.png" "$@"
