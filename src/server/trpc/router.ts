import { router } from './init';
import { gamificationRouter } from './routers/gamification';
import { systemRouter } from './routers/system';
import { userRouter } from './routers/user';

export const appRouter = router({
  user: userRouter,
  gamification: gamificationRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
