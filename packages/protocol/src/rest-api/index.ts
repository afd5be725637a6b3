export * from './accounts';
export * from './envelope';
export * from './errors';
export * from './groups';
export * from './profiles';
export * from './sns';
