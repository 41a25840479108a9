/**
 * The third-party support-chat widget (spec §7), spoken to through the Intercom-style Messenger API that such widgets
 * share: a global function taking a command ('boot', 'shutdown') and settings. Until the vendor's script has loaded,
 * calls wait in the function's queue (`q`), which the script replays — the way the vendors' own snippets work.
 */
export interface SupportChatSettings {
  scriptUrl: string;
  appId: string;
}

export interface SupportChatIdentity {
  userId: string;
  name: string;
  email: string;
  userHash: string | null;
}

type Messenger = ((command: string, settings?: Record<string, unknown>) => void) & { q?: unknown[][] };

declare global {
  interface Window {
    Intercom?: Messenger;
  }
}

const SCRIPT_ID = 'support-chat-script';
let bootedFor: string | null = null;

/** The Chat tab has its own tutor: the support widget is shut down there and started everywhere else. */
export function supportChatWanted(pathname: string): boolean {
  return !/^\/chat(?:\/|$)/.test(pathname);
}

function messenger(): Messenger {
  if (!window.Intercom) {
    const queued: Messenger = (...args) => {
      queued.q?.push(args);
    };
    queued.q = [];
    window.Intercom = queued;
  }
  return window.Intercom;
}

export function bootSupportChat(settings: SupportChatSettings, identity: SupportChatIdentity): void {
  if (bootedFor === identity.userId) return;
  messenger()('boot', {
    app_id: settings.appId,
    user_id: identity.userId,
    name: identity.name,
    email: identity.email,
    ...(identity.userHash ? { user_hash: identity.userHash } : {}),
  });
  bootedFor = identity.userId;
  if (!document.getElementById(SCRIPT_ID)) {
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = settings.scriptUrl;
    document.head.appendChild(script);
  }
}

export function shutdownSupportChat(): void {
  if (bootedFor === null) return;
  window.Intercom?.('shutdown');
  bootedFor = null;
}
