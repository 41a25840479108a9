import { publicProcedure, router } from '../init';

/** What the client needs to know about this deployment; nothing secret. */
export const systemRouter = router({
  getPublicConfig: publicProcedure.query(({ ctx }) => {
    const supportChat = ctx.services.config.supportChat;
    return {
      feedbackUrl: ctx.services.config.feedbackUrl,
      // The widget's loader and app id only; its secret stays here (chat.supportIdentity signs with it).
      supportChat: supportChat ? { scriptUrl: supportChat.scriptUrl, appId: supportChat.appId } : null,
      // Checkout, the portal and the subscription actions need Stripe; without it the UI says billing is not configured.
      billingConfigured: ctx.services.config.stripe !== null,
      // A trial is a Stripe subscription too: TRIALS_ENABLED alone, without billing, offers none.
      trialsEnabled: ctx.services.config.trialsEnabled && ctx.services.config.stripe !== null,
    };
  }),
});
