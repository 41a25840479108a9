export * from './auth';
export * from './courses';
export * from './study';
export * from './review';
export * from './chat';
export * from './learn';
export * from './gamification';
export * from './sharing';
