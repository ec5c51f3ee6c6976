# Sourced by the bench scripts before they read their options. value_of FLAG VALUE...: prints the value a flag was
# given, or refuses a flag given without one in one line, exit 2 (under `set -u` a bare `$2` stopped the script on
# "$2: unbound variable", exit 1; a value that is the next flag was taken as the value).
value_of() {
  [[ $# -ge 2 && -n $2 && $2 != --* ]] || { echo "$(basename "$0"): $1 needs a value" >&2; exit 2; }
  printf '%s' "$2"
}
