#!/bin/sh
. "$(dirname "$0")/log-request.sh"
cat <<'REPLY'
Sure! Here's a balanced plan for your week:

```json
{
  "planName": "  Full Body Basics ",
  "days": [
    {"day": "monday", "title": "Full Body A", "exercises": [
      {"name": "Goblet Squat", "sets": "3", "reps": "8-12", "weight": "50 lb", "restSeconds": "90s"},
      {"name": "Push-Up", "sets": 3, "reps": "AMRAP"}
    ]},
    {"day": "Wednesday", "title": "Full Body B", "exercises": [
      {"name": "Romanian Deadlift", "sets": 3, "reps": 10, "weightKg": 40},
      {"name": "Plank", "sets": 3, "reps": "45s"}
    ]},
    {"day": "Friday", "title": "Full Body C", "exercises": [
      {"name": "Dumbbell Row", "sets": 4, "reps": "10", "weightKg": "20 kg"}
    ]}
  ]
}
```

Let me know if you want it harder!
REPLY
