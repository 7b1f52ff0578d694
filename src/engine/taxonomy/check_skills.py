#!/usr/bin/env python3
"""Validate skills.tsv (the skill taxonomy used by the resume parser).

Usage:
    python3 check_skills.py [path/to/skills.tsv] [--min N] [--quiet]

Checks:
  * UTF-8, exact header line, exactly 4 tab-separated columns per row
  * non-empty canonical names without stray whitespace or reserved characters
  * category in the allowed set, ambiguous in {yes, no}
  * alias syntax: `|`-separated, optional leading `~`, no empty entries
  * no duplicate canonical names (case-insensitive)
  * no alias equal (case-insensitively) to its own canonical, to another alias
    of the same skill, or to any other skill's canonical name or alias
    (unless case tells them apart: an acronym in capitals, such as `AI`,
    and a name in mixed case, such as Adobe's `Ai`; the parser reads
    `ACLs` or `Ai` as another word than the acronym)
  * no cross-skill collision after punctuation/space folding
    (e.g. "Node.js" vs "NodeJS" belonging to two different skills)
  * names of <= 2 characters must be flagged ambiguous (`yes` for a
    canonical, `~` for an alias)
  * at least --min rows (default 2000)

Prints per-category counts and exits non-zero when any problem is found.
"""

import sys
import unicodedata
from collections import Counter, defaultdict

HEADER = ["canonical", "category", "ambiguous", "aliases"]


def is_acronym(name):
    """At least two letters, all capitals: the parser matches it only in
    capitals or all in lower case."""
    letters = [ch for ch in name if ch.isalpha()]
    return len(letters) >= 2 and not any(ch.islower() for ch in name)


def told_apart_by_case(name, other):
    return name != other and is_acronym(name) != is_acronym(other)

CATEGORIES = [
    "programming_language", "framework_library", "database", "cloud_devops",
    "data_ml", "software_practice", "tool_platform", "design",
    "healthcare_clinical", "healthcare_admin", "sales", "marketing",
    "finance_accounting", "operations_logistics", "hr_people",
    "legal_compliance", "education_teaching", "customer_support",
    "project_management", "engineering_manufacturing", "construction_trades",
    "hospitality", "language_spoken", "soft_skill", "office_productivity",
    "security", "credential", "other",
]

RESERVED = set("|\t\r\n")


def fold(name):
    """Case-insensitive key used for exact collision checks."""
    return unicodedata.normalize("NFC", name).casefold()


def loose(name):
    """Looser key: drop spaces and most punctuation, keep +, # and & so that
    C, C++ and C# (or S&OP and SOP) stay distinct."""
    key = fold(name)
    return "".join(ch for ch in key if ch.isalnum() or ch in "+#&")


def check_name(name, where, errors):
    if not name:
        errors.append(f"{where}: empty name")
        return False
    if name != name.strip():
        errors.append(f"{where}: leading/trailing whitespace in {name!r}")
    if "  " in name:
        errors.append(f"{where}: double space in {name!r}")
    bad = RESERVED.intersection(name)
    if bad:
        errors.append(f"{where}: reserved character(s) {sorted(bad)!r} in {name!r}")
    if name.startswith("~"):
        errors.append(f"{where}: name starts with '~': {name!r}")
    return True


