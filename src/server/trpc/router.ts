import { router } from './init';
import { directoryRouter } from './routers/directory';
import { fileRouter } from './routers/file';
import { gamificationRouter } from './routers/gamification';
import { systemRouter } from './routers/system';
import { userRouter } from './routers/user';

export const appRouter = router({
  user: userRouter,
  directory: directoryRouter,
  file: fileRouter,
  gamification: gamificationRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
