export * from './auth';
export * from './courses';
