/**
 * The rules every package's import structure follows (`npm run structure`): no import circles, and
 * each package's own layer rules (its `.dependency-cruiser.cjs`), where a lower layer never imports
 * a higher one. Tests are left out: a test may reach whatever it checks.
 */
const noCircles = {
  name: 'no-circular',
  comment: 'An import circle: move what both sides share into a module both import.',
  severity: 'error',
  from: {},
  to: { circular: true },
};

/**
 * One rule per layer: it may not import any layer above it. `layers`: `{ name, path }` with path
 * patterns relative to the repository, lowest first.
 */
function layerRules(layers) {
  return layers.slice(0, -1).map((layer, i) => ({
    name: `no-back-arrow-from-${layer.name}`,
    comment: `${layer.name} sits below ${layers
      .slice(i + 1)
      .map((l) => l.name)
      .join(', ')} and may not import them.`,
    severity: 'error',
    from: { path: layer.path },
    to: { path: layers.slice(i + 1).map((l) => l.path) },
  }));
}

/** The dependency-cruiser configuration of the package at `root` (e.g. 'apps/server'), its layers lowest first. */
function packageStructure(root, layers = []) {
  return {
    forbidden: [noCircles, ...layerRules(layers)],
    options: { ...options, includeOnly: `^${root}/src/` },
  };
}

const options = {
  doNotFollow: { path: 'node_modules' },
  exclude: { path: ['\\.test\\.tsx?$', 'node_modules', '/dist/'] },
  tsPreCompilationDeps: true,
  tsConfig: { fileName: 'tsconfig.json' },
  enhancedResolveOptions: { conditionNames: ['@liaison/source', 'import', 'types', 'default'] },
};

module.exports = { packageStructure };
