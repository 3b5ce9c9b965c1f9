#!/usr/bin/env bash
# Downloads Arrowhead's own database scripts for the MySQL container of docker/compose.yaml into docker/arrowhead/sql,
# as core-java-spring's docker/initSQL.sh does: create_empty_arrowhead_db.sql (database, tables, users) and the
# privileges scripts it sources, with the paths rewritten to where the container mounts them. The MySQL image runs
# them once, on its first start with an empty data volume.
#
#     docker/arrowhead/fetch-sql.sh            # from core-java-spring's master branch (the 4.6 line)
#     ARROWHEAD_REF=4.6.1 docker/arrowhead/fetch-sql.sh
set -euo pipefail
REF="${ARROWHEAD_REF:-master}"
BASE="https://raw.githubusercontent.com/eclipse-arrowhead/core-java-spring/$REF/scripts"
DIR="$(cd "$(dirname "$0")" && pwd)/sql"
fetch() { curl -fsSL --retry 3 -o "$2" "$BASE/$1" || { echo "fetch-sql: cannot download $BASE/$1" >&2; exit 1; }; }

rm -rf "$DIR"
mkdir -p "$DIR/privileges"
fetch create_empty_arrowhead_db.sql "$DIR/create_empty_arrowhead_db.sql"
# "source x.sql" lines name files next to the script; in the container they are under the init directory
sed -i 's#^source #source /docker-entrypoint-initdb.d/privileges/#' "$DIR/create_empty_arrowhead_db.sql"
for script in $(grep -o '^source /docker-entrypoint-initdb.d/privileges/[^ ;]*' "$DIR/create_empty_arrowhead_db.sql" \
        | sed 's#.*/##'); do
    fetch "$script" "$DIR/privileges/$script"
done
# only the top-level script is run by the entrypoint; the privileges directory holds what it sources
echo "fetch-sql: $(ls "$DIR/privileges" | wc -l) scripts from core-java-spring $REF in $DIR"
