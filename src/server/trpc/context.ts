import type { Logger } from '../logger';
import type { Services } from '../services';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  username?: string | null;
}

export interface Context {
  services: Services;
  log: Logger;
  user: SessionUser | null;
  headers: Headers;
}

/** Builds the tRPC context of one request: the services and, when the request carries a valid session, its user. */
export async function createContext(services: Services, headers: Headers): Promise<Context> {
  const session = await services.auth.api.getSession({ headers });
  return { services, log: services.log, user: session?.user ?? null, headers };
}
