#!/bin/sh
# plan redo's planner: attempt 1 answers with two days (refused: one day was asked),
# later attempts with the one day asked for.
. "$(dirname "$0")/log-request.sh"
if [ "$SESSIOND_ATTEMPT" = 1 ]; then
    echo '{"planName": "Two", "days": [{"day": "Wednesday", "title": "A", "exercises": [{"name": "Swing", "sets": 3, "reps": 15}]}, {"day": "Thursday", "title": "B", "exercises": [{"name": "Row", "sets": 3, "reps": 8}]}]}'
else
    echo '{"planName": "Redo", "days": [{"day": "Wednesday", "title": "Conditioning", "exercises": [{"name": "Kettlebell Swing", "sets": 5, "reps": 15, "weightKg": 16}]}]}'
fi