def main(argv):
    path = "skills.tsv"
    minimum = 2000
    quiet = False
    args = list(argv[1:])
    while args:
        a = args.pop(0)
        if a == "--min":
            minimum = int(args.pop(0))
        elif a == "--quiet":
            quiet = True
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            path = a

    errors = []
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        print(f"error: cannot read {path}: {exc}", file=sys.stderr)
        return 2
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        print(f"error: {path} is not valid UTF-8: {exc}", file=sys.stderr)
        return 1
    if text.startswith("\ufeff"):
        errors.append("file starts with a UTF-8 BOM")
        text = text[1:]
    if "\r" in text:
        errors.append("file contains carriage returns (use LF line endings)")
    if not text.endswith("\n"):
        errors.append("file does not end with a newline")

    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0].split("\t") != HEADER:
        errors.append("header must be: " + "\\t".join(HEADER))
        body = lines[1:] if lines else []
    else:
        body = lines[1:]

    allowed = set(CATEGORIES)
    canon_seen = {}          # fold(canonical) -> line number
    owner = {}               # fold(name) -> (line, canonical) for canonicals and aliases
    loose_owner = {}         # loose(name) -> (line, canonical)
    per_cat = Counter()
    ambiguous_rows = 0
    ambiguous_by_cat = Counter()
    tilde_aliases = 0
    alias_total = 0
    rows = 0

    for offset, line in enumerate(body):
        lineno = offset + 2
        where = f"line {lineno}"
        if not line.strip():
            errors.append(f"{where}: blank line")
            continue
        cols = line.split("\t")
        if len(cols) != 4:
            errors.append(f"{where}: expected 4 columns, got {len(cols)}")
            continue
        canonical, category, ambiguous, aliases = cols
        rows += 1
        check_name(canonical, where, errors)
        if category not in allowed:
            errors.append(f"{where}: unknown category {category!r}")
        else:
            per_cat[category] += 1
        if ambiguous not in ("yes", "no"):
            errors.append(f"{where}: ambiguous must be yes/no, got {ambiguous!r}")
        elif ambiguous == "yes":
            ambiguous_rows += 1
            ambiguous_by_cat[category] += 1

        if canonical:
            key = fold(canonical)
            if key in canon_seen:
                errors.append(f"{where}: duplicate canonical {canonical!r} "
                              f"(first on line {canon_seen[key]})")
            else:
                canon_seen[key] = lineno
            alnum = sum(ch.isalnum() for ch in canonical)
            if len(canonical) <= 2 and alnum == len(canonical) and ambiguous != "yes":
                errors.append(f"{where}: short canonical {canonical!r} must be ambiguous=yes")

        names = [(canonical, False)]
        if aliases != "":
            for raw_alias in aliases.split("|"):
                alias_total += 1
                tilde = raw_alias.startswith("~")
                alias = raw_alias[1:] if tilde else raw_alias
                if tilde:
                    tilde_aliases += 1
                if not check_name(alias, f"{where} alias {raw_alias!r}", errors):
                    continue
                if len(alias) <= 2 and not tilde:
                    errors.append(f"{where}: short alias {alias!r} must be marked '~'")
                names.append((alias, True))

        local = {}
        for name, is_alias in names:
            if not name:
                continue
            key = fold(name)
            if key in local:
                errors.append(f"{where}: {name!r} repeats {local[key]!r} within the same skill "
                              "(case-insensitive)")
                continue
            local[key] = name
            prev = owner.get(key)
            if prev and prev[1] != canonical and told_apart_by_case(name, prev[2]):
                continue
            if prev and prev[1] != canonical:
                errors.append(f"{where}: {'alias' if is_alias else 'canonical'} {name!r} "
                              f"collides with skill {prev[1]!r} (line {prev[0]})")
            else:
                owner[key] = (lineno, canonical, name)
            lkey = loose(name)
            if lkey:
                lprev = loose_owner.get(lkey)
                if lprev and lprev[1] != canonical:
                    errors.append(f"{where}: {name!r} collides with skill {lprev[1]!r} "
                                  f"(line {lprev[0]}) once spaces/punctuation are ignored")
                else:
                    loose_owner.setdefault(lkey, (lineno, canonical))

    if rows < minimum:
        errors.append(f"only {rows} skills, expected at least {minimum}")

    if not quiet:
        print(f"{path}: {rows} skills, {alias_total} aliases "
              f"({tilde_aliases} marked '~'), {ambiguous_rows} ambiguous canonicals")
        width = max(len(c) for c in CATEGORIES)
        for cat in CATEGORIES:
            print(f"  {cat:<{width}}  {per_cat[cat]:5d}   (ambiguous {ambiguous_by_cat[cat]})")
    if errors:
        for e in errors:
            print("ERROR: " + e, file=sys.stderr)
        print(f"{len(errors)} problem(s) found", file=sys.stderr)
        return 1
    if not quiet:
        print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
