/** The import structure of this package (`npm run structure`; the rules are in scripts/structure-rules.cjs). */
const { packageStructure } = require('../../scripts/structure-rules.cjs');

const src = '^apps/server/src/';
const im = (capability) => ({ name: `im/${capability}`, path: `${src}im/${capability}/` });

/**
 * Test support: the shared integration harness and the helpers tests start servers and clients
 * with. It sits above everything (it starts the whole app), and nothing else imports it.
 */
const testSupport = [
  `${src}integration/`,
  `${src}.*/test-[^/]+\\.ts$`,
  `${src}portal/admin/admin-test-kit\\.ts$`,
  `${src}portal/statistics/fixtures\\.ts$`,
];

const structure = packageStructure('apps/server', [
  // Layers, lowest first: { name, path }; a layer may not import any layer listed after it.
  // Infrastructure: threads, storage, fan-out, abuse limits, metrics, logs, credentials, browser policy.
  { name: 'workers', path: `${src}workers/` },
  { name: 'db', path: `${src}db/` },
  { name: 'bus', path: `${src}bus/` },
  { name: 'limits', path: `${src}limits/` },
  { name: 'metrics', path: `${src}metrics/` },
  { name: 'logging', path: `${src}logging/` },
  { name: 'auth', path: `${src}auth/` },
  { name: 'web', path: `${src}web/` },
  // What every IM capability shares: the session and op-handler contracts, the row mappers.
  { name: 'im', path: `${src}im/[^/]+$` },
  // Shared services the capabilities use.
  { name: 'files', path: `${src}files/` },
  { name: 'moderation', path: `${src}moderation/` },
  { name: 'callbacks', path: `${src}callbacks/` },
  // IM capabilities (service, op handlers, tests), each using only those before it.
  im('profiles'),
  im('relations'),
  im('messages'),
  im('groups'),
  im('message-actions'),
  im('receipts'),
  im('reactions'),
  im('conversations'),
  im('search'),
  im('presence'),
  im('translation'),
  im('calls'),
  // The socket, its sessions and limits, and the op table over the capabilities.
  { name: 'gateway', path: `${src}gateway/` },
  { name: 'portal', path: `${src}portal/` },
  { name: 'demo', path: `${src}demo/` },
  // The process: configuration, the app that wires everything, its entry points.
  { name: 'app', path: `${src}[^/]+$` },
  { name: 'cli', path: `${src}cli/` },
]);

module.exports = {
  ...structure,
  forbidden: [
    // Layer rules are about the code that runs; test support may reach any layer.
    ...structure.forbidden.map((rule) =>
      rule.from.path ? { ...rule, from: { ...rule.from, pathNot: testSupport } } : rule,
    ),
    {
      name: 'no-test-support-in-code',
      comment: 'Code that runs never imports test support.',
      severity: 'error',
      from: { path: src, pathNot: testSupport },
      to: { path: testSupport },
    },
  ],
};
