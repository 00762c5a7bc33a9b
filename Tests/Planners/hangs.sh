#!/bin/sh
. "$(dirname "$0")/log-request.sh"
sleep 300 &
if [ -n "$PLANNER_LOG" ]; then echo $! > "$PLANNER_LOG/child.pid"; fi
wait
