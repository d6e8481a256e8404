# Sourced by scripts/galley and scripts/test, which set $root: installs programs (bootstrap's
# arguments) in the background while the caller compiles, so that on a new machine apt and the
# compiler overlap; unless sudo would ask for a password, which is asked at once rather than
# amid the compiler's output. `meanwhile_installed` waits for the install, says what apt said,
# and exits with the install's status if it failed.
meanwhile_pid=''
meanwhile_log=''

install_meanwhile() {
  if "$root/scripts/bootstrap" --unattended "$@"; then
    meanwhile_log=$(mktemp)
    trap 'rm -f "$meanwhile_log"' EXIT
    "$root/scripts/bootstrap" "$@" >"$meanwhile_log" 2>&1 &
    meanwhile_pid=$!
  else
    "$root/scripts/bootstrap" "$@"
  fi
}

meanwhile_installed() {
  [ -n "$meanwhile_pid" ] || return 0
  local status=0
  wait "$meanwhile_pid" || status=$?
  meanwhile_pid=''
  cat "$meanwhile_log" >&2
  # Removed here too: scripts/galley ends by exec, which runs no EXIT trap.
  rm -f "$meanwhile_log"
  [ "$status" -eq 0 ] || exit "$status"
}
