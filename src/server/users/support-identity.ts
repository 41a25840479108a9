import { createHmac } from 'node:crypto';
import type { SupportChatConfig } from '../config';

/**
 * Who the support-chat widget (spec §7) is started for: id, name, email and the hash that proves the id to the widget
 * (HMAC-SHA256 of the id with SUPPORT_CHAT_SECRET), so nobody can open another user's support conversation by
 * sending their id. Null when no widget is configured.
 */
export function supportIdentity(widget: SupportChatConfig | null, user: { id: string; name: string; email: string }) {
  if (!widget) return null;
  const userHash = widget.secret ? createHmac('sha256', widget.secret).update(user.id).digest('hex') : null;
  return { userId: user.id, name: user.name, email: user.email, userHash };
}
