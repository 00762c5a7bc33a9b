#!/bin/sh
. "$(dirname "$0")/log-request.sh"
case "$REQUEST" in
*"days[0].exercises[0].sets"*)
    echo '{"planName": "Repaired", "days": [{"day": "Tuesday", "title": "Legs", "exercises": [{"name": "Squat", "sets": 3, "reps": 5, "weightKg": 60}]}]}' ;;
*)
    echo '{"planName": "Broken", "days": [{"day": "Tuesday", "title": "Legs", "exercises": [{"name": "Squat", "sets": 0, "reps": 5}]}]}' ;;
esac
