#!/usr/bin/env python3
"""Reads a FIT activity with fitdecode (an independent decoder from PyPI) and prints
what the tests compare the import against, as JSON:

    {"sessions": [{"start", "elapsed", "timer", "distance", "calories", "avgHr", "maxHr",
                   "sport", "subSport"}],
     "activeSets": [{"start", "duration", "reps", "weight", "category", "categoryNames"}],
     "heartRates": [BPM, ...], "localOffset": S | null}

Times are Unix seconds; enum values are FIT's numbers.
"""
import json
import sys

import fitdecode
import fitdecode.profile

CATEGORY_NAMES = fitdecode.profile.FIELD_TYPES["exercise_category"].enum


def unix(value):
    return None if value is None else int(value.timestamp())


def number(message, name, raw=False):
    """The field's value as the profile scales it (seconds, metres, kg); `raw` for enums."""
    return message.get_value(name, raw_value=raw, fallback=None) if message.has_field(name) else None


def main():
    sessions, sets, rates, offset = [], [], [], None
    with fitdecode.FitReader(sys.argv[1], check_crc=fitdecode.CrcCheck.RAISE) as fit:
        for frame in fit:
            if not isinstance(frame, fitdecode.FitDataMessage):
                continue
            if frame.name == "session":
                sessions.append({
                    "start": unix(frame.get_value("start_time")), "elapsed": number(frame, "total_elapsed_time"),
                    "timer": number(frame, "total_timer_time"), "distance": number(frame, "total_distance"),
                    "calories": number(frame, "total_calories"), "avgHr": number(frame, "avg_heart_rate"),
                    "maxHr": number(frame, "max_heart_rate"), "sport": number(frame, "sport", raw=True),
                    "subSport": number(frame, "sub_sport", raw=True),
                })
            elif frame.name == "set" and number(frame, "set_type", raw=True) == 1:
                category = frame.get_value("category", raw_value=True, fallback=None) if frame.has_field("category") else None
                if not isinstance(category, (list, tuple)):
                    category = [category]
                # The profile's names of the categories (fitdecode leaves an array's as numbers).
                names = [CATEGORY_NAMES.get(c) for c in category if c is not None]
                sets.append({
                    "start": unix(frame.get_value("start_time")), "duration": number(frame, "duration"),
                    "reps": number(frame, "repetitions"), "weight": number(frame, "weight"),
                    "category": [c for c in category if c is not None and c != 65534],
                    "categoryNames": [n for n in names if isinstance(n, str) and n != "unknown"],
                })
            elif frame.name == "record" and number(frame, "heart_rate") is not None:
                rates.append(number(frame, "heart_rate"))
            elif frame.name == "activity" and frame.has_field("local_timestamp"):
                local = frame.get_value("local_timestamp", raw_value=True)
                utc = frame.get_value("timestamp", raw_value=True)
                offset = int(round((local - utc) / 60.0)) * 60
    print(json.dumps({"sessions": sessions, "activeSets": sets, "heartRates": rates, "localOffset": offset}))


if __name__ == "__main__":
    main()
