export * from './accounts';
export * from './envelope';
export * from './errors';
