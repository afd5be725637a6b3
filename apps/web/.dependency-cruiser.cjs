/** The import structure of this package (`npm run structure`; the rules are in scripts/structure-rules.cjs). */
const { packageStructure } = require('../../scripts/structure-rules.cjs');

const src = 'apps/web/src';

const config = packageStructure('apps/web', [
  // Layers, lowest first: { name, path }; a layer may not import any layer listed after it.
  // SM4 for the login fields.
  { name: 'crypto', path: `^${src}/crypto/` },
  // What every layer may use: the site's name and time zone, toasts outside React, page reload.
  { name: 'base', path: `^${src}/base/` },
  // The portal's state kept across reloads: who is logged in, the open modals, the navigation.
  { name: 'session', path: `^${src}/session/` },
  // The portal REST API: the request layer (token, 401 ends the session), endpoints, types, texts.
  { name: 'api', path: `^${src}/api/` },
  // Shared UI and hooks the features use: loading, paged lists, list failures, times, paths, 404.
  { name: 'common', path: `^${src}/common/` },
  // Login, registration, beta, permissions and route guards.
  { name: 'auth', path: `^${src}/auth/` },
  // The page frame: header, footer, site search, to-do bar.
  { name: 'shell', path: `^${src}/shell/` },
  // The IM connection and call layer the chat kit runs on.
  { name: 'im', path: `^${src}/im/` },
  // The features: public pages and the management centre, side by side (see the rule below).
  { name: 'features', path: `^${src}/(pages|manage)/` },
  // The router, providers and entry point, which put it all together.
  { name: 'app', path: `^${src}/(app/|main\\.tsx$)` },
  // Test helpers: they set up what the tests check, the whole app included.
  { name: 'test', path: `^${src}/test/` },
]);

config.forbidden.push(
  {
    name: 'no-pages-to-manage',
    comment: 'The public pages and the management centre are side by side: what both use belongs in common.',
    severity: 'error',
    from: { path: `^${src}/pages/` },
    to: { path: `^${src}/manage/` },
  },
  {
    name: 'no-manage-to-pages',
    comment: 'The management centre and the public pages are side by side: what both use belongs in common.',
    severity: 'error',
    from: { path: `^${src}/manage/` },
    to: { path: `^${src}/pages/` },
  },
);

module.exports = config;
