export * from './accounts';
export * from './envelope';
export * from './errors';
export * from './profiles';
export * from './recent-contacts';
export * from './sns';
