/** The import structure of this package (`npm run structure`; the rules are in scripts/structure-rules.cjs). */
const { packageStructure } = require('../../scripts/structure-rules.cjs');

module.exports = packageStructure('packages/protocol', [
  // Layers, lowest first: { name, path }; a layer may not import any layer listed after it.
]);
