import { usernameClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * better-auth's client, for what changes the session: signing in, up and out. Only the forms doing that import it (so
 * it loads with them, not in the first chunk); reading the session is lib/session.ts.
 */
export const authClient = createAuthClient({ plugins: [usernameClient()] });
