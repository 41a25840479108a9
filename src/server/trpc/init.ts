import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { containsNul } from '../../shared/schemas';
import { AppError, signedOut, trpcCodeOf } from '../errors';
import { sharedStudyOf } from '../sharing/study-access';
import type { Context } from './context';

/**
 * superjson, except that an input it cannot read (a hand-made `meta` nested so deep that reading it overflows the stack,
 * or one of the wrong shape) is refused as a bad request with a plain message, never with the runtime's own words
 * ("Maximum call stack size exceeded"). tRPC keeps an error thrown here as the cause of its BAD_REQUEST.
 */
const transformer = {
  input: {
    serialize: (value: unknown) => superjson.serialize(value),
    deserialize: (value: unknown) => {
      try {
        // superjson's own parameter type; what arrives is whatever the request carried.
        return superjson.deserialize(value as Parameters<typeof superjson.deserialize>[0]);
      } catch (error) {
        throw new AppError({
          code: 'BAD_REQUEST',
          userMessage: 'The request could not be read.',
          messageKey: 'requestUnreadable',
          message: `unreadable superjson input: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    },
  },
  output: superjson,
};

/**
 * Maps every error to what a client may see: an AppError keeps its code and user message; zod input errors become
 * BAD_REQUEST with a readable line per field; anything else is an internal error with a generic message and no stack.
 */
const t = initTRPC.context<Context>().create({
  transformer,
  errorFormatter({ shape, error }) {
    const { stack: _stack, ...data } = shape.data;
    const cause = error.cause;
    if (cause instanceof ZodError) {
      const message = cause.issues
        .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
        .join('; ');
      return { ...shape, message, data: { ...data, appCode: 'BAD_REQUEST' } };
    }
    if (cause instanceof AppError) {
      return {
        ...shape,
        message: cause.userMessage,
        data: { ...data, appCode: cause.code, messageKey: cause.messageKey, messageParams: cause.messageParams },
      };
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      return {
        ...shape,
        message: 'Something went wrong. Please try again.',
        data: { ...data, appCode: error.code, messageKey: 'internal' },
      };
    }
    return { ...shape, data: { ...data, appCode: error.code } };
  },
});

/** Turns a thrown AppError into the matching tRPC error so the status code follows the domain's code. */
const appErrors = t.middleware(async ({ next, ctx, path, type }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      result.error = new TRPCError({ code: trpcCodeOf(cause.code), message: cause.userMessage, cause });
      ctx.log.info({ path, type, code: cause.code, reason: cause.message }, 'request refused');
    } else if (result.error.code === 'INTERNAL_SERVER_ERROR') {
      ctx.log.error({ path, type, err: result.error.cause ?? result.error }, 'procedure failed');
    } else {
      ctx.log.info({ path, type, code: result.error.code }, 'request refused');
    }
  }
  return result;
});

/**
 * PostgreSQL text cannot hold a NUL character: a query with one fails. No form sends one, so an input holding one
 * anywhere is refused as a bad request before a procedure reads it (found by src/server/test/security/fuzz).
 */
const noNulCharacters = t.middleware(async ({ getRawInput, next }) => {
  if (containsNul(await getRawInput())) {
    throw new AppError({ code: 'BAD_REQUEST', userMessage: 'Text must not contain NUL characters.', message: 'input with a NUL character' });
  }
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(appErrors).use(noNulCharacters);

/** Requires a signed-in user and narrows ctx.user for the procedures built on it. */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) {
    throw signedOut();
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/**
 * The procedures of the study tabs and of a file studied in a shared course: the caller's shared-course context, read
 * once from the request in either of the spec's forms (`uuid`, or `isShared` with `sharedSpaceId`), is `ctx.shared`;
 * undefined means the caller's own files. Every procedure that takes one of those fields is built on this one, so none
 * can leave the context out (src/server/trpc/study-procedure.test.ts checks the whole router).
 */
export const sharedContext = t.middleware(async ({ getRawInput, next }) => next({ ctx: { shared: sharedStudyOf(await getRawInput()) } }));
export const studyProcedure = protectedProcedure.use(sharedContext);
