/** The import structure of this package (`npm run structure`; the rules are in scripts/structure-rules.cjs). */
const { packageStructure } = require('../../scripts/structure-rules.cjs');

const src = '^packages/sdk/src/';
/** The root modules that hold state every capability shares: the message, conversation and topic models, their stores, the events. */
const state = [
  'message-types',
  'message-model',
  'send-content',
  'file-urls',
  'conversation-model',
  'topic-model',
  'conversation-store',
  'list-state',
  'events',
];
const facade = ['chat', 'index'];

module.exports = packageStructure('packages/sdk', [
  // Layers, lowest first: { name, path }; a layer may not import any layer listed after it.
  // The connection and what everything uses: transport, session, request tracking, errors, constants, logger.
  { name: 'core', path: `${src}core/` },
  // Voice and video calls: signalling over core's requests, and the engine.
  { name: 'calls', path: `${src}calls/` },
  { name: 'state', path: `${src}(${state.join('|')})\\.ts$` },
  // One module per capability (messages.ts, conversations.ts, groups.ts, relations.ts…), as the protocol's ops files.
  { name: 'capabilities', path: `${src}(?!(${[...state, ...facade].join('|')})\\.ts$)[^/]+\\.ts$` },
  // ChatSDK, the one-line delegations of Tencent's API, and the package entry.
  { name: 'facade', path: `${src}(${facade.join('|')})\\.ts$` },
]);
