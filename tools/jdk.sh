# Sourced by ./csir, ./test and ./bench: exports JAVA_HOME pointing at a JDK 25 or newer.
# JAVA_HOME wins when it already is one; otherwise the newest JDK under /usr/lib/jvm is taken.

# The major version from the JDK's release file (every JDK since 9 has one): reading it costs
# nothing, where asking the JVM itself would start one per candidate. A JDK without the file
# is asked after all.
csir_java_major() {
  local v=""
  if [ -f "$1/release" ]; then
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release")
  fi
  if [ -z "$v" ]; then
    v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 |
      sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1)
  fi
  echo "$v"
}

csir_find_jdk() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    local v; v=$(csir_java_major "$JAVA_HOME")
    if [ -n "$v" ] && [ "$v" -ge 25 ]; then echo "$JAVA_HOME"; return 0; fi
  fi
  local best="" bestv=0 d v
  for d in /usr/lib/jvm/*/; do
    d=${d%/}
    [ -x "$d/bin/javac" ] || continue
    [ -L "$d" ] && continue
    v=$(csir_java_major "$d")
    if [ -n "$v" ] && [ "$v" -gt "$bestv" ]; then best=$d; bestv=$v; fi
  done
  if [ -n "$best" ] && [ "$bestv" -ge 25 ]; then echo "$best"; return 0; fi
  return 1
}

if ! CSIR_JDK=$(csir_find_jdk); then
  echo "csir: needs a JDK 25 or newer (set JAVA_HOME, or install one under /usr/lib/jvm)" >&2
  exit 2
fi
export JAVA_HOME="$CSIR_JDK"
export PATH="$JAVA_HOME/bin:$PATH"
