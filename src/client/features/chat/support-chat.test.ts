// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { bootSupportChat, shutdownSupportChat, supportChatWanted } from './support-chat';

const settings = { scriptUrl: 'https://widget.support.example/widget/app-123', appId: 'app-123' };
const identity = { userId: 'user-1', name: 'Ada', email: 'ada@example.test', userHash: 'abc123' };

afterEach(() => {
  shutdownSupportChat();
  delete window.Intercom;
  document.getElementById('support-chat-script')?.remove();
});

describe('the support-chat widget', () => {
  it('is wanted everywhere but the Chat tab', () => {
    expect(supportChatWanted('/chat')).toBe(false);
    expect(supportChatWanted('/chat/')).toBe(false);
    expect(supportChatWanted('/summary')).toBe(true);
    expect(supportChatWanted('/chatter')).toBe(true);
    expect(supportChatWanted('/dashboard')).toBe(true);
  });

  it('boots once with the user and their hash, loading the vendor script once, and shuts down', () => {
    bootSupportChat(settings, identity);
    bootSupportChat(settings, identity);
    const scripts = document.querySelectorAll('script#support-chat-script');
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).src).toBe(settings.scriptUrl);
    expect(window.Intercom?.q).toEqual([
      ['boot', { app_id: 'app-123', user_id: 'user-1', name: 'Ada', email: 'ada@example.test', user_hash: 'abc123' }],
    ]);
    shutdownSupportChat();
    expect(window.Intercom?.q?.at(-1)).toEqual(['shutdown']);
    bootSupportChat(settings, { ...identity, userHash: null });
    expect(window.Intercom?.q?.at(-1)).toEqual(['boot', { app_id: 'app-123', user_id: 'user-1', name: 'Ada', email: 'ada@example.test' }]);
    expect(document.querySelectorAll('script#support-chat-script')).toHaveLength(1);
  });
});
