#!/bin/sh
. "$(dirname "$0")/log-request.sh"
exit 0
