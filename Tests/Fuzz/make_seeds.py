#!/usr/bin/env python3
"""Writes the fuzz targets' seeds of impossible numbers into a corpus directory.

    make_seeds.py CORPUS

For SessionCore's target: FIT activities whose fields are float64 (so that any value
fits) with NaN, +-infinity, 1e300, -5 and +-2^63 in each numeric field in turn, chained
copies, a file cut inside its header; Strong CSV and sessiond JSON exports with those
numbers in each numeric column. For the health readers: a small Apple Health
export.xml with those numbers as values and a strength workout, the same zipped
(deflated and stored, and with ZIP64 extra fields), Health Auto Export's metrics and Google Fit's daily CSV. Written from the FIT protocol, independently of the
reader (see Tests/Fixtures/fit/make_fit.py for the CRC).
"""
import io
import os
import struct
import sys
import zipfile
import zlib

HOSTILE = [float("nan"), float("inf"), float("-inf"), 1e300, -5.0, 2.0 ** 63, -(2.0 ** 63)]
HOSTILE_TEXT = ["NaN", "inf", "-inf", "1e300", "-5", "9223372036854775808", "-9223372036854775808"]
START = 1764612000 - 631065600


def crc16(data):
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
    return crc


def message(global_number, fields):
    out = bytes([0x40, 0, 0]) + struct.pack("<H", global_number) + bytes([len(fields)])
    for number, _ in fields:
        out += bytes([number, 8, 0x89])
    out += b"\x00" + b"".join(struct.pack("<d", value) for _, value in fields)
    return out


def fit(messages):
    records = b"".join(message(g, f) for g, f in messages)
    header = struct.pack("<BBHI4s", 14, 0x20, 2132, len(records), b".FIT")
    header += struct.pack("<H", crc16(header))
    body = header + records
    return body + struct.pack("<H", crc16(body))


def zip64_stored(name, data):
    """A stored zip entry whose central directory gives its sizes and offset in a ZIP64
    extra field (all ones in the record), as an archive over 4 GiB does."""
    name = name.encode()
    crc = zlib.crc32(data)
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 45, 0, 0, 0, 0, crc, len(data), len(data), len(name), 0) + name + data
    extra = struct.pack("<HHQQQ", 1, 24, len(data), len(data), 0)
    central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 45, 45, 0, 0, 0, 0, crc, 0xFFFFFFFF, 0xFFFFFFFF,
                          len(name), len(extra), 0, 0, 0, 0, 0xFFFFFFFF) + name + extra
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central), len(local), 0)
    return local + central + end


def strength():
    messages = [(0, [(0, 4.0)]), (20, [(253, START + 5.0), (3, 120.0)])]
    for index in range(2):
        messages.append((225, [(0, 30000.0), (3, 5.0), (4, 1600.0), (5, 1.0), (6, START + 10.0 + index), (7, 28.0)]))
    messages.append((18, [(253, START + 1800.0), (2, float(START)), (7, 1.8e6), (8, 1.7e6), (9, 0.0), (11, 250.0),
                          (16, 120.0), (17, 150.0), (5, 10.0), (6, 20.0)]))
    messages.append((34, [(253, START + 1800.0), (5, START + 5400.0)]))
    return messages


def main():
    corpus = sys.argv[1]
    os.makedirs(corpus, exist_ok=True)

    def put(name, data):
        with open(os.path.join(corpus, name), "wb") as out:
            out.write(data if isinstance(data, bytes) else data.encode())

    base = strength()
    put("fit-strength", fit(base))
    put("fit-chained", fit(base) * 3)
    put("fit-cut", fit(base)[:10])
    for m, (global_number, fields) in enumerate(base):
        for f, (number, _) in enumerate(fields):
            for v, value in enumerate(HOSTILE):
                changed = [(g, list(fs)) for g, fs in base]
                changed[m][1][f] = (number, value)
                put(f"fit-{global_number}-{number}-{v}", fit(changed))
    columns = ["Date", "Workout Name", "Duration", "Exercise Name", "Set Order", "Weight", "Reps", "Distance", "Seconds", "RPE"]
    row = ["2025-12-01 18:00:00", "Legs", "45m", "Squat", "1", "100", "5", "0", "0", "8"]
    for c in range(4, len(columns)):
        for v, text in enumerate(HOSTILE_TEXT):
            values = list(row)
            values[c] = text
            put(f"csv-{columns[c].lower().replace(' ', '-')}-{v}", ",".join(columns) + "\n" + ",".join(values) + "\n")
    for key in ["durationSeconds", "reps", "weightKg", "distanceM", "rpe", "averageHeartRate", "energyKcal"]:
        for v, text in enumerate(HOSTILE_TEXT[3:]):
            workout = {"start": "2025-12-01T18:00:00", "title": "Legs", "durationSeconds": "2700", "averageHeartRate": "120",
                       "maximumHeartRate": "150", "energyKcal": "300"}
            sets = {"exercise": "Squat", "reps": "5", "weightKg": "100", "distanceM": "0", "rpe": "8"}
            (workout if key in workout else sets)[key] = text
            members = lambda d: ", ".join(f'"{k}": {val}' if k not in ("start", "title", "exercise") else f'"{k}": "{val}"' for k, val in d.items())
            put(f"json-{key}-{v}", '{"format": "sessiond-history", "version": 1, "workouts": [{' + members(workout)
                + ', "sets": [{' + members(sets) + '}]}]}\n')

    for v, text in enumerate(HOSTILE_TEXT):
        xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n'
               f'<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Watch" unit="count" value="{text}"'
               ' startDate="2025-12-01 08:00:00 +0100" endDate="2025-12-01 09:00:00 +0100"/>\n'
               f'<Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" value="{text}"'
               ' startDate="2025-12-01 07:00:00 +0100" endDate="2025-12-01 07:00:00 +0100"/>\n'
               '<Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" value="HKCategoryValueSleepAnalysisAsleepCore"'
               ' startDate="2025-11-30 23:00:00 +0100" endDate="2025-12-01 06:30:00 +0100"/>\n'
               '<Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="45" durationUnit="min"'
               ' startDate="2025-12-01 18:00:00 +0100" endDate="2025-12-01 18:45:00 +0100">\n'
               f' <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" average="{text}" maximum="150" unit="count/min"/>\n'
               '</Workout>\n</HealthData>\n')
        put(f"apple-health-{v}", xml)
        for method, name in ((zipfile.ZIP_DEFLATED, "deflated"), (zipfile.ZIP_STORED, "stored")):
            archive = io.BytesIO()
            with zipfile.ZipFile(archive, "w", method) as out:
                out.writestr("apple_health_export/export.xml", xml)
            put(f"apple-health-zip-{name}-{v}", archive.getvalue())
        put(f"apple-health-zip64-{v}", zip64_stored("apple_health_export/export.xml", xml.encode()))
        put(f"health-auto-export-{v}", '{"data": {"metrics": [{"name": "step_count", "units": "count", "data": '
            f'[{{"date": "2025-12-01 00:00:00 +0100", "qty": {text}, "source": "Watch"}}]}}, '
            '{"name": "weight_body_mass", "units": "kg", "data": '
            f'[{{"date": "2025-12-01 07:00:00 +0100", "qty": {text}}}]}}]}}}}\n')
        put(f"google-fit-{v}", "Date,Step count,Average weight (kg)\n2025-12-01," + text + "," + text + "\n")


if __name__ == "__main__":
    main()
