#!/bin/sh
. "$(dirname "$0")/log-request.sh"
# A whole plan, then exit while a background child keeps standard output open.
sleep 300 &
if [ -n "$PLANNER_LOG" ]; then echo $! > "$PLANNER_LOG/child.pid"; fi
cat <<'REPLY'
{"planName": "Lingering", "days": [{"day": "Monday", "title": "Legs", "exercises": [{"name": "Back Squat", "sets": 3, "reps": 5}]}]}
REPLY
