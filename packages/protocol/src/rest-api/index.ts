export * from './accounts';
export * from './envelope';
export * from './errors';
export * from './msg-body';
export * from './openim';
export * from './profiles';
export * from './recent-contacts';
export * from './sns';
