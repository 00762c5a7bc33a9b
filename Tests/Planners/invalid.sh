#!/bin/sh
. "$(dirname "$0")/log-request.sh"
echo 'I cannot make a plan without knowing more about you.'
