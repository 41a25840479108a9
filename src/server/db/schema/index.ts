export * from './auth';
export * from './courses';
export * from './study';
