import { Hono } from 'hono';
import type { Services } from '../services';

/** `POST /api/chat`: the tutor's streamed answer (DESIGN §4; issue 5). */
export function chatRoutes(services: Services) {
  void services;
  return new Hono();
}
