import { router } from './init';
import { adminRouter } from './routers/admin';
import { chatRouter } from './routers/chat';
import { decksRouter } from './routers/decks';
import { directoryRouter } from './routers/directory';
import { fileRouter } from './routers/file';
import { gamificationRouter } from './routers/gamification';
import { learnRouter } from './routers/learn';
import { mindmapRouter } from './routers/mindmap';
import { shopRouter } from './routers/shop';
import { spacesRouter } from './routers/spaces';
import { statsRouter } from './routers/stats';
import { subscriptionRouter } from './routers/subscription';
import { summaryRouter } from './routers/summary';
import { systemRouter } from './routers/system';
import { userRouter } from './routers/user';

export const appRouter = router({
  user: userRouter,
  directory: directoryRouter,
  file: fileRouter,
  gamification: gamificationRouter,
  system: systemRouter,
  summary: summaryRouter,
  mindmap: mindmapRouter,
  decks: decksRouter,
  chat: chatRouter,
  learn: learnRouter,
  stats: statsRouter,
  shop: shopRouter,
  spaces: spacesRouter,
  subscription: subscriptionRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
