#!/usr/bin/env python3
"""Writes a FIT activity file from a JSON description, for the tests.

    make_fit.py OUT.fit DESCRIPTION.json

The description: {"sport": 10, "subSport": 20, "start": UNIX, "elapsed": S,
"distance": M | null, "calories": KCAL | null, "avgHr": BPM | null, "maxHr": BPM | null,
"localOffset": S | null, "sets": [{"start": UNIX, "duration": S, "reps": N | null,
"weight": KG | null, "active": bool, "category": [N, ...]}], "records": [[UNIX, BPM], ...],
"bigEndianSets": bool, "compressedRecords": bool, "developerField": bool,
"corruptCrc": bool, "truncate": N, "fileType": N}

Written from the FIT protocol (header, definition and data messages, compressed
timestamp headers, developer fields, CRC-16), independently of the daemon's reader.
"""
import json
import struct
import sys

FIT_EPOCH = 631065600

CRC_TABLE = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
             0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]


def crc16(data, crc=0):
    for byte in data:
        tmp = CRC_TABLE[crc & 0xF]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ CRC_TABLE[byte & 0xF]
        tmp = CRC_TABLE[crc & 0xF]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ CRC_TABLE[(byte >> 4) & 0xF]
    return crc


# base type: (number byte, struct code, invalid value)
TYPES = {
    "enum": (0x00, "B", 0xFF), "uint8": (0x02, "B", 0xFF), "uint16": (0x84, "H", 0xFFFF),
    "uint32": (0x86, "I", 0xFFFFFFFF), "uint32z": (0x8C, "I", 0), "sint8": (0x01, "b", 0x7F),
}


class Writer:
    def __init__(self):
        self.body = bytearray()

    def define(self, local, global_number, fields, big_endian=False, developer=None):
        """fields: [(number, type, count)]; developer: [(field number, size, index)]."""
        header = 0x40 | local | (0x20 if developer else 0)
        arch = 1 if big_endian else 0
        self.body += bytes([header, 0, arch]) + struct.pack(">H" if big_endian else "<H", global_number)
        self.body += bytes([len(fields)])
        for number, kind, count in fields:
            base, code, _ = TYPES[kind]
            self.body += bytes([number, struct.calcsize(code) * count, base])
        if developer:
            self.body += bytes([len(developer)])
            for number, size, index in developer:
                self.body += bytes([number, size, index])

    def data(self, local, fields, values, big_endian=False, developer_bytes=b"", compressed_offset=None):
        if compressed_offset is None:
            self.body += bytes([local])
        else:
            self.body += bytes([0x80 | (local << 5) | (compressed_offset & 0x1F)])
        order = ">" if big_endian else "<"
        for (number, kind, count), value in zip(fields, values):
            _, code, invalid = TYPES[kind]
            items = value if isinstance(value, list) else [value]
            items = (items + [None] * count)[:count]
            for item in items:
                self.body += struct.pack(order + code, invalid if item is None else item)
        self.body += developer_bytes

    def file(self, corrupt_crc=False):
        header = struct.pack("<BBHI4s", 14, 0x20, 2132, len(self.body), b".FIT")
        header += struct.pack("<H", crc16(header))
        content = header + bytes(self.body)
        crc = crc16(content) ^ (0x1234 if corrupt_crc else 0)
        return content + struct.pack("<H", crc)


def fit_time(unix):
    return int(unix) - FIT_EPOCH


def main():
    out, description = sys.argv[1], json.load(open(sys.argv[2]))
    w = Writer()
    file_id = [(0, "enum", 1), (1, "uint16", 1), (4, "uint32", 1)]
    w.define(0, 0, file_id)
    w.data(0, file_id, [description.get("fileType", 4), 1, fit_time(description["start"])])
    if description.get("developerField"):
        # developer_data_id (207) and a field_description (206) for a 2-byte field,
        # then records that carry it: a reader must skip its bytes.
        w.define(1, 207, [(3, "uint8", 1)])
        w.data(1, [(3, "uint8", 1)], [0])
        w.define(1, 206, [(0, "uint8", 1), (1, "uint8", 1), (2, "uint8", 1)])
        w.data(1, [(0, "uint8", 1), (1, "uint8", 1), (2, "uint8", 1)], [0, 0, 0x84])
    record = [(253, "uint32", 1), (3, "uint8", 1)]
    developer = [(0, 2, 0)] if description.get("developerField") else None
    w.define(2, 20, record, developer=developer)
    # A record with a compressed timestamp header has no timestamp field: its own
    # definition, local type 1.
    w.define(1, 20, record[1:], developer=developer)
    last = None
    for time, bpm in description.get("records", []):
        extra = struct.pack("<H", 1234) if developer else b""
        t = fit_time(time)
        if description.get("compressedRecords") and last is not None and 0 <= t - last < 32:
            w.data(1, record[1:], [bpm], developer_bytes=extra, compressed_offset=t & 0x1F)
        else:
            w.data(2, record, [t, bpm], developer_bytes=extra)
        last = t
    set_fields = [(254, "uint32", 1), (0, "uint32", 1), (3, "uint16", 1), (4, "uint16", 1), (5, "uint8", 1),
                  (6, "uint32", 1), (7, "uint16", 3)]
    big = bool(description.get("bigEndianSets"))
    w.define(3, 225, set_fields, big_endian=big)
    for s in description.get("sets", []):
        weight = None if s.get("weight") is None else int(round(s["weight"] * 16))
        duration = int(round(s["duration"] * 1000))
        w.data(3, set_fields, [fit_time(description["start"]), duration, s.get("reps"), weight,
                               1 if s["active"] else 0, fit_time(s["start"]), s.get("category", [])], big_endian=big)
    end = description["start"] + description["elapsed"]
    session = [(253, "uint32", 1), (2, "uint32", 1), (7, "uint32", 1), (8, "uint32", 1), (9, "uint32", 1),
               (11, "uint16", 1), (16, "uint8", 1), (17, "uint8", 1), (5, "enum", 1), (6, "enum", 1)]
    w.define(4, 18, session)
    distance = description.get("distance")
    w.data(4, session, [fit_time(end), fit_time(description["start"]), int(description["elapsed"] * 1000),
                        int(description["elapsed"] * 1000), None if distance is None else int(distance * 100),
                        description.get("calories"), description.get("avgHr"), description.get("maxHr"),
                        description["sport"], description["subSport"]])
    if description.get("localOffset") is not None:
        activity = [(253, "uint32", 1), (5, "uint32", 1)]
        w.define(5, 34, activity)
        w.data(5, activity, [fit_time(end), fit_time(end) + description["localOffset"]])
    data = w.file(corrupt_crc=bool(description.get("corruptCrc")))
    if description.get("truncate"):
        data = data[:description["truncate"]]
    open(out, "wb").write(data)


if __name__ == "__main__":
    main()
