#!/usr/bin/env bash
# make check-seam: the README's "Adding an architecture" holds. Copies the tree (the files git sees), adds the
# throw-away counter app of this folder exactly as the README says (its runtime under Sources/, its sample under
# Samples/, one registry line, its Package.swift targets), builds the copy and runs the registry-driven checks
# against it: the OpenAPI document and schemathesis, the journal's witnesses, the export and the page's index.
# SEAM_CHECK_SWIFT=1 also builds the copy's tests and runs the Swift checks (the session export, the seam).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
template="$root/Tests/SeamCheck"
tree="${SEAM_CHECK_DIR:-$root/.build/seam-check}"  # kept between runs, so its own .build stays incremental
mkdir -p "$tree"

python3 - "$root" "$tree" "$template" <<'PY'
import filecmp, os, shutil, subprocess, sys
root, tree, template = sys.argv[1:]
listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=root,
                        check=True, capture_output=True).stdout.decode().split("\0")
files = {path for path in listed if path and os.path.isfile(os.path.join(root, path))}
# Only changed files are copied (same bytes keep their mtime: the copy's build stays incremental).
def put(source, path):
    target = os.path.join(tree, path)
    if not (os.path.isfile(target) and filecmp.cmp(source, target, shallow=False)):
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(source, target)
added = {}
for folder in ("Sources", "Samples"):
    base = os.path.join(template, folder)
    for directory, _, names in os.walk(base):
        for name in names:
            added[os.path.join(folder, os.path.relpath(os.path.join(directory, name), base))] = os.path.join(directory, name)
for path in files - {"Package.swift", "Sources/StandardApps/StandardApps.swift"}:
    put(os.path.join(root, path), path)
for path, source in added.items():
    put(source, path)
for directory, dirs, names in os.walk(tree):
    dirs[:] = [d for d in dirs if not (directory == tree and d == ".build")]
    for name in names:
        path = os.path.relpath(os.path.join(directory, name), tree)
        if path not in files and path not in added:
            os.remove(os.path.join(directory, name))

def patched(path, edit):
    text = edit(open(os.path.join(root, path)).read())
    target = os.path.join(tree, path)
    if not os.path.isfile(target) or open(target).read() != text:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        open(target, "w").write(text)
# One registry line (and its import) in StandardApps.swift.
imports, registration = [line for line in open(os.path.join(template, "registry-line.txt")).read().splitlines() if line]
module = imports.split()[1]
def registry(text):
    lines = text.splitlines(keepends=True)
    last_import = max(i for i, line in enumerate(lines) if line.startswith("import "))
    lines.insert(last_import + 1, imports + "\n")
    # The room page's list ends at the first "]" after it opens (the compare page's list comes after).
    start = next(i for i, line in enumerate(lines) if "AppRegistry([" in line)
    close = next(i for i, line in enumerate(lines) if i > start and line.strip().startswith("]"))
    lines.insert(close, registration + "\n")
    return "".join(lines)
patched("Sources/StandardApps/StandardApps.swift", registry)
# Its targets in Package.swift, and the sample as a dependency of the registry's target.
def package(text):
    # The registry's target, written on one line or over several: the sample goes first in its dependencies.
    import re
    match = re.search(r'\.target\(\s*name: "StandardApps",\s*dependencies: \[\s*', text)
    assert match, "Package.swift has no StandardApps target"
    at = text.rindex("\n", 0, match.start()) + 1
    targets = open(os.path.join(template, "package-targets.txt")).read()
    return text[:at] + targets + text[at:match.end()] + f'"{module}", ' + text[match.end():]
patched("Package.swift", package)
PY

cd "$tree"
echo "check-seam: building the copy with the counter app in $tree"
swift build --product playground
export PLAYGROUND_BIN="$tree/.build/debug/playground"
export SEAM_CHECK_APP=counter  # the template's app id: the checks fail unless the copy hosts it
python3 -m pytest -q -p no:cacheprovider Tests/Browser/test_openapi.py Tests/Browser/test_registry.py
if [ "${SEAM_CHECK_SWIFT:-0}" = 1 ]; then
  swift build --build-tests
  swift test --skip-build --filter 'SessionExportTests|NewAppThroughTheSeamTests|OpenAPIDocumentTests'
fi
echo "check-seam: a sixth app needed its runtime, its sample, one registry line and its Package.swift targets"
