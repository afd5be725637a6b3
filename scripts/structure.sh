#!/usr/bin/env bash
# Every package's imports against its rules: no circles, no arrow from a lower layer to a higher one.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for pkg in packages/protocol packages/sdk packages/chat-ui apps/server apps/web; do
  npx depcruise --config "$pkg/.dependency-cruiser.cjs" --output-type err "$pkg/src" || status=1
done
exit $status
