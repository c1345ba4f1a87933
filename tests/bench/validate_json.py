#!/usr/bin/env python3
"""Validates a JSON document against a JSON Schema (python3-jsonschema).

Usage: validate_json.py SCHEMA DOCUMENT. Exit status 0 when the document
is valid, 1 with the first violation on stderr otherwise, 2 for unreadable
input. Used by the tests of `affjit bench --json`. "format" keywords (the
report's `timestamp` is a "date-time") are checked too, as far as the
installed jsonschema can (its date-time check needs an optional package;
the schema's pattern checks the form regardless).
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
        jsonschema.validate(document, schema, cls=jsonschema.Draft7Validator,
                            format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
    except jsonschema.ValidationError as e:
        print(f"invalid: {e.message} at {list(e.absolute_path)}", file=sys.stderr)
        return 1
    except jsonschema.RefResolutionError as e:
        print(f"validate_json: the schema has a bad $ref: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
