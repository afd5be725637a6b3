// First: decides how every schema below is built.
import './browser-schemas';

export * from './constants';
export * from './errors';
export * from './frames';
export * from './message-payloads';
export * from './ops';
export * from './ops/files';
export * from './ops/friends';
export * from './ops/group-admin';
export * from './ops/merger';
export * from './ops/presence';
export * from './ops/reactions';
export * from './ops/search';
export * from './portal';
export * from './portal-abilities';
export * from './portal-admin';
export * from './portal-company';
export * from './portal-cooperation';
export * from './portal-permissions';
export * from './portal-statistics';
export * from './portal-sub-accounts';
export * from './portal-vip';
export * from './text';
export * from './wire';
