#!/bin/sh
. "$(dirname "$0")/log-request.sh"
echo 'curl: (22) The requested URL returned error: 401 Unauthorized' >&2
exit 22
