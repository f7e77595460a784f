#!/usr/bin/env python3
"""doc-links.py ROOT FILE... - every relative link of the Markdown FILEs
(paths relative to ROOT) must name a file under ROOT, and its #anchor a
heading of the target as GitHub names it.  Prints one line per broken
link and exits 1 when there is one.  --skip PREFIX (repeatable) leaves
out targets under PREFIX: an installed copy of the documentation does
not hold the source files the guide points to."""

import os
import re
import sys

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^)\s]+)\)")


def prose_lines(text):
    """The lines of TEXT outside code blocks, code spans blanked, with
    their line numbers: a link shown as code is no link."""
    fenced = False
    previous_blank = True
    in_indented = False
    for number, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        # an indented block starts after a blank line, outside a list
        if line.startswith("    ") and (previous_blank or in_indented) and not line.lstrip().startswith("- "):
            in_indented = True
            previous_blank = False
            continue
        in_indented = False
        previous_blank = line.strip() == ""
        yield number, re.sub(r"(`+).*?\1", "", line)


def prose_blocks(text):
    """The runs of consecutive prose lines of TEXT, each joined into one
    string with its first line's number, so that a link whose text wraps
    onto the next line is still found."""
    block, first, last = [], None, None
    for number, line in prose_lines(text):
        if block and (number != last + 1 or line.strip() == ""):
            yield first, "\n".join(block)
            block = []
        if line.strip() == "":
            continue
        if not block:
            first = number
        block.append(line)
        last = number
    if block:
        yield first, "\n".join(block)


def slug(heading):
    """GitHub's anchor for a heading: lower case, code marks and
    punctuation dropped, blanks as hyphens."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    """Every heading anchor of the Markdown file PATH, with GitHub's -N
    suffixes for repeated headings."""
    seen = {}
    result = set()
    with open(path, encoding="utf-8") as f:
        for _, line in prose_lines(f.read().replace("`", "")):
            m = re.match(r"#{1,6} (.*)", line)
            if not m:
                continue
            base = slug(m.group(1))
            n = seen.get(base, 0)
            seen[base] = n + 1
            result.add(base if n == 0 else "%s-%d" % (base, n))
    return result


def main(argv):
    skips = []
    args = []
    i = 1
    while i < len(argv):
        if argv[i] == "--skip":
            skips.append(argv[i + 1])
            i += 2
        else:
            args.append(argv[i])
            i += 1
    root, files = args[0], args[1:]
    broken = 0
    checked = 0
    for name in files:
        path = os.path.join(root, name)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for number, line in prose_blocks(text):
            for target in LINK.findall(line):
                if re.match(r"[a-z]+:", target):
                    continue
                file_part, _, anchor = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
                rel = os.path.relpath(dest, root)
                if any(rel == s or rel.startswith(s.rstrip("/") + "/") for s in skips):
                    continue
                checked += 1
                if not os.path.exists(dest):
                    print("%s:%d: %s: no such file" % (name, number, target))
                    broken += 1
                elif anchor and (not dest.endswith(".md") or anchor not in anchors(dest)):
                    print("%s:%d: %s: no heading #%s in %s" % (name, number, target, anchor, rel))
                    broken += 1
    print("%d links checked, %d broken" % (checked, broken))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
