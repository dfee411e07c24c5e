export * from './types';
export * from './patch';
export * from './store';
