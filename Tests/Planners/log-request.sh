# Sourced by the fake planners: reads the request from standard input into $REQUEST,
# and saves it under $PLANNER_LOG when that is set.
REQUEST=$(cat)
if [ -n "$PLANNER_LOG" ]; then
    printf '%s\n' "$REQUEST" > "$PLANNER_LOG/request-$SESSIOND_ATTEMPT.json"
fi
