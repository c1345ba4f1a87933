#!/usr/bin/env python3
"""Validates a JSON document against a JSON Schema (python3-jsonschema).

Usage: validate_json.py SCHEMA DOCUMENT. Exit status 0 when the document
is valid, 1 with the first violation on stderr otherwise, 2 for unreadable
input. Used by the tests of `affjit bench --json`.
"""
import json
import sys

import jsonschema


def main():
    if len(sys.argv) != 3:
        print("usage: validate_json.py SCHEMA DOCUMENT", file=sys.stderr)
        return 2
    try:
        with open(sys.argv[1]) as f:
            schema = json.load(f)
        with open(sys.argv[2]) as f:
            document = json.load(f)
    except (OSError, ValueError) as e:
        print(f"validate_json: {e}", file=sys.stderr)
        return 2
    jsonschema.Draft7Validator.check_schema(schema)
    try:
        jsonschema.validate(document, schema, cls=jsonschema.Draft7Validator)
    except jsonschema.ValidationError as e:
        print(f"invalid: {e.message} at {list(e.absolute_path)}", file=sys.stderr)
        return 1
    except jsonschema.RefResolutionError as e:
        print(f"validate_json: the schema has a bad $ref: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
