/** The import structure of this package (`npm run structure`; the rules are in scripts/structure-rules.cjs). */
const { packageStructure } = require('../../scripts/structure-rules.cjs');

const src = '^packages/protocol/src/';

module.exports = packageStructure('packages/protocol', [
  // Layers, lowest first: { name, path }; a layer may not import any layer listed after it.
  // Constants, the error catalogue, text rules and the wire shapes of messages, conversations and groups.
  { name: 'schemas', path: `${src}(browser-schemas|constants|errors|text|message-payloads|wire|event-stream)\\.ts$` },
  // One file per IM capability (ops/<capability>.ts), assembled into the op table by ops/index.ts.
  { name: 'ops', path: `${src}ops/` },
  // The frames on the socket: requests, answers and every push, whose data the ops files define.
  { name: 'frames', path: `${src}frames\\.ts$` },
  // The portal's REST contract, one file per resource.
  { name: 'portal', path: `${src}portal[^/]*\\.ts$` },
  // The package entry.
  { name: 'entry', path: `${src}index\\.ts$` },
]);
