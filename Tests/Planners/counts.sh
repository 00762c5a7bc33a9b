#!/bin/sh
# A valid plan; each run appends a line to $PLANNER_LOG/runs, so a test can tell it never ran.
. "$(dirname "$0")/log-request.sh"
echo "attempt $SESSIOND_ATTEMPT" >> "$PLANNER_LOG/runs"
echo '{"planName": "Counted", "days": [{"day": "Monday", "title": "Legs", "exercises": [{"name": "Squat", "sets": 3, "reps": 5, "weightKg": 60}]}]}'
