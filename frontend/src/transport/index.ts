export * from './connection';
export * from './session';
