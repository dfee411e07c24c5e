export * from './types';
export * from './http';
export * from './client';
