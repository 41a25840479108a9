import { ConfigError } from './config-error';
import type { Env } from './env-schema';

/**
 * The third-party support chat (SUPPORT_CHAT_*), a customer-chat widget with the Intercom-style Messenger API
 * (`window.Intercom('boot' | 'shutdown', …)`): its loader script, app id, the identity-verification secret that signs
 * each user's id (user_hash), and the origins the Content-Security-Policy must allow for it (its script's origin at
 * least).
 */
export interface SupportChatConfig {
  scriptUrl: string;
  appId: string;
  secret: string | undefined;
  cspSources: string[];
}

/**
 * The script URL and the app id go together; SUPPORT_CHAT_SECRET or SUPPORT_CHAT_CSP_SOURCES without them would be
 * silently ignored, so they stop the start instead.
 */
export function supportChatConfig(env: Env): SupportChatConfig | null {
  const { SUPPORT_CHAT_SCRIPT_URL: scriptUrl, SUPPORT_CHAT_APP_ID: appId } = env;
  if (scriptUrl === undefined && appId === undefined) {
    const stray = (['SUPPORT_CHAT_SECRET', 'SUPPORT_CHAT_CSP_SOURCES'] as const).filter((name) => env[name] !== undefined);
    if (stray.length > 0) {
      throw new ConfigError(`Invalid configuration: SUPPORT_CHAT_SCRIPT_URL: must be set for the support chat (set without it: ${stray.join(', ')})`);
    }
    return null;
  }
  if (scriptUrl === undefined || appId === undefined) {
    const missing = scriptUrl === undefined ? 'SUPPORT_CHAT_SCRIPT_URL' : 'SUPPORT_CHAT_APP_ID';
    throw new ConfigError(`Invalid configuration: ${missing}: must be set together with ${missing === 'SUPPORT_CHAT_APP_ID' ? 'SUPPORT_CHAT_SCRIPT_URL' : 'SUPPORT_CHAT_APP_ID'}`);
  }
  const extra = (env.SUPPORT_CHAT_CSP_SOURCES ?? '').split(/[\s,]+/).filter(Boolean);
  return { scriptUrl, appId, secret: env.SUPPORT_CHAT_SECRET, cspSources: [...new Set([new URL(scriptUrl).origin, ...extra])] };
}
