# Sourced by ./csir, ./test and ./bench: exports JAVA_HOME pointing at a JDK 25 or newer.
# JAVA_HOME wins when it already is one; otherwise the newest JDK under /usr/lib/jvm is taken.
# Bash builtins only on the common path: ./csir runs this on every start, and each fork costs
# about a millisecond.

# Sets csir_major to the major version in the JDK's release file (every JDK since 9 has one):
# reading it costs nothing, where asking the JVM itself would start one per candidate. A JDK
# without the file is asked after all.
csir_java_major() {
  csir_major=""
  local line
  if [ -f "$1/release" ]; then
    while IFS= read -r line; do
      case $line in
        JAVA_VERSION=*)
          line=${line#JAVA_VERSION=\"}
          line=${line%%[!0-9]*}
          csir_major=$line
          break ;;
      esac
    done <"$1/release"
  fi
  if [ -z "$csir_major" ]; then
    csir_major=$("$1/bin/java" -XshowSettings:properties -version 2>&1 |
      sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1)
  fi
}

# Sets CSIR_JDK; fails when there is no JDK 25 or newer.
csir_find_jdk() {
  CSIR_JDK=""
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    csir_java_major "$JAVA_HOME"
    if [ -n "$csir_major" ] && [ "$csir_major" -ge 25 ]; then CSIR_JDK=$JAVA_HOME; return 0; fi
  fi
  local best="" bestv=0 d
  for d in /usr/lib/jvm/*/; do
    d=${d%/}
    [ -x "$d/bin/javac" ] || continue
    [ -L "$d" ] && continue
    csir_java_major "$d"
    if [ -n "$csir_major" ] && [ "$csir_major" -gt "$bestv" ]; then best=$d; bestv=$csir_major; fi
  done
  if [ -n "$best" ] && [ "$bestv" -ge 25 ]; then CSIR_JDK=$best; return 0; fi
  return 1
}

if ! csir_find_jdk; then
  echo "csir: needs a JDK 25 or newer (set JAVA_HOME, or install one under /usr/lib/jvm)" >&2
  exit 2
fi
export JAVA_HOME="$CSIR_JDK"
export PATH="$JAVA_HOME/bin:$PATH"
