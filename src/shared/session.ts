/**
 * Who is signed in, as the app keeps it: GET /api/auth/get-session's answer cut to what the pages show (never the
 * session's token). The server also writes it into the app's page (server/http/app-page.ts) so the first screen does
 * not wait for that request.
 */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  username?: string | null;
}

export interface SessionData {
  user: SessionUser;
  session: { id: string; expiresAt: string };
}

/** The id of the `<script type="application/json">` element the server puts the session into. */
export const EMBEDDED_SESSION_ELEMENT_ID = 'studypath-session';
