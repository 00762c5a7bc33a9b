#!/bin/sh
# Attempt 1: an invalid plan; later attempts: a valid one. Each passes token usage back
# through $SESSIOND_USAGE_FILE as the contrib planners do — a count of its own from the
# request's length, different for each attempt — and saves what it wrote as
# $PLANNER_LOG/usage-N.json. With $PLANNER_USAGE set, writes that text instead.
. "$(dirname "$0")/log-request.sh"
usage=${PLANNER_USAGE:-"{\"inputTokens\": $((${#REQUEST} / 3)), \"outputTokens\": $((40 + SESSIOND_ATTEMPT))}"}
printf '%s\n' "$usage" > "$SESSIOND_USAGE_FILE"
printf '%s\n' "$usage" > "$PLANNER_LOG/usage-$SESSIOND_ATTEMPT.json"
if [ "$SESSIOND_ATTEMPT" = 1 ]; then
    echo '{"planName": "Broken", "days": [{"day": "Tuesday", "title": "Legs", "exercises": [{"name": "Squat", "sets": 0, "reps": 5}]}]}'
else
    echo '{"planName": "Counted", "days": [{"day": "Tuesday", "title": "Legs", "exercises": [{"name": "Squat", "sets": 3, "reps": 5, "weightKg": 60}]}]}'
fi
